// Security page, "Verifica in due passaggi": turn two-factor sign-in on (QR code or the key as text, then the app's
// first code), see the one-time recovery codes once, make new ones, turn it off (password or a code).
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Box, Button, Code, Flex, Heading, Image, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { formatRecoveryCode, totpCodeInput, twoFactorProofField } from '../../../../../schema/validation/two-factor';
import { PasswordField, SchemaForm, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ListError } from '../../../components/ui/list-status';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { clearClubLocks } from '../../../lib/two-factor-lock';
import {
  ConfirmTwoFactorSetupMutation,
  DisableTwoFactorMutation,
  MyTwoFactorQuery,
  RegenerateRecoveryCodesMutation,
  StartTwoFactorSetupMutation,
} from '../two-factor-documents';

interface Setup {
  secret: string;
  qrCodeSvg: string;
}

/** The key in groups of four, as authenticator apps show it. */
const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function TwoFactorSettings() {
  const { data, loading, error, refetch } = useQuery(MyTwoFactorQuery, { fetchPolicy: 'cache-and-network' });
  const [start, { loading: starting }] = useMutation(StartTwoFactorSetupMutation);
  const [setup, setSetup] = useState<Setup | null>(null);
  /** Recovery codes just issued: shown this once. */
  const [codes, setCodes] = useState<string[] | null>(null);
  const [startError, setStartError] = useState<string>();

  const status = data?.myTwoFactor;
  if (!status) return loading ? <PageSpinner label="Caricamento..." /> : <ListError message={messageOfError(error)} onRetry={() => void refetch()} />;

  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;

  if (setup) {
    return (
      <SetupSteps
        setup={setup}
        onCancel={() => setSetup(null)}
        onConfirmed={(recoveryCodes) => {
          setSetup(null);
          setCodes(recoveryCodes);
          // This session has passed the second factor now: a club that refused it may be asked again.
          clearClubLocks();
          void refetch();
        }}
      />
    );
  }

  async function onStart() {
    setStartError(undefined);
    try {
      const { data: result } = await start();
      const outcome = readMutationResult(result?.startTwoFactorSetup);
      if (outcome.ok) setSetup(outcome.data);
      else setStartError(outcome.message);
    } catch (e) {
      setStartError(messageOfError(e));
    }
  }

  if (!status.enabled) {
    return (
      <Stack gap="4" align="flex-start">
        <FormAlert message={startError} />
        <Text>
          Oltre alla password, all&apos;accesso ti verrà chiesto un codice a 6 cifre generato da un&apos;app sul tuo telefono (ad esempio
          Google Authenticator, Microsoft Authenticator, 2FAS o Aegis). Chi scopre la tua password non può entrare senza il telefono.
        </Text>
        <Button onClick={() => void onStart()} loading={starting} loadingText="Preparazione..." w={{ base: 'full', sm: 'auto' }}>
          Attiva la verifica in due passaggi
        </Button>
      </Stack>
    );
  }

  return <EnabledStatus status={status} onCodes={setCodes} onDisabled={() => void refetch()} />;
}

