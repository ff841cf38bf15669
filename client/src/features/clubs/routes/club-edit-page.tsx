// /modifica-club: every club field (spec §3), the logo (PNG, JPEG or WebP up to 2 MB, previewed before saving) and
// the colours, on the form layer. Checked with the server's rules before sending; sent as one multipart GraphQL
// request; states as spec §4 ('Salvataggio in corso...', then 'Dati club aggiornati con successo' and back to
// /club, or the errors).
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Flex, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { CLUB_TYPES, LOGO_MIME_TYPES, SPORTS } from '../../../../../schema/constants';
import { CheckboxField, ConnectedField, SchemaForm, SelectField, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { ListError } from '../../../components/ui/list-status';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useUnsavedChangesGuard } from '../../../components/ui/unsaved-changes';
import type { ClubRecord_ClubFragment } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { CurrentClubQuery, UpdateClubMutation } from '../club-documents';
import { ADDRESS_KEYS, checkLogoFile, clubForm, valuesFromClub, type ClubFormValues } from '../club-form-values';
import { ClubLogo } from '../components/club-logo';
import { ColorField } from '../components/color-field';

const ADDRESS_LABELS: Record<(typeof ADDRESS_KEYS)[number], string> = {
  address: 'Indirizzo',
  streetNumber: 'Numero civico',
  postalCode: 'CAP',
  city: 'Città',
  province: 'Provincia',
  country: 'Nazione',
};

function Section({ title, children, description }: { title: string; children: ReactNode; description?: string }) {
  return (
    <Box as="fieldset" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }} minW="0">
      <Heading as="legend" size="md" float="left" w="full" mb={description ? '1' : '4'}>
        {title}
      </Heading>
      {description && (
        <Text color="fg.muted" fontSize="sm" mb="4" clear="both">
          {description}
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" clear="both">
        {children}
      </SimpleGrid>
    </Box>
  );
}

const Wide = ({ children }: { children: ReactNode }) => <Box gridColumn={{ sm: 'span 2' }}>{children}</Box>;

/** Object URL of the chosen file for the preview, freed when the choice changes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/** A code typed in capitals, in a monospace font (a tax code). */
const CODE_FIELD = { uppercase: true, fontFamily: 'mono', spellCheck: false } as const;

function AddressFields({ which, title }: { which: 'legalAddress' | 'clubAddress'; title: string }) {
  return (
    <Wide>
      <Box as="fieldset" minW="0">
        <Text as="legend" fontWeight="semibold" mb="3">
          {title}
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {ADDRESS_KEYS.map((key) => (
            <TextField key={key} name={`${which}.${key}`} label={`${ADDRESS_LABELS[key]} (${title.toLowerCase()})`} />
          ))}
        </SimpleGrid>
      </Box>
    </Wide>
  );
}

/** The logo: the stored one or the chosen file's preview, the picker, "Annulla scelta" and "Rimuovi il logo". */
function LogoField({ club }: { club: ClubRecord_ClubFragment }) {
  const { control, setValue } = useFormContext<ClubFormValues>();
  const [logo, removeLogo, fullName] = useWatch({ control, name: ['logo', 'removeLogo', 'fullName'] });
  const fileRef = useRef<HTMLInputElement>(null);
  // A refused file stays chosen (its message under the field, saving refused) but is neither shown nor sent.
  const accepted = logo && !checkLogoFile(logo) ? logo : null;
  const preview = usePreview(accepted);
  const choose = (file: File | null) => setValue('logo', file, { shouldDirty: true, shouldValidate: true });

  function pickLogo(list: FileList | null) {
    const file = list?.[0];
    if (!file) return;
    if (fileRef.current) fileRef.current.value = '';
    choose(file);
    if (!checkLogoFile(file)) setValue('removeLogo', false, { shouldDirty: true });
  }

  return (
    <ConnectedField name="logo" label="Logo" helper="PNG, JPEG o WebP, al massimo 2 MB.">
      <Flex gap="4" align="center" w="full" direction={{ base: 'column', sm: 'row' }}>
        <ClubLogo
          name={fullName || club.fullName}
          logoUrl={club.logoUrl}
          hasUploadedLogo={club.hasUploadedLogo && !removeLogo}
          previewSrc={preview}
          size="24"
          fontSize="4xl"
        />
        <Stack gap="2" flex="1" w="full" minW="0">
          <Input
            ref={fileRef}
            type="file"
            name="logo"
            accept={LOGO_MIME_TYPES.join(',')}
            onChange={(e) => pickLogo(e.target.files)}
            p="1.5"
            h="auto"
            fontSize="sm"
          />
          {accepted && (
            <HStack gap="2" fontSize="sm">
              <Text truncate flex="1" minW="0">
                {accepted.name} (da salvare)
              </Text>
              <Button size="xs" variant="ghost" onClick={() => choose(null)}>
                Annulla scelta
              </Button>
            </HStack>
          )}
          {club.hasUploadedLogo && !accepted && <CheckboxField name="removeLogo" label="Rimuovi il logo" />}
        </Stack>
      </Flex>
    </ConnectedField>
  );
}

