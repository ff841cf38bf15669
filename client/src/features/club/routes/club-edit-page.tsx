// /modifica-club: every club field (spec §3), the logo (PNG, JPEG or WebP up to 2 MB, previewed before saving) and
// the colours. Checked with the server's rules before sending; sent as one multipart GraphQL request; states as
// spec §4 ('Salvataggio in corso...', then 'Dati club aggiornati con successo' and back to /club, or the errors).
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Checkbox, Field, Flex, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CLUB_TYPES, LOGO_MIME_TYPES, SPORTS } from '../../../../../schema/constants';
import { MSG } from '../../../../../schema/messages';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { ListError } from '../../../components/ui/list-status';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { SelectInput } from '../../../components/ui/select-field';
import { useUnsavedChangesGuard } from '../../../components/ui/unsaved-changes';
import type { ClubRecord_ClubFragment } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import type { FieldErrors } from '../../../lib/form-errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { useIsDirty } from '../../../lib/use-is-dirty';
import { CurrentClubQuery, UpdateClubMutation } from '../club-documents';
import {
  ADDRESS_KEYS,
  checkLogoFile,
  toClubInput,
  validateClub,
  valuesFromClub,
  type AddressValues,
  type ClubFormValues,
  type ClubTextField,
} from '../club-form-values';
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