function SetupSteps({ setup, onCancel, onConfirmed }: { setup: Setup; onCancel: () => void; onConfirmed: (codes: string[]) => void }) {
  const [confirm, { loading: sending }] = useMutation(ConfirmTwoFactorSetupMutation, { refetchQueries: [MyTwoFactorQuery] });
  const form = useSchemaForm(totpCodeInput, { code: '' });
  const [copied, setCopied] = useState(false);

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(setup.secret);
      setCopied(true);
    } catch {
      // no clipboard (insecure origin, denied): the key stays on screen to be copied by hand
    }
  }

  // A refused code empties the field and says why under it (the form's one message sits there).
  async function activate({ code }: z.output<typeof totpCodeInput>): Promise<SubmitOutcome> {
    const { data } = await confirm({ variables: { input: { code } } });
    const outcome = readMutationResult(data?.confirmTwoFactorSetup);
    if (outcome.ok) {
      notify(MESSAGE_LEVEL.success, outcome.data.message);
      return onConfirmed(outcome.data.recoveryCodes);
    }
    form.setValue('code', '');
    return outcome;
  }

  const qrSrc = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrCodeSvg)}`;
  return (
    <SchemaForm form={form} onSubmit={activate} aria-label="Attiva la verifica in due passaggi" invalidMessage="" messageField="code">
      <List.Root as="ol" gap="4" ps="5">
        <List.Item>Installa sul telefono un&apos;app di autenticazione, se non ne hai già una.</List.Item>
        <List.Item>
          <Stack gap="3" mt="1">
            <Text>Nell&apos;app aggiungi un account e inquadra questo codice QR.</Text>
            <Flex direction={{ base: 'column', sm: 'row' }} gap="5" align={{ base: 'center', sm: 'flex-start' }}>
              <Box bg="white" p="2" borderWidth="1px" borderRadius="md" flexShrink={0}>
                <Image src={qrSrc} alt="Codice QR da inquadrare con l'app di autenticazione" boxSize="44" />
              </Box>
              <Stack gap="2" minW="0" w="full">
                <Text fontSize="sm" color="fg.muted" id="two-factor-secret-label">
                  Non riesci a inquadrarlo? Inserisci a mano questa chiave (tipo: basata sul tempo):
                </Text>
                <Code
                  aria-labelledby="two-factor-secret-label"
                  data-testid="two-factor-secret"
                  fontSize="md"
                  p="2"
                  wordBreak="break-all"
                  whiteSpace="normal"
                  letterSpacing="0.05em"
                >
                  {groupedSecret(setup.secret)}
                </Code>
                <Button type="button" size="sm" variant="outline" alignSelf="flex-start" onClick={() => void copySecret()}>
                  {copied ? 'Chiave copiata' : 'Copia la chiave'}
                </Button>
              </Stack>
            </Flex>
          </Stack>
        </List.Item>
        <List.Item>
          <Stack gap="3" mt="1">
            <Text>Inserisci il codice a 6 cifre che l&apos;app mostra per CampoBase.</Text>
            <TextField
              name="code"
              label="Codice dell'app"
              required
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              placeholder="123456"
              fontFamily="mono"
              fontSize="lg"
              letterSpacing="0.3em"
              maxW="xs"
            />
          </Stack>
        </List.Item>
      </List.Root>
      <Flex gap="3" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
        <Button type="button" variant="outline" onClick={onCancel}>
          Annulla
        </Button>
        <Button type="submit" loading={sending} loadingText="Verifica in corso...">
          Conferma e attiva
        </Button>
      </Flex>
    </SchemaForm>
  );
}

/** The codes just issued, shown this once: copy or download them before leaving. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = codes.map(formatRecoveryCode).join('\n');

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // no clipboard: the codes stay on screen (and can be downloaded)
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([`Codici di recupero CampoBase (ognuno vale una sola volta)\n\n${text}\n`], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'campobase-codici-di-recupero.txt' });
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <Stack gap="4">
      <Heading as="h3" size="md" ref={heading} tabIndex={-1} outline="none">
        I tuoi codici di recupero
      </Heading>
      <Alert.Root status="warning" borderRadius="md">
        <Alert.Indicator />
        <Alert.Description>
          Salvali ora in un luogo sicuro (un gestore di password, o stampati): non verranno più mostrati. Se perdi il telefono, ogni
          codice ti fa accedere una volta al posto del codice dell&apos;app.
        </Alert.Description>
      </Alert.Root>
      <SimpleGrid as="ul" aria-label="Codici di recupero" columns={{ base: 1, sm: 2 }} gap="2" listStyleType="none" data-testid="recovery-codes">
        {codes.map((code) => (
          <Box as="li" key={code}>
            <Code fontSize="md" px="3" py="1.5" w="full" letterSpacing="0.05em">
              {formatRecoveryCode(code)}
            </Code>
          </Box>
        ))}
      </SimpleGrid>
      <Flex gap="3" wrap="wrap" direction={{ base: 'column', sm: 'row' }}>
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? 'Codici copiati' : 'Copia i codici'}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          Scarica (.txt)
        </Button>
        <Button type="button" onClick={onDone} ms={{ sm: 'auto' }}>
          Ho salvato i codici
        </Button>
      </Flex>
    </Stack>
  );
}

type Status = { enabledAt?: string | null; recoveryCodesLeft: number };

function EnabledStatus({ status, onCodes, onDisabled }: { status: Status; onCodes: (codes: string[]) => void; onDisabled: () => void }) {
  const [dialog, setDialog] = useState<'disable' | 'regenerate' | null>(null);
  const since = status.enabledAt ? new Date(status.enabledAt).toLocaleDateString('it-IT', { day: 'numeric', month: 'long', year: 'numeric' }) : null;
  const few = status.recoveryCodesLeft <= 3;
  return (
    <Stack gap="4">
      <Alert.Root status="success" borderRadius="md">
        <Alert.Indicator />
        <Alert.Title fontWeight="medium">Verifica in due passaggi attiva{since ? ` dal ${since}` : ''}.</Alert.Title>
      </Alert.Root>
      <Text color={few ? 'fg.error' : undefined}>
        Codici di recupero ancora validi: <strong>{status.recoveryCodesLeft}</strong> su 10.
        {few && ' Genera nuovi codici prima di esaurirli.'}
      </Text>
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
        <Button variant="outline" onClick={() => setDialog('regenerate')}>
          Genera nuovi codici di recupero
        </Button>
        <Button variant="outline" colorPalette="red" onClick={() => setDialog('disable')}>
          Disattiva
        </Button>
      </Flex>
      <ProofDialog
        kind={dialog}
        onClose={() => setDialog(null)}
        onDone={(codes) => {
          setDialog(null);
          if (codes) onCodes(codes);
          else onDisabled();
        }}
      />
    </Stack>
  );
}

/** Asks for the password or a current code (one field: six digits are sent as a code, anything else as the password). */
function ProofDialog({ kind, onClose, onDone }: { kind: 'disable' | 'regenerate' | null; onClose: () => void; onDone: (codes?: string[]) => void }) {
  const title = kind === 'disable' ? 'Disattiva la verifica in due passaggi' : 'Nuovi codici di recupero';
  return (
    <FormDialog open={kind !== null} title={title} onClose={onClose} size="sm">
      {kind && <ProofForm key={kind} kind={kind} title={title} onClose={onClose} onDone={onDone} />}
    </FormDialog>
  );
}

function ProofForm({ kind, title, onClose, onDone }: { kind: 'disable' | 'regenerate'; title: string; onClose: () => void; onDone: (codes?: string[]) => void }) {
  const [disable, { loading: disabling }] = useMutation(DisableTwoFactorMutation, { refetchQueries: [MyTwoFactorQuery] });
  const [regenerate, { loading: regenerating }] = useMutation(RegenerateRecoveryCodesMutation, { refetchQueries: [MyTwoFactorQuery] });
  const form = useSchemaForm(twoFactorProofField, { proof: '' });
  const sending = disabling || regenerating;

  // A refusal (wrong password or code) is said under the one field.
  async function prove(input: z.output<typeof twoFactorProofField>): Promise<SubmitOutcome> {
    if (kind === 'disable') {
      const { data } = await disable({ variables: { input } });
      const outcome = readMutationResult(data?.disableTwoFactor);
      if (!outcome.ok) return { ok: false, message: outcome.message };
      notify(MESSAGE_LEVEL.success, outcome.data.message);
      return onDone();
    }
    const { data } = await regenerate({ variables: { input } });
    const outcome = readMutationResult(data?.regenerateRecoveryCodes);
    if (!outcome.ok) return { ok: false, message: outcome.message };
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    onDone(outcome.data.recoveryCodes);
  }

  return (
    <SchemaForm form={form} onSubmit={prove} aria-label={title} gap="4" invalidMessage="" messageField="proof">
      <Text color="fg.muted">
        {kind === 'disable'
          ? "Per confermare inserisci la password oppure il codice a 6 cifre dell'app. Le società che la richiedono non ti faranno più accedere finché non la riattivi."
          : "Per confermare inserisci la password oppure il codice a 6 cifre dell'app. I codici di recupero attuali smetteranno di funzionare."}
      </Text>
      <PasswordField name="proof" label="Password o codice dell'app" required autoComplete="current-password" />
      <Flex gap="3" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
        <Button type="button" variant="outline" onClick={onClose}>
          Annulla
        </Button>
        <Button type="submit" colorPalette={kind === 'disable' ? 'red' : undefined} loading={sending}>
          {kind === 'disable' ? 'Disattiva' : 'Genera i codici'}
        </Button>
      </Flex>
    </SchemaForm>
  );
}