function ClubEditForm({ club }: { club: ClubRecord_ClubFragment }) {
  const navigate = useNavigate();
  const [update] = useMutation(UpdateClubMutation);
  const form = useSchemaForm(clubForm, valuesFromClub(club));
  const sending = form.formState.isSubmitting;
  // Changes not saved ask before a link, back or a reload leaves the page; once saved, the page leaves for /club
  // from an effect, after the guard has gone.
  const [dirty, setDirty] = useState(false);
  const [saved, setSaved] = useState(false);
  const leaveGuard = useUnsavedChangesGuard(dirty && !saved);
  useEffect(() => {
    if (saved) void navigate('/club');
  }, [saved, navigate]);

  // Every field is sent, an empty one clearing it (toClubInput).
  async function save(variables: z.output<typeof clubForm>): Promise<SubmitOutcome> {
    const result = await update({ variables });
    const outcome = readMutationResult(result.data?.updateClub);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    setSaved(true);
  }

  return (
    <>
      <SchemaForm form={form} onSubmit={save} onDirtyChange={setDirty} gap="6">
        <Section title="Dati società">
          <Wide>
            <TextField name="fullName" label="Nome della società" required autoComplete="organization" />
          </Wide>
          <SelectField name="typeClub" label="Tipo di società" options={CLUB_TYPES} />
          <SelectField name="sport" label="Sport" options={SPORTS} />
          <TextField name="foundation" label="Anno di fondazione" inputMode="numeric" helper={`Dal 1800 al ${new Date().getFullYear()}.`} />
        </Section>

        <Section title="Dati fiscali">
          <Wide>
            <TextField name="companyName" label="Ragione sociale" />
          </Wide>
          <TextField name="vatNumber" label="Partita IVA" inputMode="numeric" helper="11 cifre." />
          <TextField name="fiscalCode" label="Codice fiscale" helper="11 cifre o 16 caratteri." {...CODE_FIELD} />
          <TextField name="legalRepresentativeNameSurname" label="Legale rappresentante (nome e cognome)" />
          <TextField name="legalRepresentativeFiscalCode" label="Codice fiscale del legale rappresentante" {...CODE_FIELD} />
        </Section>

        <Section title="Contatti">
          <TextField name="emailPrimary" label="Email principale" type="email" inputMode="email" autoComplete="email" />
          <TextField name="emailSecondary" label="Email secondaria" type="email" inputMode="email" />
          <TextField name="phonePrimary" label="Telefono principale" type="tel" inputMode="tel" autoComplete="tel" />
          <TextField name="phoneSecondary" label="Telefono secondario" type="tel" inputMode="tel" />
        </Section>

        <Section title="Indirizzi">
          <AddressFields which="legalAddress" title="Sede legale" />
          <AddressFields which="clubAddress" title="Sede operativa" />
        </Section>

        <Section title="Logo e colori" description="Il logo compare nella pagina del club e nella barra in alto; i colori personalizzano l'area di gestione.">
          <Wide>
            <LogoField club={club} />
          </Wide>
          <ColorField label="Colore principale" name="primaryColor" fallback="#15803d" />
          <ColorField label="Colore secondario" name="secondaryColor" fallback="#ffffff" />
        </Section>

        <Flex gap="3" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
          <Button asChild variant="outline">
            <RouterLink to="/club">Annulla</RouterLink>
          </Button>
          <Button type="submit" loading={sending} loadingText="Salvataggio in corso..." disabled={sending}>
            Salva
          </Button>
        </Flex>
      </SchemaForm>
      {leaveGuard.dialog}
    </>
  );
}

export default function ClubEditPage() {
  useDocumentTitle('Modifica club');
  // The form starts from the stored values: always read them fresh.
  const { data, loading, error, refetch } = useQuery(CurrentClubQuery, { fetchPolicy: 'network-only' });
  return (
    <Stack gap="6" maxW="5xl">
      <Heading as="h1" size="2xl">
        Modifica club
      </Heading>
      {data?.club ? (
        <ClubEditForm club={data.club} />
      ) : loading ? (
        <PageSpinner label="Caricamento dati del club..." />
      ) : (
        <ListError message={messageOfError(error)} onRetry={() => void refetch()} />
      )}
    </Stack>
  );
}
