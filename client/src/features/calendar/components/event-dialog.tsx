// "Nuovo evento", the whole series' edit and "Modifica da questo giorno in poi" (issue 38): kind, title, groups,
// venue, day, time, duration, the repeat (weekday chips, every N weeks, until, holidays and closures skipped), the
// match's fields (opponent, home or away, competition, meeting time and place) and a note. The shared rules
// (schema/validation/calendar.ts) check the form first; the server's messages go under their fields. A save is first
// a preview (dryRun): when the venue is already taken the dialog lists the clashes and the button becomes "Salva
// comunque", which saves with allowVenueClashes; any further edit asks again.
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Checkbox, Fieldset, Heading, HStack, SimpleGrid, Stack, Text, VisuallyHidden, Wrap } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { EVENT_KIND_LABELS, EVENT_KINDS, saveEventInput, WEEKDAYS, type Weekday } from '../../../../../schema/validation/calendar';
import { CheckboxField, ConnectedField, formSchema, PanelFormFooter, SchemaForm, SelectField, TextareaField, TextField, useFieldError, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { CalendarEventKind, CalendarPage_RangeQuery, SaveCalendarEventInput, Weekday as GqlWeekday } from '../../../gql/graphql';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { CalendarGroupsQuery, ChangeSeriesFromMutation, SaveCalendarEventMutation, VenuesQuery } from '../calendar-documents';
import { longDay, shortDay, WEEKDAY_LABELS } from '../calendar-labels';

type RangeSuccess = Extract<CalendarPage_RangeQuery['calendar'], { __typename: 'QueryCalendarSuccess' }>;
export type Occurrence = RangeSuccess['data'][number];
export type CalendarEventData = Occurrence['event'];

export interface VenueClashView {
  date: string;
  time: string;
  title: string;
  eventId: string;
}

interface EventValues {
  kind: CalendarEventKind;
  title: string;
  groupIds: string[];
  venueId: string;
  startsOn: string;
  startTime: string;
  durationMinutes: string;
  repeats: boolean;
  repeat: { weekdays: string[]; intervalWeeks: string; until: string };
  skipClosures: boolean;
  opponent: string;
  home: '' | 'casa' | 'trasferta';
  competition: string;
  meetingTime: string;
  meetingPlace: string;
  notes: string;
}

const numberOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The values in the shape of the shared rules. */
const checked = (v: EventValues, id: string | undefined) => ({
  ...(id ? { id } : {}),
  kind: v.kind,
  title: v.title,
  groupIds: v.groupIds,
  venueId: v.venueId,
  startsOn: v.startsOn,
  startTime: v.startTime,
  durationMinutes: numberOf(v.durationMinutes),
  repeat: v.repeats ? { weekdays: v.repeat.weekdays, intervalWeeks: numberOf(v.repeat.intervalWeeks || '1'), until: v.repeat.until } : null,
  skipClosures: v.skipClosures,
  ...(v.kind === 'partita'
    ? { opponent: v.opponent, home: v.home === '' ? null : v.home === 'casa', competition: v.competition, meetingTime: v.meetingTime || undefined, meetingPlace: v.meetingPlace }
    : {}),
  notes: v.notes,
});

/** What the server takes: times as hh:mm, blanks as null. */
const toInput = (v: EventValues, id: string | undefined): SaveCalendarEventInput => {
  const match = v.kind === 'partita';
  return {
    ...(id ? { id } : {}),
    kind: v.kind,
    title: v.title.trim(),
    groupIds: v.groupIds,
    venueId: orNull(v.venueId),
    startsOn: v.startsOn,
    startTime: v.startTime,
    durationMinutes: numberOf(v.durationMinutes),
    repeat: v.repeats ? { weekdays: v.repeat.weekdays as GqlWeekday[], intervalWeeks: numberOf(v.repeat.intervalWeeks || '1'), until: v.repeat.until } : null,
    skipClosures: v.skipClosures,
    opponent: match ? orNull(v.opponent) : null,
    home: match && v.home !== '' ? v.home === 'casa' : null,
    competition: match ? orNull(v.competition) : null,
    // left out when blank: the shared rule takes no null for it (time(...).optional())
    ...(match && v.meetingTime.trim() ? { meetingTime: v.meetingTime.trim() } : {}),
    meetingPlace: match ? orNull(v.meetingPlace) : null,
    notes: orNull(v.notes),
  };
};

function valuesOf(event: CalendarEventData | null, startsOn: string | undefined): EventValues {
  return {
    kind: event?.kind ?? 'allenamento',
    title: event?.title ?? '',
    groupIds: event?.groups.map((g) => g.id) ?? [],
    venueId: event?.venueId ?? '',
    startsOn: startsOn ?? event?.startsOn ?? '',
    startTime: event?.startTime ?? '',
    durationMinutes: String(event?.durationMinutes ?? 90),
    repeats: Boolean(event?.repeat),
    repeat: { weekdays: event?.repeat?.weekdays ?? [], intervalWeeks: String(event?.repeat?.intervalWeeks ?? 1), until: event?.repeat?.until ?? '' },
    skipClosures: event?.skipClosures ?? true,
    opponent: event?.opponent ?? '',
    home: event?.home === true ? 'casa' : event?.home === false ? 'trasferta' : '',
    competition: event?.competition ?? '',
    meetingTime: event?.meetingTime ?? '',
    meetingPlace: event?.meetingPlace ?? '',
    notes: event?.notes ?? '',
  };
}

const KIND_OPTIONS = EVENT_KINDS.map((k) => ({ value: k, label: EVENT_KIND_LABELS[k] }));
const HOME_OPTIONS = [
  { value: 'casa', label: 'In casa' },
  { value: 'trasferta', label: 'In trasferta' },
];
const INTERVAL_OPTIONS = [1, 2, 3, 4].map((n) => ({ value: String(n), label: n === 1 ? 'Ogni settimana' : `Ogni ${n} settimane` }));

/** The groups as checkboxes in a fieldset (not in a Field: its ids would bind every label to the first box). */
function GroupsField() {
  const groups = useQuery(CalendarGroupsQuery);
  const list = groups.data?.groups.edges.map((e) => e.node) ?? [];
  const { control } = useFormContext<EventValues>();
  const error = useFieldError('groupIds');
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium" color="fg">
        Gruppi
        <Text as="span" color="fg.error" aria-hidden="true" ms="1">
          *
        </Text>
      </Fieldset.Legend>
      <Controller
        name="groupIds"
        control={control}
        render={({ field }) => (
          <Wrap gap="3" mt="1">
            {groups.loading && !list.length && <Text fontSize="sm">Caricamento dei gruppi...</Text>}
            {list.map((g) => (
              <Checkbox.Root
                key={g.id}
                value={g.id}
                checked={field.value.includes(g.id)}
                onCheckedChange={(d) => field.onChange(d.checked === true ? [...field.value, g.id] : field.value.filter((id) => id !== g.id))}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{g.name}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Wrap>
        )}
      />
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}

function WeekdaysField() {
  const { control } = useFormContext<EventValues>();
  return (
    <ConnectedField name="repeat.weekdays" label="Giorni della settimana" required>
      <Controller
        name="repeat.weekdays"
        control={control}
        render={({ field }) => (
          <Wrap gap="2" role="group" aria-label="Giorni della settimana">
            {WEEKDAYS.map((d: Weekday) => {
              const pressed = field.value.includes(d);
              return (
                <Button
                  key={d}
                  size="sm"
                  minW="12"
                  variant={pressed ? 'solid' : 'outline'}
                  aria-pressed={pressed}
                  onClick={() => field.onChange(pressed ? field.value.filter((x) => x !== d) : WEEKDAYS.filter((x) => x === d || field.value.includes(x)))}
                >
                  <span aria-hidden="true">{WEEKDAY_LABELS[d].short}</span>
                  <VisuallyHidden>{WEEKDAY_LABELS[d].long}</VisuallyHidden>
                </Button>
              );
            })}
          </Wrap>
        )}
      />
    </ConnectedField>
  );
}

function VenueField() {
  const venues = useQuery(VenuesQuery, { variables: { includeArchived: false } });
  const options = [{ value: '', label: 'Nessun impianto' }, ...(venues.data?.venues ?? []).map((v) => ({ value: v.id, label: v.name }))];
  return <SelectField name="venueId" label="Impianto" options={options} placeholder="" />;
}

interface FieldsProps {
  event: CalendarEventData | null;
  startsOn: string | undefined;
  fromDay: string | undefined;
  formId: string;
  save: (input: SaveCalendarEventInput) => Promise<SubmitOutcome>;
  onDirtyChange: (dirty: boolean) => void;
  onEdit: () => void;
  clashes: VenueClashView[] | null;
  clashMessage: string | null;
}

function EventFields({ event, startsOn, fromDay, formId, save, onDirtyChange, onEdit, clashes, clashMessage }: FieldsProps) {
  const id = fromDay ? undefined : event?.id;
  const schema = useMemo(
    () =>
      formSchema(
        saveEventInput,
        (values: EventValues) => toInput(values, id),
        (values: EventValues) => checked(values, id),
      ),
    [id],
  );
  const form = useSchemaForm(schema, valuesOf(event, startsOn));
  const kind = useWatch({ control: form.control, name: 'kind' });
  const repeats = useWatch({ control: form.control, name: 'repeats' });
  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      if (type === 'change') onEdit();
    });
    return () => subscription.unsubscribe();
  }, [form, onEdit]);
  return (
    <SchemaForm id={formId} form={form} onSubmit={save} onDirtyChange={onDirtyChange} aria-label={event ? `Modifica evento ${event.title}` : 'Nuovo evento'}>
      {clashes && (
        <Box role="alert" borderWidth="1px" borderColor="orange.muted" bg="orange.subtle" borderRadius="md" p="3">
          <Text fontWeight="semibold">{clashMessage ?? "L'impianto è già occupato: controlla e conferma."}</Text>
          {clashes.length > 0 && (
            <Stack as="ul" gap="1" mt="2" pl="4" listStyleType="disc" fontSize="sm">
              {clashes.slice(0, 10).map((c) => (
                <li key={`${c.eventId}-${c.date}-${c.time}`}>{`${shortDay(c.date)}, ${c.time}: ${c.title}`}</li>
              ))}
              {clashes.length > 10 && <li>{`e altri ${clashes.length - 10}`}</li>}
            </Stack>
          )}
          <Text fontSize="sm" mt="2">
            Premi «Salva comunque» per salvare lo stesso.
          </Text>
        </Box>
      )}
      {fromDay && (
        <Text fontSize="sm" color="fg.muted">
          {`Le modifiche valgono da ${longDay(fromDay)} in poi: i giorni precedenti restano come sono.`}
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SelectField name="kind" label="Tipo" required options={KIND_OPTIONS} />
        <TextField name="title" label="Titolo" required maxLength={120} />
      </SimpleGrid>
      <GroupsField />
      <VenueField />
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <TextField name="startsOn" label={fromDay ? 'Dal giorno' : 'Giorno'} type="date" required readOnly={Boolean(fromDay)} />
        <TextField name="startTime" label="Ora" type="time" required />
        <TextField name="durationMinutes" label="Durata (minuti)" inputMode="numeric" required maxLength={3} />
      </SimpleGrid>
      <Fieldset.Root borderTopWidth="1px" pt="4">
        <Fieldset.Legend asChild>
          <Heading as="h3" size="sm" fontWeight="semibold" color="fg">
            Ripetizione
          </Heading>
        </Fieldset.Legend>
        <Fieldset.Content mt="2">
          <CheckboxField name="repeats" label="Si ripete ogni settimana" />
          {repeats && (
            <Stack gap="4">
              <WeekdaysField />
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                <SelectField name="repeat.intervalWeeks" label="Frequenza" options={INTERVAL_OPTIONS} placeholder="" />
                <TextField name="repeat.until" label="Fino al" type="date" required />
              </SimpleGrid>
              <CheckboxField name="skipClosures" label="Salta festività e chiusure" />
            </Stack>
          )}
        </Fieldset.Content>
      </Fieldset.Root>
      {kind === 'partita' && (
        <Fieldset.Root borderTopWidth="1px" pt="4">
          <Fieldset.Legend asChild>
            <Heading as="h3" size="sm" fontWeight="semibold" color="fg">
              Partita
            </Heading>
          </Fieldset.Legend>
          <Fieldset.Content mt="2">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <TextField name="opponent" label="Avversario" maxLength={120} />
              <SelectField name="home" label="Casa o trasferta" required options={HOME_OPTIONS} />
              <TextField name="competition" label="Competizione" maxLength={120} />
              <TextField name="meetingTime" label="Ritrovo (ora)" type="time" />
              <TextField name="meetingPlace" label="Ritrovo (luogo)" maxLength={120} />
            </SimpleGrid>
          </Fieldset.Content>
        </Fieldset.Root>
      )}
      <TextareaField name="notes" label="Note" maxLength={2000} />
    </SchemaForm>
  );
}

export interface EventDialogProps {
  /** Open while not undefined: null for a new event, else the event to change (the whole series, or from `fromDay`). */
  target: { event: CalendarEventData | null; fromDay?: string; startsOn?: string } | undefined;
  onClose: () => void;
}

export function EventDialog({ target, onClose }: EventDialogProps) {
  const open = target !== undefined;
  const formId = useId();
  const options = { refetchQueries: ['CalendarPage_Range'], awaitRefetchQueries: true };
  const [saveMutation, saving] = useMutation(SaveCalendarEventMutation, options);
  const [fromMutation, changing] = useMutation(ChangeSeriesFromMutation, options);
  const sending = saving.loading || changing.loading;
  const [dirty, setDirty] = useState(false);
  /** The clashes of the values previewed: the next submit of the same values saves anyway. */
  const [confirmation, setConfirmation] = useState<{ key: string; clashes: VenueClashView[]; message: string } | null>(null);
  const onEdit = useMemo(() => () => setConfirmation(null), []);
  const fromDay = target?.fromDay;
  const event = target?.event ?? null;

  const close = () => {
    setConfirmation(null);
    onClose();
  };

  const save = async (input: SaveCalendarEventInput): Promise<SubmitOutcome> => {
    const key = JSON.stringify(input);
    const confirmed = confirmation?.key === key;
    if (fromDay && event) {
      const outcome = readMutationResult((await fromMutation({ variables: { eventId: event.id, from: fromDay, input, allowVenueClashes: confirmed } })).data?.changeCalendarSeriesFrom);
      if (!outcome.ok) {
        if (outcome.code === 'CONFLICT' && outcome.fieldErrors.venueId) {
          setConfirmation({ key, clashes: [], message: outcome.message });
          return;
        }
        return outcome;
      }
      notify(MESSAGE_LEVEL.success, outcome.data.message);
    } else {
      if (!confirmed) {
        const preview = readMutationResult((await saveMutation({ variables: { input, dryRun: true } })).data?.saveCalendarEvent);
        if (!preview.ok) return preview;
        if (preview.data.clashes.length) {
          setConfirmation({ key, clashes: preview.data.clashes, message: preview.data.message });
          return;
        }
      }
      const outcome = readMutationResult((await saveMutation({ variables: { input, dryRun: false, allowVenueClashes: confirmed } })).data?.saveCalendarEvent);
      if (!outcome.ok) return outcome;
      notify(MESSAGE_LEVEL.success, outcome.data.message);
    }
    setDirty(false);
    close();
  };

  const title = !event ? 'Nuovo evento' : fromDay ? `Modifica da ${shortDay(fromDay)} in poi: ${event.title}` : `Modifica evento: ${event.title}`;
  return (
    <FormDialog
      open={open}
      dirty={dirty}
      size="lg"
      title={title}
      onClose={() => {
        if (!sending) close();
      }}
      footer={
        <HStack gap="3" w="100%" justify="flex-end" wrap="wrap">
          <PanelFormFooter formId={formId} sending={sending} submitLabel={confirmation ? 'Salva comunque' : 'Salva'} />
        </HStack>
      }
    >
      {open && (
        <EventFields
          key={`${event?.id ?? 'nuovo'}-${fromDay ?? ''}`}
          event={event}
          startsOn={fromDay ?? target?.startsOn}
          fromDay={fromDay}
          formId={formId}
          save={save}
          onDirtyChange={setDirty}
          onEdit={onEdit}
          clashes={confirmation?.clashes ?? null}
          clashMessage={confirmation?.message ?? null}
        />
      )}
    </FormDialog>
  );
}
