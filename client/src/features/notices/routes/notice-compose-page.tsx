// /avvisi/nuovo (feed.write; issue 39): writing a notice. The message (Oggetto, Testo, Urgente: the read confirmation
// asked, Obbligatorio: mailed even to who turned notices by e-mail off) and whom it goes to (Destinatari: groups,
// roles, a season's soci, hand-picked people and, opened from a day of the calendar with
// ?evento=<id>&giorno=<YYYY-MM-DD>, that day's called-up athletes). "Vedi destinatari" checks the form with the
// server's own rules (schema/validation/notices.ts) and asks the server who would receive it (adults themselves,
// minors through their guardians); "Invia avviso", after a question naming how many, sends it and opens
// its history. A coach chooses among the groups they coach only (the server refuses anything else).
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Button, Checkbox, Field, Flex, Heading, Input, Link, RadioGroup, Stack, Switch, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { addDays, clubDate } from '../../../../../schema/club-time';
import { NOTICE_MSG } from '../../../../../schema/messages-notices';
import { DOCUMENT_MIME_TYPES } from '../../../../../schema/constants';
import { MAX_NOTICE_ATTACHMENT_BYTES, MAX_NOTICE_ATTACHMENTS, sendNoticeInput } from '../../../../../schema/validation/notices';
import { ConnectedField, SchemaForm, TextareaField, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { ChosenFiles } from '../../../components/attachment-list';
import { ArrowLeftIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import type { NoticeComposePage_PreviewQuery } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/document-title';
import { checkDocument } from '../../../lib/document-files';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { fieldErrorsFromServer } from '../../../lib/server-field-errors';
import { useAccess } from '../../../lib/use-access';
import { forLabel, isDay, recipientsLabel } from '../notices-labels';
import { NoticePreviewQuery, NoticeSettingsQuery, SendNoticeMutation } from '../notices-documents';
import { deliveryNote, quietOf, scheduledInstant, scheduleProblem } from '../notice-when';
import { Audience, type AudienceValues } from '../components/notice-audience';

const TITLE = 'Nuovo avviso';
/** More than any club's list of groups; the server answers them sorted by name. */

type Preview = Extract<NoticeComposePage_PreviewQuery['noticeRecipientsPreview'], { __typename: 'QueryNoticeRecipientsPreviewSuccess' }>['data'];

interface Values extends AudienceValues {
  title: string;
  body: string;
  urgent: boolean;
  /** Obbligatorio: mailed even to who turned notices by e-mail off (an urgent notice always is). */
  required: boolean;
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
    required: false,
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
  /** The files sent with it (Allegati), and the picker's or the server's refusal shown under them. */
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | undefined>();

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
      const { data } = await send({ variables: { input: preview.input, attachments: files.length ? files : undefined } });
      const outcome = readMutationResult(data?.sendNotice);
      setAsking(false);
      if (!outcome.ok) {
        for (const [path, message] of Object.entries(outcome.fieldErrors)) {
          if (path === '_') continue;
          // `attachments` (how many, how large together) or `attachments.<i>` (that file's type or size)
          const file = /^attachments\.(\d+)/.exec(path);
          if (path === 'attachments' || file) setFilesError(file ? `${files[Number(file[1])]?.name ?? 'Allegato'}: ${message}` : message);
          else form.setError(path as never, { type: 'server', message });
        }
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
          <RequiredChoice />
          <AttachmentsField
            files={files}
            error={filesError}
            onChange={(next, problem) => {
              setFiles(next);
              setFilesError(problem);
              setSendError(null);
            }}
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
        message={`L'avviso «${preview?.input.title ?? ''}» sarà inviato a ${recipientsLabel(count)}${preview?.input.urgent ? ', con la richiesta di confermare la lettura' : ''}${attachedLabel(files.length)}. ${when}`}
        confirmLabel={scheduledAt ? `Programma per ${recipientsLabel(count)}` : `Invia a ${recipientsLabel(count)}`}
        tone="neutral"
        loading={sending}
        onConfirm={() => void onSend()}
        onCancel={() => setAsking(false)}
      />
    </Stack>
  );
}

function attachedLabel(count: number): string {
  return count === 0 ? '' : count === 1 ? ', con 1 allegato' : `, con ${count} allegati`;
}

/** The chosen files' problem, as the server words it: a file's own (empty, too large, not a PDF or an image), too many, too large together. */
function attachmentsProblem(files: readonly File[]): string | undefined {
  for (const file of files) {
    const problem = checkDocument(file);
    if (problem) return `${file.name}: ${problem}`;
  }
  if (files.length > MAX_NOTICE_ATTACHMENTS) return NOTICE_MSG.tooManyAttachments(MAX_NOTICE_ATTACHMENTS);
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > MAX_NOTICE_ATTACHMENT_BYTES) return NOTICE_MSG.attachmentsTooLarge(MAX_NOTICE_ATTACHMENT_BYTES / 1024 / 1024);
  return undefined;
}

/**
 * Allegati: a picker (PDF and images, several at once; each pick adds to the list) and the files chosen, each with its
 * size and "Rimuovi". A pick that breaks a rule is refused whole, its message under the field.
 */
function AttachmentsField({ files, error, onChange }: { files: readonly File[]; error: string | undefined; onChange: (files: File[], problem: string | undefined) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const pick = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = '';
    if (!chosen.length) return;
    const next = [...files, ...chosen];
    const problem = attachmentsProblem(next);
    onChange(problem ? [...files] : next, problem);
  };
  const remove = (index: number) => {
    onChange(
      files.filter((_, i) => i !== index),
      undefined,
    );
    inputRef.current?.focus();
  };
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>Allegati</Field.Label>
      <Stack gap="2" w="100%">
        <ChosenFiles files={files} onRemove={remove} />
        <Input ref={inputRef} type="file" accept={DOCUMENT_MIME_TYPES.join(',')} multiple onChange={(e) => pick(e.target.files)} p="1.5" h="auto" fontSize="sm" />
      </Stack>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{`PDF, PNG, JPEG o WebP: fino a ${MAX_NOTICE_ATTACHMENTS} file, al massimo 5 MB ciascuno e ${MAX_NOTICE_ATTACHMENT_BYTES / 1024 / 1024} MB in tutto.`}</Field.HelperText>}
    </Field.Root>
  );
}

/** Obbligatorio, with what it means; an urgent notice always is, so then it shows checked and cannot be changed. */
function RequiredChoice() {
  const { control } = useFormContext<Values>();
  const urgent = useWatch<Values, 'urgent'>({ name: 'urgent' });
  return (
    <Controller
      name="required"
      control={control}
      render={({ field }) => (
        <Stack gap="0.5">
          <Checkbox.Root name={field.name} checked={urgent || field.value === true} disabled={urgent} onCheckedChange={(d) => field.onChange(d.checked === true)} colorPalette="brand">
            <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} aria-describedby="avviso-obbligatorio-aiuto" />
            <Checkbox.Control />
            <Checkbox.Label>Obbligatorio</Checkbox.Label>
          </Checkbox.Root>
          {/* under the label, past the box */}
          <Text id="avviso-obbligatorio-aiuto" fontSize="sm" color="fg.muted" ps="7">
            Arriva per e-mail anche a chi ha scelto di non ricevere avvisi, senza link per disiscriversi. Gli avvisi urgenti lo sono sempre.
          </Text>
        </Stack>
      )}
    />
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
