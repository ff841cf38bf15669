// /calendario/impianti ("Impianti e chiusure", venues.write; issue 38 point 4): the club's venues, added, renamed
// and archived (no longer offered for new events; past events keep them), and the closures (holidays of the club,
// the gym closed) that repeating events skip, added and deleted.
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { closureInput, venueInput } from '../../../../../schema/validation/calendar';
import { formSchema, PanelFormFooter, SchemaForm, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { ArrowLeftIcon, PlusIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import type { ClosureInput, VenueInput } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { ArchiveVenueMutation, ClosuresQuery, DeleteClosureMutation, SaveClosureMutation, SaveVenueMutation, VenuesQuery } from '../calendar-documents';
import { shortDay } from '../calendar-labels';

const TITLE = 'Impianti e chiusure';

interface VenueRow {
  id: string;
  name: string;
  address?: string | null;
  archived: boolean;
}

function VenueDialog({ venue, onClose }: { venue: VenueRow | null | undefined; onClose: () => void }) {
  const formId = useId();
  const [save, { loading }] = useMutation(SaveVenueMutation, { refetchQueries: ['CalendarPage_Venues'], awaitRefetchQueries: true });
  const [dirty, setDirty] = useState(false);
  const submit = async (input: VenueInput): Promise<SubmitOutcome> => {
    const outcome = readMutationResult((await save({ variables: { input } })).data?.saveVenue);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    setDirty(false);
    onClose();
  };
  return (
    <FormDialog
      open={venue !== undefined}
      dirty={dirty}
      title={venue ? `Modifica impianto: ${venue.name}` : 'Nuovo impianto'}
      onClose={() => {
        if (!loading) onClose();
      }}
      footer={
        <HStack gap="3" w="100%" justify="flex-end" wrap="wrap">
          <PanelFormFooter formId={formId} sending={loading} />
        </HStack>
      }
    >
      {venue !== undefined && <VenueFields key={venue?.id ?? 'nuovo'} venue={venue} formId={formId} save={submit} onDirtyChange={setDirty} />}
    </FormDialog>
  );
}

function VenueFields({ venue, formId, save, onDirtyChange }: { venue: VenueRow | null; formId: string; save: (input: VenueInput) => Promise<SubmitOutcome>; onDirtyChange: (d: boolean) => void }) {
  const id = venue?.id;
  const schema = useMemo(
    () =>
      formSchema(
        venueInput,
        (v: { name: string; address: string }): VenueInput => ({ ...(id ? { id } : {}), name: v.name.trim(), address: v.address.trim() || null }),
        (v: { name: string; address: string }) => ({ ...(id ? { id } : {}), ...v }),
      ),
    [id],
  );
  const form = useSchemaForm(schema, { name: venue?.name ?? '', address: venue?.address ?? '' });
  return (
    <SchemaForm id={formId} form={form} onSubmit={save} onDirtyChange={onDirtyChange} aria-label={venue ? `Modifica impianto ${venue.name}` : 'Nuovo impianto'}>
      <TextField name="name" label="Nome" required maxLength={120} helper="Ad esempio: Palestra comunale." />
      <TextField name="address" label="Indirizzo" maxLength={300} />
    </SchemaForm>
  );
}

function ClosureDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const formId = useId();
  const [save, { loading }] = useMutation(SaveClosureMutation, { refetchQueries: ['CalendarPage_Closures'], awaitRefetchQueries: true });
  const [dirty, setDirty] = useState(false);
  const submit = async (input: ClosureInput): Promise<SubmitOutcome> => {
    const outcome = readMutationResult((await save({ variables: { input } })).data?.saveClosure);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    setDirty(false);
    onClose();
  };
  return (
    <FormDialog
      open={open}
      dirty={dirty}
      title="Nuova chiusura"
      onClose={() => {
        if (!loading) onClose();
      }}
      footer={
        <HStack gap="3" w="100%" justify="flex-end" wrap="wrap">
          <PanelFormFooter formId={formId} sending={loading} />
        </HStack>
      }
    >
      {open && <ClosureFields formId={formId} save={submit} onDirtyChange={setDirty} />}
    </FormDialog>
  );
}

interface ClosureValues {
  startsOn: string;
  endsOn: string;
  reason: string;
}

function ClosureFields({ formId, save, onDirtyChange }: { formId: string; save: (input: ClosureInput) => Promise<SubmitOutcome>; onDirtyChange: (d: boolean) => void }) {
  const schema = useMemo(() => formSchema(closureInput, (v: ClosureValues): ClosureInput => ({ startsOn: v.startsOn, endsOn: v.endsOn, reason: v.reason.trim() })), []);
  const form = useSchemaForm(schema, { startsOn: '', endsOn: '', reason: '' });
  return (
    <SchemaForm id={formId} form={form} onSubmit={save} onDirtyChange={onDirtyChange} aria-label="Nuova chiusura">
      <Text fontSize="sm" color="fg.muted">
        Gli allenamenti ripetuti saltano i giorni di chiusura (al massimo 3 mesi per volta).
      </Text>
      <Flex gap="4" direction={{ base: 'column', sm: 'row' }}>
        <TextField name="startsOn" label="Dal" type="date" required />
        <TextField name="endsOn" label="Al" type="date" required />
      </Flex>
      <TextField name="reason" label="Motivo" required maxLength={120} helper="Ad esempio: Vacanze di Natale." />
    </SchemaForm>
  );
}

function Venues() {
  const venues = useQuery(VenuesQuery, { variables: { includeArchived: true }, fetchPolicy: 'cache-and-network' });
  const [editing, setEditing] = useState<VenueRow | null | undefined>(undefined);
  const [archiving, setArchiving] = useState<VenueRow | null>(null);
  const [archive, archival] = useMutation(ArchiveVenueMutation, { refetchQueries: ['CalendarPage_Venues', 'CalendarPage_Venues'], awaitRefetchQueries: true });
  const confirmArchive = async () => {
    if (!archiving) return;
    try {
      const outcome = readMutationResult((await archive({ variables: { id: archiving.id } })).data?.archiveVenue);
      notify(outcome.ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, outcome.ok ? outcome.data.message : outcome.message);
      if (outcome.ok) setArchiving(null);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    }
  };
  const list = venues.data?.venues;
  let body;
  if (venues.error && !list) body = <ListError message={messageOfError(venues.error)} onRetry={() => void venues.refetch().catch(() => undefined)} />;
  else if (!list) body = <ListLoading label="Caricamento degli impianti..." />;
  else if (list.length === 0) body = <ListEmpty action={<Button onClick={() => setEditing(null)}>Aggiungi il primo impianto</Button>}>Nessun impianto. Aggiungi le palestre e i campi dove si allenano e giocano i gruppi: il calendario avvisa quando due appuntamenti si sovrappongono nello stesso impianto.</ListEmpty>;
  else
    body = (
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Impianti">
        {list.map((v) => (
          <Flex as="li" key={v.id} gap="3" justify="space-between" align="center" borderWidth="1px" borderRadius="lg" p="3" wrap="wrap">
            <Box minW="0">
              <HStack gap="2">
                <Text fontWeight="semibold">{v.name}</Text>
                {v.archived && <Badge>Archiviato</Badge>}
              </HStack>
              {v.address && (
                <Text fontSize="sm" color="fg.muted">
                  {v.address}
                </Text>
              )}
            </Box>
            {!v.archived && (
              <HStack gap="2">
                <Button size="sm" variant="outline" onClick={() => setEditing(v)} aria-label={`Modifica ${v.name}`}>
                  Modifica
                </Button>
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setArchiving(v)} aria-label={`Archivia ${v.name}`}>
                  Archivia
                </Button>
              </HStack>
            )}
          </Flex>
        ))}
      </Stack>
    );
  return (
    <Stack as="section" aria-labelledby="impianti" gap="3" minW="0">
      <Flex gap="3" justify="space-between" align="center" wrap="wrap">
        <Heading as="h2" size="lg" id="impianti">
          Impianti
        </Heading>
        {list && list.length > 0 && (
          <Button onClick={() => setEditing(null)}>
            <PlusIcon />
            Nuovo impianto
          </Button>
        )}
      </Flex>
      {body}
      <VenueDialog venue={editing} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        open={archiving !== null}
        title={`Archiviare l'impianto «${archiving?.name ?? ''}»?`}
        message="Non si potrà più scegliere per nuovi eventi; gli eventi che lo usano lo mantengono."
        confirmLabel="Archivia"
        loading={archival.loading}
        onConfirm={() => void confirmArchive()}
        onCancel={() => setArchiving(null)}
      />
    </Stack>
  );
}

