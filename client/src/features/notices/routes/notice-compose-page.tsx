// /avvisi/nuovo (feed.write; issue 39): writing a notice. The message (Oggetto, Testo, Urgente: the read confirmation
// asked) and whom it goes to (Destinatari: groups, roles, a season's soci, hand-picked people and, opened from a day
// of the calendar with ?evento=<id>&giorno=<YYYY-MM-DD>, that day's called-up athletes). "Vedi destinatari" checks the
// form with the server's own rules (schema/validation/notices.ts) and asks the server who would receive it (adults
// themselves, minors through their guardians); "Invia avviso", after a question naming how many, sends it and opens
// its history. A coach chooses among the groups they coach only (the server refuses anything else).
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Checkbox, CheckboxGroup, CloseButton, Fieldset, Flex, Heading, HStack, Input, Link, RadioGroup, SimpleGrid, Spinner, Stack, Switch, Text, Wrap } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useController, useFormContext, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { addDays, clubDate } from '../../../../../schema/club-time';
import { PERSON_KIND_INFO, PERSON_KINDS, type PersonKindKey } from '../../../../../schema/constants';
import { NOTICE_MSG } from '../../../../../schema/messages-notices';
import { sendNoticeInput } from '../../../../../schema/validation/notices';
import { ConnectedField, SchemaForm, SelectField, TextareaField, TextField, useFieldError, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { ArrowLeftIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { SearchBox } from '../../../components/ui/search-box';
import type { NoticeComposePage_PreviewQuery } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { groupTypeLabel } from '../../../lib/group-types';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { fieldErrorsFromServer } from '../../../lib/server-field-errors';
import { useAccess } from '../../../lib/use-access';
import { dayLabel, forLabel, isDay, recipientsLabel } from '../notices-labels';
import { NoticeChoicesQuery, NoticePeopleSearchQuery, NoticePreviewQuery, NoticeSeasonsQuery, NoticeSettingsQuery, SendNoticeMutation } from '../notices-documents';
import { deliveryNote, quietOf, scheduledInstant, scheduleProblem } from '../notice-when';

const TITLE = 'Nuovo avviso';
/** More than any club's list of groups; the server answers them sorted by name. */
const MAX_GROUPS = 100;
const MIN_SEARCH = 2;

type Preview = Extract<NoticeComposePage_PreviewQuery['noticeRecipientsPreview'], { __typename: 'QueryNoticeRecipientsPreviewSuccess' }>['data'];

interface Values {
  title: string;
  body: string;
  urgent: boolean;
  audience: {
    groupIds: string[];
    roleKinds: string[];
    seasonId: string;
    personIds: string[];
    callUp: { eventId: string; occursOn: string } | undefined;
  };
  /** Quando inviarlo: at once, or at a date and time of the club's wall clock. */
  when: 'subito' | 'programma';
  sendDate: string;
  sendTime: string;
}

/** What the schema hands the submit (SendNoticeInput's shape). */
type NoticeInput = ReturnType<typeof sendNoticeInput.parse>;

/** The values as the shared rule takes them: the date and time chosen become `sendAt`, an ISO instant. */
function rawInput({ when, sendDate, sendTime, ...values }: Values) {
  return { ...values, sendAt: when === 'programma' ? (scheduledInstant(sendDate, sendTime)?.toISOString() ?? '') : undefined };
}

/** The shared rule (schema/validation/notices.ts), and the schedule checked as the server does, its message under "Quando inviarlo". */
const composeSchema = z
  .custom<Values>()
  .superRefine((values, ctx) => {
    const result = sendNoticeInput.safeParse(rawInput(values));
    if (!result.success) for (const { path, message } of result.error.issues) ctx.addIssue({ code: 'custom', path, message });
    if (values.when === 'programma') {
      const at = scheduledInstant(values.sendDate, values.sendTime);
      const problem = at ? scheduleProblem(at, new Date()) : NOTICE_MSG.sendAtInvalid;
      if (problem) ctx.addIssue({ code: 'custom', path: ['sendAt'], message: problem });
    }
  })
  .transform((values): NoticeInput => sendNoticeInput.parse(rawInput(values)));

export function NoticeComposePage() {
  useDocumentTitle(TITLE);
  const access = useAccess();
  const coachGroups = access.athleteGroupIds;
  const [params] = useSearchParams();
  const eventId = params.get('evento');
  const occursOn = isDay(params.get('giorno'));
  // a coach names only their groups: the called-up athletes of a day are the staff's
  const callUp = eventId && occursOn && !coachGroups ? { eventId, occursOn } : undefined;
  const form = useSchemaForm(composeSchema, {
    title: '',
    body: '',
    urgent: false,
    audience: { groupIds: [], roleKinds: [], seasonId: '', personIds: [], callUp },
    when: 'subito',
    sendDate: addDays(clubDate(new Date()), 1),
    sendTime: '09:00',
  } satisfies Values as Values);
  const settings = useQuery(NoticeSettingsQuery, { fetchPolicy: 'cache-and-network' });
  const quiet = quietOf(settings.data?.noticeSettings);
  const client = useApolloClient();
  const navigate = useNavigate();
  const [send, { loading: sending }] = useMutation(SendNoticeMutation);
  /** The previewed input and who it reaches; any change to the form drops it (the list would be stale). */
  const [preview, setPreview] = useState<{ input: NoticeInput; data: Preview } | null>(null);
  const [asking, setAsking] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const previewRef = useRef<HTMLHeadingElement>(null);
  /** People picked by hand, by id: their names for the chips (the form holds the ids). */
  const [picked, setPicked] = useState<Map<string, string>>(new Map());

  useEffect(() => {
    const subscription = form.watch(() => {
      setPreview(null);
      setSendError(null);
    });
    return () => subscription.unsubscribe();
  }, [form]);
  useEffect(() => {
    if (preview) previewRef.current?.focus();
  }, [preview]);

  const onPreview = async (input: NoticeInput): Promise<SubmitOutcome> => {
    setSendError(null);
    const { data, error } = await client.query({ query: NoticePreviewQuery, variables: { audience: input.audience }, fetchPolicy: 'no-cache' });
    const answer = data?.noticeRecipientsPreview;
    if (!answer) return { ok: false, message: error ? messageOfError(error) : NOTICE_MSG.noRecipients };
    if (answer.__typename === 'QueryNoticeRecipientsPreviewSuccess') {
      setPreview({ input, data: answer.data });
      return { ok: true };
    }
    return { ok: false, message: answer.message, fieldErrors: 'fields' in answer ? fieldErrorsFromServer(answer.fields) : {} };
  };

  const onSend = async () => {
    if (!preview) return;
    try {
      const { data } = await send({ variables: { input: preview.input } });
      const outcome = readMutationResult(data?.sendNotice);
      setAsking(false);
      if (!outcome.ok) {
        for (const [path, message] of Object.entries(outcome.fieldErrors)) if (path !== '_') form.setError(path as never, { type: 'server', message });
        setSendError(outcome.message);
        return;
      }
      notify(MESSAGE_LEVEL.success, outcome.data.message);
      void navigate(`/avvisi/${outcome.data.notice.id}`);
    } catch (error) {
      setAsking(false);
      setSendError(messageOfError(error));
    }
  };

  const count = preview?.data.recipients.length ?? 0;
  const scheduledAt = preview?.input.sendAt ? new Date(preview.input.sendAt) : null;
  const when = preview ? deliveryNote({ due: scheduledAt ?? new Date(), scheduled: Boolean(scheduledAt), urgent: preview.input.urgent, quiet, now: new Date() }) : '';
  return (
    <Stack gap="6" maxW="4xl" w="100%" minW="0">
      <Stack gap="2">
        <Link asChild fontSize="sm" color="fg.muted" alignSelf="flex-start">
          <RouterLink to="/avvisi">
            <ArrowLeftIcon boxSize="4" />
            Avvisi
          </RouterLink>
        </Link>
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="fg.muted">
          Arriva per email a ciascun destinatario, con un link personale per leggerlo: per i minorenni lo ricevono i genitori. Prima di inviare vedi l&apos;elenco di chi lo riceverà.
        </Text>
      </Stack>
      <SchemaForm form={form} onSubmit={onPreview} aria-label="Nuovo avviso" gap="6">
        <Stack as="section" aria-labelledby="avviso-messaggio" gap="4" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
          <Heading as="h2" size="md" id="avviso-messaggio">
            Messaggio
          </Heading>
          <TextField name="title" label="Oggetto" required maxLength={150} />
          <TextareaField name="body" label="Testo" required rows={6} maxLength={10_000} maxH="60vh" />
          <Controller
            name="urgent"
            control={form.control}
            render={({ field }) => (
              <Switch.Root name={field.name} checked={field.value === true} onCheckedChange={(d) => field.onChange(d.checked)} colorPalette="red">
                <Switch.HiddenInput ref={field.ref} onBlur={field.onBlur} />
                <Switch.Control>
                  <Switch.Thumb />
                </Switch.Control>
                <Switch.Label>Urgente: chiede la conferma di lettura</Switch.Label>
              </Switch.Root>
            )}
          />
        </Stack>
        <WhenChoice />
        <Audience coachGroups={coachGroups} callUp={callUp} picked={picked} setPicked={setPicked} />
        <Flex gap="3" wrap="wrap" justify="flex-end">
          <Button asChild variant="outline">
            <RouterLink to="/avvisi">Annulla</RouterLink>
          </Button>
          <Button type="submit" variant={preview ? 'outline' : 'solid'} loading={form.formState.isSubmitting} loadingText="Calcolo dei destinatari...">
            Vedi destinatari
          </Button>
        </Flex>
      </SchemaForm>
      {preview && (
        <Stack as="section" aria-labelledby="avviso-anteprima" gap="4" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
          <Stack gap="1">
            <Heading as="h2" size="md" id="avviso-anteprima" ref={previewRef} tabIndex={-1} _focus={{ outline: 'none' }}>
              {`Destinatari: ${recipientsLabel(count)}`}
            </Heading>
            <Text fontSize="sm" color={preview.data.withoutEmail ? 'orange.fg' : 'fg.muted'}>
              {preview.data.withoutEmail === 0
                ? 'Tutti hanno un indirizzo email.'
                : `${preview.data.withoutEmail === 1 ? '1 destinatario non ha' : `${preview.data.withoutEmail} destinatari non hanno`} un indirizzo email: non riceverà il messaggio per posta.`}
            </Text>
          </Stack>
          {count === 0 ? (
            <FormAlert message={NOTICE_MSG.noRecipients} status="warning" />
          ) : (
            <Stack as="ul" gap="0" listStyleType="none" aria-label="Chi riceverà l'avviso" maxH="96" overflowY="auto" borderWidth="1px" borderRadius="md" tabIndex={0}>
              {preview.data.recipients.map((r) => {
                const forText = forLabel(r.name, r.forNames);
                return (
                  <Flex as="li" key={r.personId} aria-label={r.name} justify="space-between" gap={{ base: '0.5', sm: '3' }} px="3" py="2" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} direction={{ base: 'column', sm: 'row' }}>
                    <Stack gap="0" minW="0">
                      <Text fontWeight="medium" overflowWrap="anywhere">
                        {r.name}
                      </Text>
                      {forText && (
                        <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
                          {forText}
                        </Text>
                      )}
                    </Stack>
                    <Text fontSize="sm" color={r.email ? 'fg.muted' : 'orange.fg'} overflowWrap="anywhere" textAlign={{ base: 'start', sm: 'end' }}>
                      {r.email ?? 'senza email'}
                    </Text>
                  </Flex>
                );
              })}
            </Stack>
          )}
          <Text role="status" fontSize="sm" fontWeight="medium" bg="bg.subtle" borderRadius="md" px="3" py="2">
            {when}
          </Text>
          {sendError && <FormAlert message={sendError} />}
          <Flex justify="flex-end">
            <Button onClick={() => setAsking(true)} disabled={count === 0}>
              Invia avviso
            </Button>
          </Flex>
        </Stack>
      )}
      <ConfirmDialog
        open={asking}
        title="Inviare l'avviso?"
        message={`L'avviso «${preview?.input.title ?? ''}» sarà inviato a ${recipientsLabel(count)}${preview?.input.urgent ? ', con la richiesta di confermare la lettura' : ''}. ${when}`}
        confirmLabel={scheduledAt ? `Programma per ${recipientsLabel(count)}` : `Invia a ${recipientsLabel(count)}`}
        tone="neutral"
        loading={sending}
        onConfirm={() => void onSend()}
        onCancel={() => setAsking(false)}
      />
    </Stack>
  );
}

/** Quando inviarlo: Subito, or Programma with a date and a time (Europe/Rome); the schedule's message under them. */
function WhenChoice() {
  const { control, register } = useFormContext<Values>();
  const when = useWatch<Values, 'when'>({ name: 'when' });
  return (
    <Stack as="section" aria-labelledby="avviso-quando" gap="4" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
      <Heading as="h2" size="md" id="avviso-quando">
        Quando inviarlo
      </Heading>
      <Controller
        name="when"
        control={control}
        render={({ field }) => (
          <RadioGroup.Root name={field.name} value={field.value} onValueChange={(d) => d.value && field.onChange(d.value)} colorPalette="brand" aria-labelledby="avviso-quando">
            <Flex gap="5" wrap="wrap">
              {[
                { value: 'subito', label: 'Subito' },
                { value: 'programma', label: 'Programma' },
              ].map((o) => (
                <RadioGroup.Item key={o.value} value={o.value}>
                  <RadioGroup.ItemHiddenInput ref={o.value === 'subito' ? field.ref : undefined} onBlur={field.onBlur} />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Flex>
          </RadioGroup.Root>
        )}
      />
      {when === 'programma' && (
        <ConnectedField name="sendAt" label="Data e ora dell'invio" required helper="Ora italiana. Al massimo 90 giorni da oggi.">
          <Flex gap="3" wrap="wrap">
            <Input type="date" aria-label="Data dell'invio" {...register('sendDate')} w={{ base: '100%', sm: '48' }} />
            <Input type="time" aria-label="Ora dell'invio" {...register('sendTime')} w={{ base: '100%', sm: '32' }} />
          </Flex>
        </ConnectedField>
      )}
    </Stack>
  );
}

interface AudienceProps {
  coachGroups: readonly string[] | null;
  callUp: { eventId: string; occursOn: string } | undefined;
  picked: Map<string, string>;
  setPicked: (picked: Map<string, string>) => void;
}

/** Destinatari: the parts of the audience, any mix of them. */
function Audience({ coachGroups, callUp, picked, setPicked }: AudienceProps) {
  const error = useFieldError('audience');
  const access = useAccess();
  const coach = coachGroups !== null;
  return (
    <Fieldset.Root as="section" aria-labelledby="avviso-destinatari" invalid={Boolean(error)} bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }} gap="5" minW="0">
      <Stack gap="1">
        <Heading as="h2" size="md" id="avviso-destinatari">
          Destinatari
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {coach ? 'Scegli uno o più dei gruppi che alleni.' : 'Scegli uno o più gruppi, ruoli, i soci di una stagione o singole persone: ognuno riceve l’avviso una volta sola.'}
        </Text>
      </Stack>
      {error && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {error}
        </Text>
      )}
      {callUp && <CallUpChoice callUp={callUp} />}
      <GroupsChoice coachGroups={coachGroups} />
      {!coach && (
        <>
          <RolesChoice />
          {access.can('members.read') && <SeasonChoice />}
          <PeopleChoice picked={picked} setPicked={setPicked} />
        </>
      )}
    </Fieldset.Root>
  );
}

function CallUpChoice({ callUp }: { callUp: { eventId: string; occursOn: string } }) {
  const { setValue } = useFormContext<Values>();
  const current = useWatch<Values, 'audience.callUp'>({ name: 'audience.callUp' });
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
      <Checkbox.Root checked={Boolean(current)} onCheckedChange={(d) => setValue('audience.callUp', d.checked === true ? callUp : undefined, { shouldDirty: true })} size="sm">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{`Gli atleti convocati per ${dayLabel(callUp.occursOn)}`}</Checkbox.Label>
      </Checkbox.Root>
    </Box>
  );
}

