// A group channel's conversation (issue 39 point 4), the same screen for the staff (/canali/:groupId) and the
// families (/area/canali/:groupId): each feature runs its own operations and hands them here. The messages, oldest
// first, in a scrolling log (own messages on the right; "Messaggi precedenti" loads the page before the first one;
// "Nuovi messaggi" where the account had stopped reading), the composer (text, files checked with the server's rules,
// "Invia" or Ctrl/Cmd+Enter; disabled with the reason when the account may not write), the mute toggle, and for a
// moderator "Nascondi" (with an optional reason), "Ripristina" and the families' posting switch. Shown messages are
// marked read. The page the feature polls may move on while the screen is open: what scrolled out of it stays.
import { Badge, Box, Button, chakra, Field, Flex, Heading, HStack, Input, Link, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import { CHANNEL_MSG } from '../../../../schema/messages-channels';
import { DOCUMENT_MIME_TYPES } from '../../../../schema/constants';
import type { ChannelMessageFieldsFragment, ChannelPageFieldsFragment } from '../../gql/graphql';
import { messageOfError } from '../../lib/errors';
import type { MutationOutcome } from '../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../lib/notify';
import { AttachmentList, ChosenFiles, type Attachment } from '../attachment-list';
import { ArrowLeftIcon, BellIcon, BellOffIcon, PaperclipIcon } from '../icons';
import { FormAlert } from '../ui/form-alert';
import { FormDialog } from '../ui/form-dialog';
import { attachmentsProblem, bodyProblem, MAX_CHANNEL_ATTACHMENT_BYTES, MAX_CHANNEL_ATTACHMENTS, MAX_CHANNEL_MESSAGE_CHARS } from './channel-files';
import { firstNewIndex, joinPages, messageTime } from './channel-labels';

export type ChannelMessage = ChannelMessageFieldsFragment;
export type ChannelPage = ChannelPageFieldsFragment;

/** What a feature does for the screen: its own GraphQL operations (staff or personal area). */
export interface ChannelOperations {
  /** The page before a message (older); throws with the message to show. */
  loadOlder: (before: string) => Promise<ChannelPage>;
  post: (body: string, files: File[]) => Promise<MutationOutcome<{ message: ChannelMessage }>>;
  mute: (muted: boolean) => Promise<MutationOutcome<{ message: string; muted: boolean }>>;
  markRead: () => Promise<unknown>;
  /** Asks the newest page again (after a change). */
  refresh: () => Promise<unknown>;
  openAttachment: (attachment: Attachment) => Promise<void>;
  /** "Apri" (a new tab) or "Scarica". */
  attachmentAction: 'Apri' | 'Scarica';
  /** The moderator's (staff only). */
  hide?: (messageId: string, reason: string) => Promise<MutationOutcome<{ message: string; hidden: ChannelMessage }>>;
  restore?: (messageId: string) => Promise<MutationOutcome<{ message: string; restored: ChannelMessage }>>;
  setPosting?: (familiesMayPost: boolean) => Promise<MutationOutcome<{ message: string; familiesMayPost: boolean }>>;
}

export interface ChannelConversationProps {
  /** The newest page (polled by the feature). Give the component `key={groupId}`: a new channel starts afresh. */
  page: ChannelPage;
  ops: ChannelOperations;
  back: { to: string; label: string };
  /** Under the title: whom the channel is for. */
  subtitle: string;
}

/** Whether the log is scrolled to (near) its end: new messages then keep it there. */
const atEnd = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight < 48;

export function ChannelConversation({ page, ops, back, subtitle }: ChannelConversationProps) {
  /**
   * The first message that was new when the account opened the channel (after what it had read): "Nuovi messaggi"
   * stays before it while the account reads; messages arriving meanwhile get no divider of their own.
   */
  const [firstNewId] = useState(() => page.messages[firstNewIndex(page.messages, page.lastReadAt)]?.id ?? null);
  /** Older pages loaded, and messages the polled page left behind; `olderHasOlder` once one was loaded. */
  const [extra, setExtra] = useState<ChannelMessage[]>([]);
  const [olderHasOlder, setOlderHasOlder] = useState<boolean | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [hiding, setHiding] = useState<ChannelMessage | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const dividerRef = useRef<HTMLDivElement>(null);
  const previousNewest = useRef(page.messages);
  const keepFromBottom = useRef<number | null>(null);
  const scrolledOnce = useRef(false);
  const followEnd = useRef(true);

  // the polled page moved on: keep what left it (the log shows every message it showed)
  useEffect(() => {
    const current = new Set(page.messages.map((m) => m.id));
    const dropped = previousNewest.current.filter((m) => !current.has(m.id));
    previousNewest.current = page.messages;
    if (dropped.length) setExtra((prev) => joinPages(prev, dropped));
  }, [page.messages]);

  const messages = joinPages(extra, page.messages);
  const hasOlder = olderHasOlder ?? page.hasOlder;
  const newestId = messages.at(-1)?.id ?? null;

  // shown: read (once per newest message)
  const markedFor = useRef<string | null | undefined>(undefined);
  const { markRead } = ops;
  useEffect(() => {
    if (markedFor.current === newestId) return;
    markedFor.current = newestId;
    void markRead().catch(() => undefined);
  }, [newestId, markRead]);

  // scrolling: first at "Nuovi messaggi" (or the end), then the end for new messages if the reader was there, and the
  // same place when older ones are added above
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    if (keepFromBottom.current !== null) {
      log.scrollTop = log.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
      return;
    }
    if (!scrolledOnce.current) {
      scrolledOnce.current = true;
      const divider = dividerRef.current;
      log.scrollTop = divider ? divider.offsetTop - log.offsetTop - 8 : log.scrollHeight;
      return;
    }
    if (followEnd.current) log.scrollTop = log.scrollHeight;
  }, [messages.length, newestId]);

  const loadOlder = async () => {
    const first = messages[0];
    if (!first) return;
    setLoadingOlder(true);
    try {
      const older = await ops.loadOlder(first.id);
      if (logRef.current) keepFromBottom.current = logRef.current.scrollHeight - logRef.current.scrollTop;
      setExtra((prev) => joinPages(older.messages, prev));
      setOlderHasOlder(older.hasOlder);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    } finally {
      setLoadingOlder(false);
    }
  };

  /** A changed message (hidden, restored): in the kept ones too. */
  const replace = (changed: ChannelMessage) => setExtra((prev) => prev.map((m) => (m.id === changed.id ? changed : m)));

  const run = async <D,>(key: string, action: () => Promise<MutationOutcome<D>>, done?: (data: D) => void): Promise<boolean> => {
    setBusy(key);
    try {
      const outcome = await action();
      if (!outcome.ok) {
        notify(MESSAGE_LEVEL.error, outcome.message);
        return false;
      }
      done?.(outcome.data);
      await ops.refresh().catch(() => undefined);
      return true;
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const restore = (m: ChannelMessage) =>
    ops.restore &&
    void run(`restore-${m.id}`, () => ops.restore!(m.id), (data) => {
      replace(data.restored);
      notify(MESSAGE_LEVEL.success, data.message);
    });

  const toggleMute = () =>
    void run('mute', () => ops.mute(!page.muted), (data) => notify(MESSAGE_LEVEL.success, data.message));

  const setPosting = (open: boolean) =>
    ops.setPosting && void run('posting', () => ops.setPosting!(open), (data) => notify(MESSAGE_LEVEL.success, data.message));

  return (
    <Stack gap="4" maxW="4xl" w="100%" minW="0">
      <Stack gap="2">
        <Link asChild fontSize="sm" color="fg.muted" alignSelf="flex-start">
          <RouterLink to={back.to}>
            <ArrowLeftIcon boxSize="4" />
            {back.label}
          </RouterLink>
        </Link>
        <Flex gap="3" justify="space-between" align={{ base: 'stretch', md: 'flex-end' }} direction={{ base: 'column', md: 'row' }}>
          <Stack gap="1" minW="0">
            <HStack gap="2" wrap="wrap">
              <Heading as="h1" size={{ base: 'xl', md: '2xl' }} overflowWrap="anywhere">
                {page.groupName}
              </Heading>
              {page.archived && (
                <Badge colorPalette="gray" variant="subtle">
                  Archiviato
                </Badge>
              )}
            </HStack>
            <Text color="fg.muted" fontSize="sm" overflowWrap="anywhere">
              {subtitle}
            </Text>
          </Stack>
          <Flex gap="3" align="center" wrap="wrap" flexShrink={0}>
            {page.mayModerate && ops.setPosting && (
              <Switch.Root checked={page.familiesMayPost} disabled={busy === 'posting'} onCheckedChange={(d) => setPosting(d.checked)} colorPalette="brand">
                <Switch.HiddenInput />
                <Switch.Control>
                  <Switch.Thumb />
                </Switch.Control>
                <Switch.Label>Le famiglie possono scrivere</Switch.Label>
              </Switch.Root>
            )}
            <Button size="sm" variant="outline" onClick={toggleMute} loading={busy === 'mute'}>
              {page.muted ? <BellIcon boxSize="4" /> : <BellOffIcon boxSize="4" />}
              {page.muted ? 'Riattiva notifiche' : 'Silenzia notifiche'}
            </Button>
          </Flex>
        </Flex>
      </Stack>

      <Box
        ref={logRef}
        role="log"
        aria-label="Messaggi"
        tabIndex={0}
        bg="bg.subtle"
        borderWidth="1px"
        borderRadius="xl"
        h={{ base: '55dvh', md: '60vh' }}
        minH="72"
        overflowY="auto"
        px={{ base: '2', md: '4' }}
        py="3"
        onScroll={(e) => {
          followEnd.current = atEnd(e.currentTarget);
        }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      >
        {hasOlder && messages.length > 0 && (
          <Flex justify="center" mb="3">
            <Button size="xs" variant="outline" bg="bg" onClick={() => void loadOlder()} loading={loadingOlder} loadingText="Caricamento...">
              Messaggi precedenti
            </Button>
          </Flex>
        )}
        {messages.length === 0 ? (
          <Flex h="100%" align="center" justify="center" textAlign="center" px="4">
            <Text color="fg.muted">{page.mayPost ? 'Ancora nessun messaggio: scrivi il primo.' : 'Ancora nessun messaggio.'}</Text>
          </Flex>
        ) : (
          // few messages sit at the bottom, next to the composer, as in a chat
          <Stack as="ol" gap="3" listStyleType="none" m="0" p="0" minH="100%" justify="flex-end">
            {messages.map((m) => (
              <MessageItem
                key={m.id}
                message={m}
                staff={page.staff}
                dividerRef={m.id === firstNewId ? dividerRef : undefined}
                ops={ops}
                mayModerate={page.mayModerate}
                busy={busy}
                onHide={() => setHiding(m)}
                onRestore={() => restore(m)}
              />
            ))}
          </Stack>
        )}
      </Box>

      <Composer
        page={page}
        ops={ops}
        onSent={() => {
          followEnd.current = true;
        }}
      />

      {ops.hide && (
        <HideDialog
          message={hiding}
          onClose={() => setHiding(null)}
          onHide={async (reason) => {
            const m = hiding;
            if (!m) return;
            const ok = await run(`hide-${m.id}`, () => ops.hide!(m.id, reason), (data) => {
              replace(data.hidden);
              notify(MESSAGE_LEVEL.success, data.message);
            });
            if (ok) setHiding(null);
          }}
          sending={busy?.startsWith('hide-') ?? false}
        />
      )}
    </Stack>
  );
}

interface MessageItemProps {
  message: ChannelMessage;
  staff: boolean;
  mayModerate: boolean;
  ops: ChannelOperations;
  busy: string | null;
  dividerRef?: Ref<HTMLDivElement>;
  onHide: () => void;
  onRestore: () => void;
}

function MessageItem({ message: m, staff, mayModerate, ops, busy, dividerRef, onHide, onRestore }: MessageItemProps) {
  const withheld = m.hidden && !staff;
  return (
    <>
      {dividerRef && (
        <Flex as="li" ref={dividerRef} align="center" gap="3" aria-label="Nuovi messaggi" color="brand.fg" fontSize="xs" fontWeight="semibold">
          <Box flex="1" borderTopWidth="1px" borderColor="brand.emphasized" />
          <span>Nuovi messaggi</span>
          <Box flex="1" borderTopWidth="1px" borderColor="brand.emphasized" />
        </Flex>
      )}
      <Stack
        as="li"
        aria-label={`${m.authorName}, ${messageTime(m.createdAt)}`}
        gap="1.5"
        alignSelf={m.mine ? 'flex-end' : 'flex-start'}
        maxW={{ base: '92%', md: '78%' }}
        minW="0"
        bg={m.hidden ? 'bg.muted' : m.mine ? 'brand.subtle' : 'bg'}
        borderWidth="1px"
        borderStyle={m.hidden ? 'dashed' : 'solid'}
        borderColor={m.hidden ? 'border.emphasized' : m.mine ? 'brand.muted' : 'border'}
        borderRadius="xl"
        px="3"
        py="2"
      >
        <Flex columnGap="2" rowGap="0" wrap="wrap" align="baseline" fontSize="xs">
          <Text as="span" fontWeight="semibold" fontSize="sm" overflowWrap="anywhere">
            {m.authorName}
          </Text>
          {m.authorLabel && (
            <Text as="span" color="fg.muted" overflowWrap="anywhere">
              {m.authorLabel}
            </Text>
          )}
          <chakra.time color="fg.muted" dateTime={m.createdAt}>
            {messageTime(m.createdAt)}
          </chakra.time>
        </Flex>
        {withheld ? (
          <Text fontStyle="italic" color="fg.muted">
            {CHANNEL_MSG.removedForFamilies}
          </Text>
        ) : (
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere" color={m.hidden ? 'fg.muted' : undefined}>
            {m.body}
          </Text>
        )}
        {!withheld && <AttachmentList attachments={m.attachments} onOpen={ops.openAttachment} action={ops.attachmentAction} id={`messaggio-${m.id}`} />}
        {m.hidden && staff && (
          <Text fontSize="xs" color="fg.muted" fontStyle="italic" overflowWrap="anywhere">
            {`Nascosto da ${m.hiddenBy ?? 'un moderatore'}${m.hiddenReason ? `: ${m.hiddenReason}` : ''}${m.hiddenAt ? ` (${messageTime(m.hiddenAt)})` : ''}`}
          </Text>
        )}
        {mayModerate && (ops.hide || ops.restore) && (
          <Flex justify="flex-end">
            {m.hidden ? (
              <Button size="xs" variant="outline" bg="bg" onClick={onRestore} loading={busy === `restore-${m.id}`} aria-label={`Ripristina il messaggio di ${m.authorName}`}>
                Ripristina
              </Button>
            ) : (
              <Button size="xs" variant="ghost" color="fg.muted" onClick={onHide} aria-label={`Nascondi il messaggio di ${m.authorName}`}>
                Nascondi
              </Button>
            )}
          </Flex>
        )}
      </Stack>
    </>
  );
}

/** Text, files and "Invia"; disabled, with the reason, when the account may not write. */
function Composer({ page, ops, onSent }: { page: ChannelPage; ops: ChannelOperations; onSent: () => void }) {
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [bodyError, setBodyError] = useState<string | undefined>();
  const [filesError, setFilesError] = useState<string | undefined>();
  const [sendError, setSendError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const disabled = !page.mayPost;

  const pick = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    if (fileRef.current) fileRef.current.value = '';
    if (!chosen.length) return;
    const next = [...files, ...chosen];
    const problem = attachmentsProblem(next);
    setFilesError(problem);
    if (!problem) setFiles(next);
    setSendError(undefined);
  };
  const remove = (index: number) => {
    setFiles(files.filter((_, i) => i !== index));
    setFilesError(undefined);
    textRef.current?.focus();
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (disabled || sending) return;
    const problem = bodyProblem(body);
    setBodyError(problem);
    if (problem) {
      textRef.current?.focus();
      return;
    }
    setSending(true);
    setSendError(undefined);
    try {
      const outcome = await ops.post(body.trim(), files);
      if (!outcome.ok) {
        let shown = false;
        for (const [path, message] of Object.entries(outcome.fieldErrors)) {
          const file = /^attachments\.(\d+)/.exec(path);
          if (path === 'body') {
            setBodyError(message);
            shown = true;
          } else if (path === 'attachments' || file) {
            setFilesError(file ? `${files[Number(file[1])]?.name ?? 'Allegato'}: ${message}` : message);
            shown = true;
          }
        }
        if (!shown || outcome.message) setSendError(outcome.message);
        return;
      }
      setBody('');
      setFiles([]);
      setFilesError(undefined);
      onSent();
      await ops.refresh().catch(() => undefined);
      textRef.current?.focus();
    } catch (error) {
      setSendError(messageOfError(error));
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <chakra.form aria-label="Scrivi nel canale" onSubmit={(e) => void send(e)} display="flex" flexDirection="column" gap="3" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '3', md: '4' }} noValidate>
      {page.postingNote && (
        <Text role="status" fontSize="sm" bg="bg.muted" borderRadius="md" px="3" py="2" fontWeight="medium">
          {page.postingNote}
        </Text>
      )}
      <Field.Root invalid={Boolean(bodyError)} disabled={disabled}>
        <Field.Label>Messaggio</Field.Label>
        <Textarea
          ref={textRef}
          value={body}
          onChange={(e) => {
            setBody(e.target.value);
            if (bodyError) setBodyError(undefined);
          }}
          onKeyDown={onKeyDown}
          rows={3}
          maxLength={MAX_CHANNEL_MESSAGE_CHARS}
          autoresize
          maxH="40vh"
          placeholder={disabled ? undefined : 'Scrivi un messaggio al gruppo'}
        />
        {bodyError ? <Field.ErrorText>{bodyError}</Field.ErrorText> : !disabled && <Field.HelperText>Ctrl+Invio (⌘+Invio su Mac) per inviare.</Field.HelperText>}
      </Field.Root>
      <ChosenFiles files={files} onRemove={remove} />
      {filesError && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {filesError}
        </Text>
      )}
      <FormAlert message={sendError} />
      <Flex gap="3" justify="space-between" align="center" wrap="wrap">
        <Input
          ref={fileRef}
          type="file"
          accept={DOCUMENT_MIME_TYPES.join(',')}
          multiple
          aria-label="Allegati"
          display="none"
          tabIndex={-1}
          disabled={disabled}
          onChange={(e) => pick(e.target.files)}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || files.length >= MAX_CHANNEL_ATTACHMENTS}
          onClick={() => fileRef.current?.click()}
          title={`PDF, PNG, JPEG o WebP: fino a ${MAX_CHANNEL_ATTACHMENTS} file, al massimo 5 MB ciascuno e ${MAX_CHANNEL_ATTACHMENT_BYTES / 1024 / 1024} MB in tutto.`}
        >
          <PaperclipIcon boxSize="4" />
          Allega file
        </Button>
        <Button type="submit" disabled={disabled} loading={sending} loadingText="Invio...">
          Invia
        </Button>
      </Flex>
    </chakra.form>
  );
}

