// One day of an event, opened from the calendar (issue 38 point 2): kind, title, groups, venue, time, repeat, the
// match's fields, the note; for who may write the day's and the series' actions: "Annulla questo giorno", "Sposta
// questo giorno" (day, time, venue), "Modifica da questo giorno in poi" (the event form, from that day),
// "Termina la serie da questo giorno" and "Annulla evento", the destructive ones asked first. A refusal of the
// server (a coach and a group they do not coach) is shown in the dialog.
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, DataList, Flex, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { clubDate } from '../../../../../schema/club-time';
import { EVENT_KIND_LABELS, occurrenceChangeInput } from '../../../../../schema/validation/calendar';
import { formSchema, PanelFormFooter, SchemaForm, SelectField, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { PanelCancelButton } from '../../../components/ui/unsaved-changes';
import type { CalendarOccurrenceChangeInput } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { CancelCalendarEventMutation, ChangeOccurrenceMutation, ChangeSeriesFromMutation, VenuesQuery } from '../calendar-documents';
import { longDay, matchLine, repeatLine, shortDay } from '../calendar-labels';
import type { CalendarEventData, Occurrence } from './event-dialog';

const REFETCH = { refetchQueries: ['CalendarPage_Range'], awaitRefetchQueries: true };

type Action = 'cancelDay' | 'endSeries' | 'cancelEvent';

interface MoveValues {
  startsOn: string;
  startTime: string;
  durationMinutes: string;
  venueId: string;
  note: string;
}

function MoveDialog({ occurrence, onClose }: { occurrence: Occurrence | null; onClose: () => void }) {
  const formId = useId();
  const [change, { loading }] = useMutation(ChangeOccurrenceMutation, REFETCH);
  const [dirty, setDirty] = useState(false);
  const [confirmKey, setConfirmKey] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const save = async (input: CalendarOccurrenceChangeInput): Promise<SubmitOutcome> => {
    const key = JSON.stringify(input);
    const outcome = readMutationResult((await change({ variables: { input, allowVenueClashes: confirmKey === key } })).data?.changeCalendarOccurrence);
    if (!outcome.ok) {
      if (outcome.code === 'CONFLICT' && outcome.fieldErrors.venueId) {
        setConfirmKey(key);
        setBusy(outcome.message);
        return;
      }
      return outcome;
    }
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    setDirty(false);
    onClose();
  };
  return (
    <FormDialog
      open={occurrence !== null}
      dirty={dirty}
      title={occurrence ? `Sposta questo giorno: ${occurrence.event.title}` : ''}
      onClose={() => {
        if (!loading) onClose();
      }}
      footer={
        <HStack gap="3" w="100%" justify="flex-end" wrap="wrap">
          <PanelFormFooter formId={formId} sending={loading} submitLabel={busy ? 'Salva comunque' : 'Salva'} />
        </HStack>
      }
    >
      {occurrence && <MoveFields occurrence={occurrence} formId={formId} save={save} onDirtyChange={setDirty} busy={busy} onEdit={() => setBusy(null)} />}
    </FormDialog>
  );
}

function MoveFields({
  occurrence,
  formId,
  save,
  onDirtyChange,
  busy,
  onEdit,
}: {
  occurrence: Occurrence;
  formId: string;
  save: (input: CalendarOccurrenceChangeInput) => Promise<SubmitOutcome>;
  onDirtyChange: (dirty: boolean) => void;
  busy: string | null;
  onEdit: () => void;
}) {
  const venues = useQuery(VenuesQuery, { variables: { includeArchived: false } });
  const options = [{ value: '', label: 'Nessun impianto' }, ...(venues.data?.venues ?? []).map((v) => ({ value: v.id, label: v.name }))];
  const eventId = occurrence.event.id;
  const occursOn = occurrence.occursOn;
  const schema = useMemo(() => {
    const checked = (v: MoveValues) => ({
      eventId,
      occursOn,
      startsOn: v.startsOn,
      startTime: v.startTime,
      durationMinutes: /^\d+$/.test(v.durationMinutes) ? Number(v.durationMinutes) : Number.NaN,
      venueId: v.venueId,
      note: v.note,
    });
    const toInput = (v: MoveValues): CalendarOccurrenceChangeInput => ({
      eventId,
      occursOn,
      startsOn: v.startsOn,
      startTime: v.startTime,
      durationMinutes: Number(v.durationMinutes),
      venueId: v.venueId || null,
      note: v.note.trim() || null,
    });
    return formSchema(occurrenceChangeInput, toInput, checked);
  }, [eventId, occursOn]);
  const [startH, startM] = occurrence.startTime.split(':').map(Number);
  const [endH, endM] = occurrence.endTime.split(':').map(Number);
  const minutes = (endH * 60 + endM - (startH * 60 + startM) + 1440) % 1440 || occurrence.event.durationMinutes;
  const form = useSchemaForm(schema, {
    startsOn: occurrence.date,
    startTime: occurrence.startTime,
    durationMinutes: String(minutes),
    venueId: occurrence.venueId ?? '',
    note: occurrence.note ?? '',
  });
  return (
    <SchemaForm id={formId} form={form} onSubmit={save} onDirtyChange={onDirtyChange} aria-label="Sposta questo giorno">
      <Text fontSize="sm" color="fg.muted">{`Cambia solo l'appuntamento di ${longDay(occurrence.occursOn)}: gli altri giorni della serie restano come sono.`}</Text>
      <Stack gap="4" onChange={onEdit}>
        <TextField name="startsOn" label="Nuovo giorno" type="date" required />
        <TextField name="startTime" label="Ora" type="time" required />
        <TextField name="durationMinutes" label="Durata (minuti)" inputMode="numeric" maxLength={3} />
        <SelectField name="venueId" label="Impianto" options={options} placeholder="" />
        <TextField name="note" label="Nota per quel giorno" maxLength={500} />
      </Stack>
      {busy && (
        <Box role="alert" borderWidth="1px" borderColor="orange.muted" bg="orange.subtle" borderRadius="md" p="3">
          <Text fontWeight="semibold">{busy}</Text>
          <Text fontSize="sm">Premi «Salva comunque» per spostarlo lo stesso.</Text>
        </Box>
      )}
    </SchemaForm>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

export interface OccurrenceDialogProps {
  occurrence: Occurrence | null;
  mayWrite: boolean;
  onClose: () => void;
  /** "Modifica da questo giorno in poi" (fromDay) or the whole event's edit. */
  onEdit: (event: CalendarEventData, fromDay?: string) => void;
}

export function OccurrenceDialog({ occurrence, mayWrite, onClose, onEdit }: OccurrenceDialogProps) {
  const [asking, setAsking] = useState<Action | null>(null);
  const [moving, setMoving] = useState<Occurrence | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [changeDay, day] = useMutation(ChangeOccurrenceMutation, REFETCH);
  const [changeFrom, from] = useMutation(ChangeSeriesFromMutation, REFETCH);
  const [cancelEvent, cancelling] = useMutation(CancelCalendarEventMutation, REFETCH);
  const loading = day.loading || from.loading || cancelling.loading;
  // a day moved to another venue names it (archived ones too)
  const venues = useQuery(VenuesQuery, { variables: { includeArchived: true }, skip: occurrence === null });
  const venueName = (id: string | null | undefined) => (id ? (venues.data?.venues.find((v) => v.id === id)?.name ?? (id === occurrence?.event.venueId ? occurrence.event.venueName : null)) : null);

  const close = () => {
    setRefusal(null);
    setAsking(null);
    onClose();
  };

  const run = async (action: Action) => {
    if (!occurrence) return;
    const { event } = occurrence;
    try {
      const outcome =
        action === 'cancelDay'
          ? readMutationResult((await changeDay({ variables: { input: { eventId: event.id, occursOn: occurrence.occursOn, cancel: true } } })).data?.changeCalendarOccurrence)
          : action === 'endSeries'
            ? readMutationResult((await changeFrom({ variables: { eventId: event.id, from: occurrence.occursOn } })).data?.changeCalendarSeriesFrom)
            : readMutationResult((await cancelEvent({ variables: { id: event.id } })).data?.cancelCalendarEvent);
      setAsking(null);
      if (!outcome.ok) {
        setRefusal(outcome.message);
        notify(MESSAGE_LEVEL.error, outcome.message);
        return;
      }
      notify(MESSAGE_LEVEL.success, outcome.data.message);
      close();
    } catch (error) {
      setAsking(null);
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    }
  };

  const event = occurrence?.event;
  const match = event ? matchLine(event) : null;
  const open = occurrence !== null && moving === null;
  const questions: Record<Action, { title: string; message: string; confirm: string }> = {
    cancelDay: {
      title: 'Annullare questo giorno?',
      message: `L'appuntamento di ${occurrence ? longDay(occurrence.occursOn) : ''} resta in calendario barrato; gli altri giorni restano come sono.`,
      confirm: 'Annulla questo giorno',
    },
    endSeries: {
      title: 'Terminare la serie da questo giorno?',
      message: `Gli appuntamenti da ${occurrence ? longDay(occurrence.occursOn) : ''} in poi non ci saranno più; quelli precedenti restano.`,
      confirm: 'Termina la serie',
    },
    cancelEvent: {
      title: `Annullare l'evento «${event?.title ?? ''}»?`,
      message: 'Tutti i suoi appuntamenti, passati e futuri, escono dal calendario e dai calendari sul telefono; chi è interessato riceve un avviso. Non si torna indietro.',
      confirm: 'Annulla evento',
    },
  };
  const editable = mayWrite && occurrence !== null && !occurrence.event.cancelled;
  return (
    <>
      <FormDialog
        open={open}
        title={event ? `${EVENT_KIND_LABELS[event.kind]}: ${event.title}` : ''}
        onClose={() => {
          if (!loading) close();
        }}
        footer={<PanelCancelButton>Chiudi</PanelCancelButton>}
      >
        {occurrence && event && (
          <Stack gap="4">
            <Wrap gap="2">
              <Badge colorPalette={event.kind === 'partita' ? 'orange' : event.kind === 'allenamento' ? 'blue' : 'purple'}>{EVENT_KIND_LABELS[event.kind]}</Badge>
              {occurrence.cancelled && <Badge colorPalette="red">Annullato</Badge>}
              {occurrence.changed && !occurrence.cancelled && <Badge colorPalette="yellow">Modificato per questo giorno</Badge>}
            </Wrap>
            <DataList.Root orientation="vertical" display="grid" gridTemplateColumns={{ base: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="4">
              <Detail label="Quando">
                <Text textDecoration={occurrence.cancelled ? 'line-through' : undefined}>{`${longDay(occurrence.date)}, ${occurrence.startTime}–${occurrence.endTime}`}</Text>
              </Detail>
              {occurrence.date !== occurrence.occursOn && <Detail label="Al posto di">{longDay(occurrence.occursOn)}</Detail>}
              <Detail label="Gruppi">{event.groups.map((g) => g.name).join(', ')}</Detail>
              <Detail label="Impianto">{venueName(occurrence.venueId) ?? 'Nessuno'}</Detail>
              <Detail label="Ripetizione">{event.repeat ? repeatLine(event.repeat) : `Una volta sola, ${shortDay(event.startsOn)}`}</Detail>
              {match && <Detail label="Partita">{`${match} (${event.home === false ? 'in trasferta' : 'in casa'})`}</Detail>}
              {event.competition && <Detail label="Competizione">{event.competition}</Detail>}
              {(event.meetingTime || event.meetingPlace) && <Detail label="Ritrovo">{[event.meetingTime, event.meetingPlace].filter(Boolean).join(', ')}</Detail>}
              {occurrence.note && <Detail label="Nota del giorno">{occurrence.note}</Detail>}
              {event.notes && <Detail label="Note">{event.notes}</Detail>}
            </DataList.Root>
            {refusal && (
              <Box role="alert" borderWidth="1px" borderColor="red.muted" bg="red.subtle" borderRadius="md" p="3">
                <Text>{refusal}</Text>
              </Box>
            )}
            {editable && !occurrence.cancelled && occurrence.occursOn <= clubDate(new Date()) && occurrence.date <= clubDate(new Date()) && (
              <Button size="sm" colorPalette="green" alignSelf="flex-start" asChild>
                <RouterLink to={`/calendario/presenze/${event.id}/${occurrence.occursOn}`}>Presenze</RouterLink>
              </Button>
            )}
            {editable && !occurrence.cancelled && event.kind !== 'allenamento' && (
              <Button size="sm" alignSelf="flex-start" asChild>
                <RouterLink to={`/calendario/convocazioni/${event.id}/${occurrence.occursOn}`}>Convocazioni</RouterLink>
              </Button>
            )}
            {editable && (
              <Flex gap="2" wrap="wrap" borderTopWidth="1px" pt="4">
                {!occurrence.cancelled && (
                  <Button size="sm" variant="outline" onClick={() => setAsking('cancelDay')}>
                    Annulla questo giorno
                  </Button>
                )}
                {!occurrence.cancelled && (
                  <Button size="sm" variant="outline" onClick={() => setMoving(occurrence)}>
                    Sposta questo giorno
                  </Button>
                )}
                {event.repeat ? (
                  <>
                    <Button size="sm" variant="outline" onClick={() => onEdit(event, occurrence.occursOn)}>
                      Modifica da questo giorno in poi
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => onEdit(event)}>
                      Modifica tutta la serie
                    </Button>
                    <Button size="sm" variant="outline" colorPalette="red" onClick={() => setAsking('endSeries')}>
                      Termina la serie da questo giorno
                    </Button>
                  </>
                ) : (
                  <Button size="sm" variant="outline" onClick={() => onEdit(event)}>
                    Modifica evento
                  </Button>
                )}
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setAsking('cancelEvent')}>
                  Annulla evento
                </Button>
              </Flex>
            )}
          </Stack>
        )}
      </FormDialog>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? questions[asking].title : ''}
        message={asking ? questions[asking].message : ''}
        confirmLabel={asking ? questions[asking].confirm : ''}
        cancelLabel="Indietro"
        loading={loading}
        onConfirm={() => asking && void run(asking)}
        onCancel={() => setAsking(null)}
      />
      <MoveDialog
        occurrence={moving}
        onClose={() => {
          setMoving(null);
          close();
        }}
      />
    </>
  );
}
