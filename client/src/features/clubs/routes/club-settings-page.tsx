// /impostazioni: the club's settings: the season label shown in the top bar (empty = the current September-August
// season) and the two club colours that tint the admin area. Saved for real; the tint changes as soon as it is saved.
// Then the medical certificates' reminders and the second factor for health data, each saved on its own.
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import { currentSeasonLabel } from '../../../../../schema/season';
import { clubSettingsInput } from '../../../../../schema/validation/club';
import { formSchema, SchemaForm, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { ListError } from '../../../components/ui/list-status';
import { PageSpinner } from '../../../components/ui/page-spinner';
import type { ClubSettings_ClubFragment } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { clubPaletteVars } from '../club-palette';
import { ClubSettingsQuery, UpdateClubSettingsMutation } from '../club-documents';
import { CertificateRemindersSetting } from '../components/certificate-reminders-setting';
import { ClubTwoFactorSetting } from '../components/club-two-factor-setting';
import { ColorField } from '../components/color-field';

/** How the chosen colours will look (a button and a highlighted item), before saving. */
function TintPreview() {
  const [primary, secondary] = useWatch<SettingsValues, ['primaryColor', 'secondaryColor']>({ name: ['primaryColor', 'secondaryColor'] });
  const vars = clubPaletteVars(primary.trim().toLowerCase(), secondary.trim().toLowerCase());
  return (
    <Box style={vars} colorPalette="brand" borderWidth="1px" borderRadius="lg" p="4" aria-label="Anteprima dei colori" role="group">
      <Text fontSize="sm" color="fg.muted" mb="3">
        Anteprima
      </Text>
      <HStack gap="3" flexWrap="wrap">
        <Box as="span" bg="brand.solid" color="brand.contrast" px="4" py="2" borderRadius="md" fontWeight="semibold" fontSize="sm">
          Pulsante
        </Box>
        <Box as="span" bg="brand.subtle" color="brand.fg" px="3" py="2" borderRadius="md" fontWeight="semibold" fontSize="sm">
          Voce selezionata
        </Box>
        <Box as="span" h="2" w="16" borderRadius="full" style={{ background: 'var(--club-accent, transparent)' }} />
      </HStack>
    </Box>
  );
}

type SettingsValues = { seasonLabel: string; primaryColor: string; secondaryColor: string };

const settingsValues = (club: Pick<ClubSettings_ClubFragment, 'customSeasonLabel' | 'primaryColor' | 'secondaryColor'>): SettingsValues => ({
  seasonLabel: club.customSeasonLabel ?? '',
  primaryColor: club.primaryColor ?? '',
  secondaryColor: club.secondaryColor ?? '',
});

/** Checked by the shared rules, sent as typed: an empty field clears the setting. */
const settingsForm = formSchema(clubSettingsInput, (values: SettingsValues) => values);

function SettingsForm({ club }: { club: ClubSettings_ClubFragment }) {
  const [save] = useMutation(UpdateClubSettingsMutation);
  const form = useSchemaForm(settingsForm, settingsValues(club));
  const sending = form.formState.isSubmitting;

  async function onSubmit(input: SettingsValues): Promise<SubmitOutcome> {
    const result = await save({ variables: { input } });
    const outcome = readMutationResult(result.data?.updateClubSettings);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    form.reset(settingsValues(outcome.data.club));
  }

  return (
    <SchemaForm form={form} onSubmit={onSubmit} gap="6">
      <Box as="section" aria-labelledby="settings-season" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
        <Heading as="h2" id="settings-season" size="md" mb="4">
          Stagione sportiva
        </Heading>
        <TextField
          name="seasonLabel"
          label="Stagione"
          helper={`Mostrata nella barra in alto. Lascia vuoto per la stagione in corso (${currentSeasonLabel()}).`}
          placeholder={currentSeasonLabel()}
          maxW="xs"
        />
      </Box>
      <Box as="section" aria-labelledby="settings-colours" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
        <Heading as="h2" id="settings-colours" size="md" mb="1">
          Colori sociali
        </Heading>
        <Text color="fg.muted" fontSize="sm" mb="4">
          Il colore principale personalizza l&apos;area di gestione; il secondario è usato come accento.
        </Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mb="4">
          <ColorField label="Colore principale" name="primaryColor" fallback="#15803d" />
          <ColorField label="Colore secondario" name="secondaryColor" fallback="#ffffff" />
        </SimpleGrid>
        <TintPreview />
      </Box>
      <Flex justify="flex-end">
        <Button type="submit" loading={sending} loadingText="Salvataggio in corso..." disabled={sending} w={{ base: 'full', sm: 'auto' }}>
          Salva impostazioni
        </Button>
      </Flex>
    </SchemaForm>
  );
}

export default function ClubSettingsPage() {
  useDocumentTitle('Impostazioni');
  const { data, loading, error, refetch } = useQuery(ClubSettingsQuery, { fetchPolicy: 'network-only' });
  return (
    <Stack gap="6" maxW="3xl">
      <Heading as="h1" size="2xl">
        Impostazioni
      </Heading>
      {data?.club ? (
        <>
          <SettingsForm club={data.club} />
          <CertificateRemindersSetting />
          <ClubTwoFactorSetting />
        </>
      ) : loading ? (
        <PageSpinner label="Caricamento impostazioni..." />
      ) : (
        <ListError message={messageOfError(error)} onRetry={() => void refetch()} />
      )}
    </Stack>
  );
}
