// /affiliazioni (user menu "Affiliazioni", owners and admins): the organisations (federations, promotion bodies,
// committees, leagues) the club is affiliated to, and what each may read. Apply with an organisation's code,
// approve a request choosing the data shared, change that choice or revoke it at any time (effective at once),
// see every step. Ending or refusing asks first (ConfirmDialog). Below, which organisation read what of the club's
// data through the API, and when (AffiliationReads).
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { MSG } from '../../../../../schema/messages';
import { SchemaForm, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import type { Affiliations_ListQuery, OrganisationScope } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/use-access';
import { AffiliationsQuery, ApplyToOrganisationMutation, ApproveAffiliationMutation, ChangeConsentMutation, RevokeAffiliationMutation } from '../affiliation-documents';
import { AffiliationReads } from '../components/affiliation-reads';
import { ConsentFields, scopeLabel, type ConsentValue } from '../components/consent-fields';
import { organisationKindLabel } from '../../../../../schema/organisation-kinds';

const TITLE = 'Affiliazioni';
type Affiliation = Affiliations_ListQuery['affiliations'][number];

const ACTION_LABELS: Record<string, string> = {
  requested: "Richiesta dell'organizzazione",
  applied: 'Candidatura della società',
  approved: 'Approvata dalla società',
  accepted: "Accettata dall'organizzazione",
  consent_changed: 'Dati condivisi modificati',
  rejected: 'Richiesta rifiutata',
  revoked: 'Affiliazione revocata',
  refused_by_organisation: "Candidatura rifiutata dall'organizzazione",
  withdrawn_by_organisation: "Richiesta ritirata dall'organizzazione",
  ended_by_organisation: "Affiliazione terminata dall'organizzazione",
};
const WHEN = new Intl.DateTimeFormat('it-IT', { dateStyle: 'medium', timeStyle: 'short' });

function status(a: Affiliation): { label: string; palette: string } {
  if (a.status === 'active') return { label: 'Attiva', palette: 'green' };
  if (a.status === 'pending') return a.requestedBy === 'organisation' ? { label: 'Da approvare', palette: 'orange' } : { label: "In attesa dell'organizzazione", palette: 'blue' };
  return { label: a.status === 'rejected' ? 'Rifiutata' : 'Revocata', palette: 'gray' };
}

const EMPTY_CONSENT: ConsentValue = { scopes: [], minorsContacts: false };

export default function AffiliationsPage() {
  useDocumentTitle(TITLE);
  const allowed = useAccess().can('affiliations.manage');
  return (
    <Stack gap="6" maxW="4xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="fg.muted">
          Federazioni, enti di promozione e leghe leggono i dati della società solo con il tuo consenso e solo quelli che scegli. Puoi cambiarli o
          revocarli in ogni momento: vale subito.
        </Text>
      </Stack>
      {allowed ? (
        <>
          <Affiliations />
          <AffiliationReads />
        </>
      ) : (
        <ListEmpty>Solo il titolare e gli amministratori della società gestiscono le affiliazioni.</ListEmpty>
      )}
    </Stack>
  );
}

function Affiliations() {
  const { data, loading, error, refetch } = useQuery(AffiliationsQuery, { fetchPolicy: 'cache-and-network' });
  const reload = () => void refetch().catch(() => undefined);
  if (!data && loading) return <ListLoading label="Caricamento delle affiliazioni..." />;
  if (!data) return <ListError message={error ? messageOfError(error) : MSG.loadFailed} onRetry={reload} />;
  return (
    <Stack gap="6">
      {/* requests waiting for the club come first: they are what needs doing */}
      {data.affiliations.length === 0 ? (
        <ListEmpty>Nessuna affiliazione. Quando un'organizzazione chiede di affiliare la società, la richiesta compare qui.</ListEmpty>
      ) : (
        <Stack as="ul" gap="4" listStyleType="none" aria-label="Affiliazioni">
          {data.affiliations.map((a) => (
            <AffiliationCard key={a.id} affiliation={a} onDone={reload} />
          ))}
        </Stack>
      )}
      <ApplyForm onDone={reload} />
    </Stack>
  );
}

/** The application: the organisation's code (the button waits for it) and the data offered. */
const applyForm = z.object({
  code: z.string().trim().min(1),
  consent: z.object({ scopes: z.array(z.custom<OrganisationScope>()), minorsContacts: z.boolean() }),
});

function ApplyForm({ onDone }: { onDone: () => void }) {
  const [apply] = useMutation(ApplyToOrganisationMutation);
  const form = useSchemaForm(applyForm, { code: '', consent: EMPTY_CONSENT });
  const code = useWatch({ control: form.control, name: 'code' });

  async function save({ code, consent }: z.output<typeof applyForm>): Promise<SubmitOutcome> {
    const outcome = readMutationResult((await apply({ variables: { code, consent } })).data?.applyToOrganisation);
    // Whatever the refusal, it is said under the code.
    if (!outcome.ok) return { ok: false, message: outcome.message };
    notify(MESSAGE_LEVEL.success, "Candidatura inviata: l'affiliazione vale quando l'organizzazione la accetta.");
    form.reset();
    onDone();
  }

  return (
    <Box borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }}>
      <SchemaForm form={form} onSubmit={save} aria-label="Candidati a un'organizzazione" gap="4" invalidMessage="" messageField="code">
        <Heading as="h2" size="md">
          Candidati a un'organizzazione
        </Heading>
        <TextField
          name="code"
          label="Codice dell'organizzazione"
          helper="Te lo comunica la federazione, l'ente o la lega."
          uppercase
          placeholder="es. FED-7Q2KX4"
          maxW="xs"
          fontFamily="mono"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <Controller
          name="consent"
          control={form.control}
          render={({ field }) => <ConsentFields value={field.value} onChange={field.onChange} idPrefix="apply" />}
        />
        <Flex justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!code.trim()} w={{ base: 'full', sm: 'auto' }}>
            Invia la candidatura
          </Button>
        </Flex>
      </SchemaForm>
    </Box>
  );
}