function Closures() {
  const closures = useQuery(ClosuresQuery, { fetchPolicy: 'cache-and-network' });
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<{ id: string; reason: string } | null>(null);
  const [remove, removal] = useMutation(DeleteClosureMutation, { refetchQueries: ['CalendarPage_Closures'], awaitRefetchQueries: true });
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const outcome = readMutationResult((await remove({ variables: { id: deleting.id } })).data?.deleteClosure);
      notify(outcome.ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, outcome.ok ? outcome.data.message : outcome.message);
      if (outcome.ok) setDeleting(null);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    }
  };
  const list = closures.data?.closures;
  let body;
  if (closures.error && !list) body = <ListError message={messageOfError(closures.error)} onRetry={() => void closures.refetch().catch(() => undefined)} />;
  else if (!list) body = <ListLoading label="Caricamento delle chiusure..." />;
  else if (list.length === 0) body = <ListEmpty>Nessuna chiusura. Le festività nazionali sono già saltate dagli allenamenti ripetuti; qui aggiungi le chiusure della società.</ListEmpty>;
  else
    body = (
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Chiusure">
        {list.map((c) => (
          <Flex as="li" key={c.id} gap="3" justify="space-between" align="center" borderWidth="1px" borderRadius="lg" p="3" wrap="wrap">
            <Box minW="0">
              <Text fontWeight="semibold">{c.reason}</Text>
              <Text fontSize="sm" color="fg.muted">
                {c.startsOn === c.endsOn ? `Il ${shortDay(c.startsOn)}` : `Dal ${shortDay(c.startsOn)} al ${shortDay(c.endsOn)}`}
              </Text>
            </Box>
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDeleting(c)} aria-label={`Elimina ${c.reason}`}>
              Elimina
            </Button>
          </Flex>
        ))}
      </Stack>
    );
  return (
    <Stack as="section" aria-labelledby="chiusure" gap="3" minW="0">
      <Flex gap="3" justify="space-between" align="center" wrap="wrap">
        <Heading as="h2" size="lg" id="chiusure">
          Chiusure
        </Heading>
        <Button onClick={() => setAdding(true)}>
          <PlusIcon />
          Nuova chiusura
        </Button>
      </Flex>
      {body}
      <ClosureDialog open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Eliminare la chiusura «${deleting?.reason ?? ''}»?`}
        message="I suoi giorni tornano negli allenamenti ripetuti."
        confirmLabel="Elimina"
        loading={removal.loading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}

export default function VenuesPage() {
  useDocumentTitle(TITLE);
  return (
    <Stack gap="6" maxW="5xl" w="100%" minW="0">
      <Stack gap="2">
        <Box>
          <Button variant="ghost" size="sm" asChild>
            <RouterLink to="/calendario">
              <ArrowLeftIcon />
              Calendario
            </RouterLink>
          </Button>
        </Box>
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="fg.muted">Le palestre e i campi della società, e i periodi di chiusura che gli allenamenti ripetuti saltano.</Text>
      </Stack>
      <Box display="grid" gridTemplateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="8" alignItems="start">
        <Venues />
        <Closures />
      </Box>
    </Stack>
  );
}