function GroupsChoice({ coachGroups }: { coachGroups: readonly string[] | null }) {
  const { field } = useController<Values, 'audience.groupIds'>({ name: 'audience.groupIds' });
  const { data, loading, error } = useQuery(NoticeChoicesQuery, { variables: { first: MAX_GROUPS }, fetchPolicy: 'cache-and-network' });
  const options = useMemo(
    () =>
      (data?.groups.edges ?? [])
        .map((e) => e.node)
        .filter((g) => g.isActive && (!coachGroups || coachGroups.includes(g.id)))
        .map((g) => ({ value: g.id, label: g.name, type: groupTypeLabel(g.type) })),
    [data, coachGroups],
  );
  return (
    <Stack gap="2" role="group" aria-labelledby="avviso-gruppi">
      <Text id="avviso-gruppi" fontSize="sm" fontWeight="medium">
        Gruppi
      </Text>
      {loading && !data ? (
        <HStack gap="2" role="status">
          <Spinner size="xs" />
          <Text fontSize="sm" color="fg.muted">
            Caricamento dei gruppi...
          </Text>
        </HStack>
      ) : error && !data ? (
        <Text fontSize="sm" color="fg.error">
          {messageOfError(error)}
        </Text>
      ) : options.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {coachGroups ? 'Non alleni ancora nessun gruppo.' : 'Non ci sono ancora gruppi attivi.'}
        </Text>
      ) : (
        <Box maxH="64" overflowY="auto" borderWidth="1px" borderRadius="md" px="3" py="2">
          <CheckboxGroup name={field.name} value={field.value} onValueChange={field.onChange}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
              {options.map((o) => (
                <Checkbox.Root key={o.value} value={o.value} size="sm" minW="0">
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label overflowWrap="anywhere">
                    {o.label}{' '}
                    <Text as="span" color="fg.muted" fontWeight="normal">
                      {`· ${o.type}`}
                    </Text>
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
            </SimpleGrid>
          </CheckboxGroup>
        </Box>
      )}
    </Stack>
  );
}

function RolesChoice() {
  const { field } = useController<Values, 'audience.roleKinds'>({ name: 'audience.roleKinds' });
  return (
    <Stack gap="2" role="group" aria-labelledby="avviso-ruoli">
      <Text id="avviso-ruoli" fontSize="sm" fontWeight="medium">
        Ruoli
      </Text>
      <Text fontSize="xs" color="fg.muted" mt="-1">
        Tutte le persone della società con quel ruolo.
      </Text>
      <CheckboxGroup name={field.name} value={field.value} onValueChange={field.onChange}>
        <Wrap gap="4">
          {PERSON_KINDS.map((kind) => (
            <Checkbox.Root key={kind} value={kind} size="sm">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{PERSON_KIND_INFO[kind].plural}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Wrap>
      </CheckboxGroup>
    </Stack>
  );
}

function SeasonChoice() {
  const { data } = useQuery(NoticeSeasonsQuery, { fetchPolicy: 'cache-and-network' });
  const options = (data?.seasons ?? []).map((s) => ({ value: s.id, label: `Soci della stagione ${s.label}` }));
  return (
    <Box maxW={{ md: 'sm' }}>
      <SelectField name="audience.seasonId" label="Soci di una stagione" options={options} placeholder="Nessuna stagione" helper="I soci del libro soci di quella stagione." />
    </Box>
  );
}

const KIND_HIT_LABEL: Record<PersonKindKey, string> = Object.fromEntries(PERSON_KINDS.map((k) => [k, PERSON_KIND_INFO[k].singular])) as Record<PersonKindKey, string>;

/** Hand-picked people: searched by name among the kinds the member may read, added as chips. */
function PeopleChoice({ picked, setPicked }: { picked: Map<string, string>; setPicked: (picked: Map<string, string>) => void }) {
  const access = useAccess();
  const { field } = useController<Values, 'audience.personIds'>({ name: 'audience.personIds' });
  const [search, setSearch] = useState('');
  const text = search.trim();
  const readable = Object.fromEntries(PERSON_KINDS.map((k) => [k, access.can(`people.${k}.read`)])) as Record<PersonKindKey, boolean>;
  const active = text.length >= MIN_SEARCH && Object.values(readable).some(Boolean);
  const { data, loading, error } = useQuery(NoticePeopleSearchQuery, { variables: { search: text, ...readable }, skip: !active, fetchPolicy: 'cache-and-network' });
  const found = new Map<string, { name: string; kinds: string[] }>();
  if (active && data) {
    for (const kind of PERSON_KINDS) {
      for (const { node } of data[kind]?.edges ?? []) {
        const p = node.person;
        const row = found.get(p.id) ?? { name: `${p.firstname} ${p.lastname}`, kinds: [] };
        if (!row.kinds.includes(KIND_HIT_LABEL[kind])) row.kinds.push(KIND_HIT_LABEL[kind]);
        found.set(p.id, row);
      }
    }
  }
  const results = [...found.entries()].sort((a, b) => a[1].name.localeCompare(b[1].name, 'it'));
  const add = (id: string, name: string) => {
    if (!field.value.includes(id)) field.onChange([...field.value, id]);
    setPicked(new Map(picked).set(id, name));
  };
  const remove = (id: string) => field.onChange(field.value.filter((p) => p !== id));
  return (
    <Stack gap="2" role="group" aria-labelledby="avviso-persone">
      <Text id="avviso-persone" fontSize="sm" fontWeight="medium">
        Singole persone
      </Text>
      {field.value.length > 0 && (
        <Wrap gap="2" aria-label="Persone scelte">
          {field.value.map((id) => (
            <Badge key={id} colorPalette="brand" variant="subtle" size="lg" borderRadius="full" ps="3" pe="1" gap="1">
              {picked.get(id) ?? 'Persona'}
              <CloseButton size="2xs" variant="ghost" aria-label={`Togli ${picked.get(id) ?? 'la persona'}`} onClick={() => remove(id)} />
            </Badge>
          ))}
        </Wrap>
      )}
      <SearchBox value={search} onChange={setSearch} label="Cerca una persona" placeholder="Nome, cognome o codice fiscale" />
      <Box aria-live="polite">
        {active && loading && !data ? (
          <HStack gap="2" role="status">
            <Spinner size="xs" />
            <Text fontSize="sm" color="fg.muted">
              Ricerca in corso...
            </Text>
          </HStack>
        ) : active && error && !data ? (
          <Text fontSize="sm" color="fg.error">
            La ricerca non è riuscita: riprova.
          </Text>
        ) : active && data && results.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            Nessuna persona trovata.
          </Text>
        ) : (
          results.length > 0 && (
            <Stack as="ul" gap="1" listStyleType="none" aria-label="Persone trovate">
              {results.map(([id, r]) => {
                const chosen = field.value.includes(id);
                return (
                  <Flex as="li" key={id} justify="space-between" align="center" gap="2" borderWidth="1px" borderRadius="md" px="3" py="1.5" wrap="wrap">
                    <Stack gap="0" minW="0">
                      <Text fontWeight="medium" overflowWrap="anywhere">
                        {r.name}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {r.kinds.join(', ')}
                      </Text>
                    </Stack>
                    <Button size="xs" variant="outline" disabled={chosen} onClick={() => add(id, r.name)} aria-label={chosen ? `${r.name} già aggiunto` : `Aggiungi ${r.name}`}>
                      {chosen ? 'Aggiunto' : 'Aggiungi'}
                    </Button>
                  </Flex>
                );
              })}
            </Stack>
          )
        )}
      </Box>
    </Stack>
  );
}