function ClubEditForm({ club }: { club: ClubRecord_ClubFragment }) {
  const navigate = useNavigate();
  const [update] = useMutation(UpdateClubMutation);
  const [values, setValues] = useState<ClubFormValues>(() => valuesFromClub(club));
  const [logo, setLogo] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  // Changes not saved ask before a link, back or a reload leaves the page; once saved, the page leaves for /club
  // from an effect, after the guard has gone.
  const [saved, setSaved] = useState(false);
  const changed = useIsDirty({ values: valuesFromClub(club), logo: null, removeLogo: false }, { values, logo, removeLogo });
  const leaveGuard = useUnsavedChangesGuard(changed && !saved);
  useEffect(() => {
    if (saved) void navigate('/club');
  }, [saved, navigate]);
  const [logoError, setLogoError] = useState<string | undefined>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [errorTick, setErrorTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const preview = usePreview(logo);

  // After a failed submit the message is read out (role alert) and the first wrong field gets the focus.
  useEffect(() => {
    if (!errorTick) return;
    formRef.current?.querySelector<HTMLElement>('[data-invalid] input, [data-invalid] select')?.focus();
  }, [errorTick]);

  const set = (key: ClubTextField, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const setAddress = (which: 'legalAddress' | 'clubAddress', key: keyof AddressValues, value: string) =>
    setValues((v) => ({ ...v, [which]: { ...v[which], [key]: value } }));

  const text = (
    key: ClubTextField,
    label: string,
    opts: { required?: boolean; type?: string; inputMode?: 'email' | 'tel' | 'numeric'; autoComplete?: string; upper?: boolean; helper?: string } = {},
  ) => (
    <FormField label={label} required={opts.required} error={errors[key]} helper={opts.helper}>
      <Input
        name={key}
        type={opts.type ?? 'text'}
        inputMode={opts.inputMode}
        autoComplete={opts.autoComplete ?? 'off'}
        value={values[key]}
        onChange={(e) => set(key, opts.upper ? e.target.value.toUpperCase() : e.target.value)}
        fontFamily={opts.upper ? 'mono' : undefined}
        spellCheck={opts.upper ? false : undefined}
      />
    </FormField>
  );

  const address = (which: 'legalAddress' | 'clubAddress', title: string) => (
    <Wide>
      <Box as="fieldset" minW="0">
        <Text as="legend" fontWeight="semibold" mb="3">
          {title}
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {ADDRESS_KEYS.map((key) => (
            <FormField key={key} label={`${ADDRESS_LABELS[key]} (${title.toLowerCase()})`} error={errors[`${which}.${key}`]}>
              <Input name={`${which}.${key}`} value={values[which][key]} onChange={(e) => setAddress(which, key, e.target.value)} autoComplete="off" />
            </FormField>
          ))}
        </SimpleGrid>
      </Box>
    </Wide>
  );

  function pickLogo(list: FileList | null) {
    const file = list?.[0];
    if (!file) return;
    const problem = checkLogoFile(file);
    if (fileRef.current) fileRef.current.value = '';
    setLogoError(problem);
    setLogo(problem ? null : file);
    if (!problem) setRemoveLogo(false);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const checked = validateClub(values);
    if (!checked.ok || logoError) {
      setErrors(checked.ok ? {} : checked.errors);
      setSummary(MSG.invalidFields);
      setErrorTick((t) => t + 1);
      return;
    }
    setErrors({});
    setSummary(undefined);
    setSending(true);
    try {
      const result = await update({ variables: { input: toClubInput(values), logo, removeLogo: removeLogo && !logo } });
      const outcome = readMutationResult(result.data?.updateClub);
      if (outcome.ok) {
        notify(MESSAGE_LEVEL.success, outcome.data.message);
        setSaved(true);
        return;
      }
      const { logo: logoProblem, ...fieldErrors } = outcome.fieldErrors;
      setErrors(fieldErrors);
      setLogoError(logoProblem);
      setSummary(outcome.message);
      setErrorTick((t) => t + 1);
    } catch (e) {
      setSummary(messageOfError(e));
      setErrorTick((t) => t + 1);
    } finally {
      setSending(false);
    }
  }

  const showsStored = club.hasUploadedLogo && !removeLogo;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={sending}>
      <Stack gap="6">
        <FormAlert message={summary} />

        <Section title="Dati società">
          <Wide>{text('fullName', 'Nome della società', { required: true, autoComplete: 'organization' })}</Wide>
          <FormField label="Tipo di società" error={errors.typeClub}>
            <SelectInput name="typeClub" value={values.typeClub} onChange={(e) => set('typeClub', e.target.value)} placeholder="Seleziona" options={CLUB_TYPES} />
          </FormField>
          <FormField label="Sport" error={errors.sport}>
            <SelectInput name="sport" value={values.sport} onChange={(e) => set('sport', e.target.value)} placeholder="Seleziona" options={SPORTS} />
          </FormField>
          {text('foundation', 'Anno di fondazione', { inputMode: 'numeric', helper: `Dal 1800 al ${new Date().getFullYear()}.` })}
        </Section>

        <Section title="Dati fiscali">
          <Wide>{text('companyName', 'Ragione sociale')}</Wide>
          {text('vatNumber', 'Partita IVA', { inputMode: 'numeric', helper: '11 cifre.' })}
          {text('fiscalCode', 'Codice fiscale', { upper: true, helper: '11 cifre o 16 caratteri.' })}
          {text('legalRepresentativeNameSurname', 'Legale rappresentante (nome e cognome)')}
          {text('legalRepresentativeFiscalCode', 'Codice fiscale del legale rappresentante', { upper: true })}
        </Section>

        <Section title="Contatti">
          {text('emailPrimary', 'Email principale', { type: 'email', inputMode: 'email', autoComplete: 'email' })}
          {text('emailSecondary', 'Email secondaria', { type: 'email', inputMode: 'email' })}
          {text('phonePrimary', 'Telefono principale', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
          {text('phoneSecondary', 'Telefono secondario', { type: 'tel', inputMode: 'tel' })}
        </Section>

        <Section title="Indirizzi">
          {address('legalAddress', 'Sede legale')}
          {address('clubAddress', 'Sede operativa')}
        </Section>

        <Section title="Logo e colori" description="Il logo compare nella pagina del club e nella barra in alto; i colori personalizzano l'area di gestione.">
          <Wide>
            <Field.Root invalid={Boolean(logoError)}>
              <Field.Label>Logo</Field.Label>
              <Flex gap="4" align="center" w="full" direction={{ base: 'column', sm: 'row' }}>
                <ClubLogo
                  name={values.fullName || club.fullName}
                  logoUrl={club.logoUrl}
                  hasUploadedLogo={showsStored}
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
                  {logo && (
                    <HStack gap="2" fontSize="sm">
                      <Text truncate flex="1" minW="0">
                        {logo.name} (da salvare)
                      </Text>
                      <Button size="xs" variant="ghost" onClick={() => setLogo(null)}>
                        Annulla scelta
                      </Button>
                    </HStack>
                  )}
                  {club.hasUploadedLogo && !logo && (
                    <Checkbox.Root checked={removeLogo} onCheckedChange={(d) => setRemoveLogo(d.checked === true)}>
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>Rimuovi il logo</Checkbox.Label>
                    </Checkbox.Root>
                  )}
                </Stack>
              </Flex>
              {logoError ? <Field.ErrorText>{logoError}</Field.ErrorText> : <Field.HelperText>PNG, JPEG o WebP, al massimo 2 MB.</Field.HelperText>}
            </Field.Root>
          </Wide>
          <ColorField label="Colore principale" name="primaryColor" value={values.primaryColor} onChange={(v) => set('primaryColor', v)} error={errors.primaryColor} fallback="#15803d" />
          <ColorField label="Colore secondario" name="secondaryColor" value={values.secondaryColor} onChange={(v) => set('secondaryColor', v)} error={errors.secondaryColor} fallback="#ffffff" />
        </Section>

        <Flex gap="3" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
          <Button asChild variant="outline">
            <RouterLink to="/club">Annulla</RouterLink>
          </Button>
          <Button type="submit" loading={sending} loadingText="Salvataggio in corso..." disabled={sending}>
            Salva
          </Button>
        </Flex>
      </Stack>
      {leaveGuard.dialog}
    </form>
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