/** "Nascondi": an optional reason the staff will read (the families see only that the club removed it). */
function HideDialog({ message, onClose, onHide, sending }: { message: ChannelMessage | null; onClose: () => void; onHide: (reason: string) => Promise<void>; sending: boolean }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (message) {
      setReason('');
      setError(undefined);
    }
  }, [message]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length > 200) {
      setError(CHANNEL_MSG.hideReasonTooLong);
      return;
    }
    void onHide(reason.trim());
  };
  return (
    <FormDialog
      open={message !== null}
      title="Nascondere il messaggio?"
      onClose={() => {
        if (!sending) onClose();
      }}
      footer={
        <HStack gap="3" w="100%" justify="flex-end" wrap="wrap">
          <Button variant="outline" onClick={onClose} disabled={sending}>
            Annulla
          </Button>
          <Button type="submit" form="nascondi-messaggio" colorPalette="red" loading={sending} loadingText="Attendere...">
            Nascondi messaggio
          </Button>
        </HStack>
      }
    >
      <chakra.form id="nascondi-messaggio" aria-label="Nascondi il messaggio" display="flex" flexDirection="column" gap="3" onSubmit={submit} noValidate>
        <Text color="fg.muted" fontSize="sm">
          {`Le famiglie vedranno «${CHANNEL_MSG.removedForFamilies}» al posto del messaggio${message ? ` di ${message.authorName}` : ''}; lo staff continua a vederlo, con il motivo. Puoi ripristinarlo quando vuoi.`}
        </Text>
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>Motivo (facoltativo)</Field.Label>
          <Textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={200} />
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>Al massimo 200 caratteri. Lo legge solo lo staff.</Field.HelperText>}
        </Field.Root>
      </chakra.form>
    </FormDialog>
  );
}