function AffiliationCard({ affiliation: a, onDone }: { affiliation: Affiliation; onDone: () => void }) {
  const [approve] = useMutation(ApproveAffiliationMutation);
  const [change] = useMutation(ChangeConsentMutation);
  const [revoke] = useMutation(RevokeAffiliationMutation);
  const [consent, setConsent] = useState<ConsentValue>({ scopes: [...a.scopes], minorsContacts: a.minorsContacts });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const badge = status(a);
  const awaitingUs = a.status === 'pending' && a.requestedBy === 'organisation';
  const editable = a.status === 'active' || (a.status === 'pending' && a.requestedBy === 'club');
  const ended = a.status === 'rejected' || a.status === 'revoked';
  const changed = consent.minorsContacts !== a.minorsContacts || consent.scopes.join() !== a.scopes.join();
  const name = a.organisation?.name ?? 'Organizzazione';

  async function run(action: () => Promise<{ ok: true } | { ok: false; message: string }>, success: string) {
    setBusy(true);
    try {
      const outcome = await action();
      notify(outcome.ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, outcome.ok ? success : outcome.message);
      if (outcome.ok) onDone();
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }
  const save = () =>
    run(
      async () =>
        awaitingUs
          ? readMutationResult((await approve({ variables: { id: a.id, consent } })).data?.approveAffiliation)
          : readMutationResult((await change({ variables: { id: a.id, consent } })).data?.changeAffiliationConsent),
      awaitingUs ? `Affiliazione a ${name} approvata.` : `Dati condivisi con ${name} aggiornati.`,
    );
  const end = () =>
    run(async () => readMutationResult((await revoke({ variables: { id: a.id } })).data?.revokeAffiliation), awaitingUs ? `Richiesta di ${name} rifiutata.` : `Affiliazione a ${name} revocata.`);

  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }} aria-label={name}>
      <Stack gap="4">
        <Flex gap="3" justify="space-between" align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
          <Box minW="0">
            <Heading as="h2" size="md">
              {name}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {a.organisation ? organisationKindLabel(a.organisation.kind) : ''} · <Text as="span" fontFamily="mono">{a.organisation?.code}</Text>
            </Text>
          </Box>
          <Badge colorPalette={badge.palette} variant="subtle" size="lg">
            {badge.label}
          </Badge>
        </Flex>
        {awaitingUs && <Text>{name} chiede di affiliare la società. Scegli quali dati condividere e approva, oppure rifiuta.</Text>}
        {(awaitingUs || editable) && <ConsentFields value={consent} onChange={setConsent} idPrefix={`consent-${a.id}`} />}
        {ended && <Text color="fg.muted">Non condivide alcun dato.</Text>}
        {!ended && (
          <Flex gap="3" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
            <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)} disabled={busy}>
              {awaitingUs ? 'Rifiuta' : a.status === 'pending' ? 'Ritira la candidatura' : 'Revoca'}
            </Button>
            <Button onClick={() => void save()} loading={busy} disabled={consent.scopes.length === 0 || (!awaitingUs && !changed)}>
              {awaitingUs ? 'Approva' : 'Salva i dati condivisi'}
            </Button>
          </Flex>
        )}
        <Box as="details">
          <Box as="summary" cursor="pointer" color="fg.muted" fontSize="sm">
            Storico ({a.history.length})
          </Box>
          <Stack as="ol" gap="1" mt="2" ps="4" fontSize="sm">
            {a.history.map((e, i) => (
              <li key={`${e.at}-${i}`}>
                <Text as="span" fontWeight="medium">
                  {WHEN.format(new Date(e.at))}
                </Text>{' '}
                {ACTION_LABELS[e.action] ?? e.action}
                {e.scopes.length > 0 && `: ${e.scopes.map(scopeLabel).join('; ')}`}
              </li>
            ))}
          </Stack>
        </Box>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={awaitingUs ? `Rifiutare la richiesta di ${name}?` : `Revocare l'affiliazione a ${name}?`}
        message={awaitingUs ? "L'organizzazione non potrà leggere alcun dato della società." : "Da subito l'organizzazione non potrà più leggere alcun dato della società."}
        confirmLabel={awaitingUs ? 'Rifiuta' : 'Revoca'}
        onConfirm={() => void end()}
        onCancel={() => setConfirming(false)}
        loading={busy}
      />
    </Box>
  );
}
