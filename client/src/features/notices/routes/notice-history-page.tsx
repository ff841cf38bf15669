// /avvisi/:noticeId (feed.write; issue 39): one notice as it was sent (title, text, Urgente, when) and what happened
// to each recipient: whom they received for, the address, when the mail left, when they opened the link and, for an
// urgent notice, when they confirmed the reading. The counts on top; "Da confermare" keeps only who has not confirmed
// yet. A table on a wide screen, a card per recipient on a phone. An unknown id (or another club's) is not found.
// Each recipient's mail has its state (In attesa, In invio, Email inviata, Non recapitata or Tornata indietro with the
// server's answer, Senza email, Non vuole avvisi per e-mail, Indirizzo bloccato) and, for an urgent notice, the reminder sent. A programmato notice can be cancelled ("Annulla invio").
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Heading, HStack, Link, SimpleGrid, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { AttachmentList, type Attachment } from '../../../components/attachment-list';
import { ArrowLeftIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListEmpty, ListError } from '../../../components/ui/list-status';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { StatFigure } from '../../../components/ui/stat-figure';
import { TableScroll } from '../../../components/ui/table-scroll';
import type { NoticeHistoryPage_HistoryQuery } from '../../../gql/graphql';
import { openAuthorizedFile } from '../../../lib/authorized-file';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { deliveryHint, deliveryLabel, forLabel, moment, recipientsLabel, sentLabel } from '../notices-labels';
import { CancelNoticeMutation, NoticeHistoryQuery } from '../notices-documents';
import { NoticeBadges } from '../components/notice-badges';

type History = Extract<NoticeHistoryPage_HistoryQuery['noticeHistory'], { __typename: 'QueryNoticeHistorySuccess' }>['data'];
type Recipient = History['recipients'][number];

/** An attachment, as the staff open stored files (/files/<id> with the session's headers). */
const openAttachment = (attachment: Attachment) => openAuthorizedFile(attachment.url);

function NotFound() {
  return (
    <Stack gap="4" align="flex-start" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '8' }} role="alert">
      <Heading as="h1" size="xl">
        Avviso non trovato
      </Heading>
      <Text color="fg.muted">L&apos;indirizzo non corrisponde a nessun avviso della società: apri l&apos;avviso dall&apos;elenco.</Text>
      <Button asChild variant="outline" size="sm">
        <RouterLink to="/avvisi">Torna agli avvisi</RouterLink>
      </Button>
    </Stack>
  );
}

const BackLink = () => (
  <Link asChild fontSize="sm" color="fg.muted" alignSelf="flex-start">
    <RouterLink to="/avvisi">
      <ArrowLeftIcon boxSize="4" />
      Avvisi
    </RouterLink>
  </Link>
);

/** A moment of the recipient's row, or what it means when it did not happen. */
function When({ at, none }: { at: string | null | undefined; none: string }) {
  return at ? <Text as="span">{moment(at)}</Text> : <Text as="span" color="fg.muted">{none}</Text>;
}

/**
 * The mail's state: its badge, and under it when it left or, given up or come back (a bounce), the mail server's
 * answer (as text: a phone has no hover).
 */
function Delivery({ r }: { r: Recipient }) {
  const { label, palette } = deliveryLabel(r.delivery, r.bouncedAt);
  return (
    <Stack gap="0.5" align="flex-start" minW="0">
      <Badge colorPalette={palette} variant="subtle" whiteSpace="normal" textAlign="start">
        {label}
      </Badge>
      {r.delivery === 'inviata' && r.emailedAt && (
        <Text fontSize="xs" color="fg.muted">
          {moment(r.emailedAt)}
        </Text>
      )}
      {r.delivery === 'non_recapitata' && r.deliveryError && (
        <Text fontSize="xs" color="fg.error" overflowWrap="anywhere">
          {r.deliveryError}
        </Text>
      )}
    </Stack>
  );
}

/** "Promemoria inviato il ..." (an urgent notice not confirmed, 24 hours after the mail). */
const Reminder = ({ at }: { at: string | null | undefined }) =>
  at ? (
    <Text fontSize="xs" color="fg.muted">
      {`Promemoria inviato il ${moment(at)}`}
    </Text>
  ) : null;

function RecipientTable({ rows, urgent }: { rows: Recipient[]; urgent: boolean }) {
  return (
    <TableScroll label="Destinatari dell'avviso, in tabella">
      <Table.Root size="sm" aria-label="Destinatari dell'avviso">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Destinatario</Table.ColumnHeader>
            <Table.ColumnHeader>Email</Table.ColumnHeader>
            <Table.ColumnHeader>Consegna</Table.ColumnHeader>
            <Table.ColumnHeader>Aperto</Table.ColumnHeader>
            {urgent && <Table.ColumnHeader>Confermato</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => {
            const forText = forLabel(r.name, r.forNames);
            return (
              <Table.Row key={r.personId}>
                <Table.Cell overflowWrap="anywhere">
                  <Text fontWeight="medium">{r.name}</Text>
                  {forText && (
                    <Text fontSize="xs" color="fg.muted">
                      {forText}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell overflowWrap="anywhere">{r.email ?? <Text as="span" color="fg.muted">—</Text>}</Table.Cell>
                <Table.Cell maxW="64">
                  <Delivery r={r} />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  <When at={r.openedAt} none="non ancora" />
                </Table.Cell>
                {urgent && (
                  <Table.Cell whiteSpace="nowrap">
                    {r.confirmedAt ? (
                      <Badge colorPalette="green" variant="subtle">{`Sì, ${moment(r.confirmedAt)}`}</Badge>
                    ) : (
                      <Badge colorPalette="orange" variant="subtle">
                        Da confermare
                      </Badge>
                    )}
                    <Reminder at={r.remindedAt} />
                  </Table.Cell>
                )}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}

function RecipientCards({ rows, urgent }: { rows: Recipient[]; urgent: boolean }) {
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Destinatari dell'avviso">
      {rows.map((r) => {
        const forText = forLabel(r.name, r.forNames);
        return (
          <Box as="li" key={r.personId} aria-label={r.name} bg="bg" borderWidth="1px" borderRadius="lg" px="3" py="2.5">
            <Flex justify="space-between" gap="2" align="flex-start">
              <Stack gap="0" minW="0">
                <Text fontWeight="semibold" overflowWrap="anywhere">
                  {r.name}
                </Text>
                {forText && (
                  <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
                    {forText}
                  </Text>
                )}
              </Stack>
              {urgent &&
                (r.confirmedAt ? (
                  <Badge colorPalette="green" variant="subtle" flexShrink={0}>
                    Confermato
                  </Badge>
                ) : (
                  <Badge colorPalette="orange" variant="subtle" flexShrink={0}>
                    Da confermare
                  </Badge>
                ))}
            </Flex>
            <Stack gap="1" mt="1.5" fontSize="sm">
              {r.email && <Text overflowWrap="anywhere">{r.email}</Text>}
              <Delivery r={r} />
              <Text color="fg.muted">
                {'Aperto: '}
                <When at={r.openedAt} none="non ancora" />
              </Text>
              {urgent && r.confirmedAt && <Text color="fg.muted">{`Confermato: ${moment(r.confirmedAt)}`}</Text>}
              {urgent && <Reminder at={r.remindedAt} />}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}

/** Under the title: when it went, when it will go, or that it was cancelled. */
function headline(notice: History['notice'], count: number): string {
  if (notice.status === 'annullato') return `Invio annullato${notice.cancelledAt ? ` il ${moment(notice.cancelledAt)}` : ''}: non è partito per nessuno dei ${recipientsLabel(count)}.`;
  if (notice.status === 'programmato') return `Programmato per ${sentLabel(notice.deliverAt)}, a ${recipientsLabel(count)}`;
  return notice.sentAt ? `Inviato ${sentLabel(notice.sentAt)} a ${recipientsLabel(count)}` : `In invio a ${recipientsLabel(count)}`;
}

interface HistoryViewProps {
  history: History;
  /** "Da confermare": only who has not confirmed (asked of the server: the page holds a part of them). */
  onlyPending: boolean;
  setOnlyPending: (only: boolean) => void;
  /** Asks for the next page; absent when every matching recipient is shown. */
  onMore?: () => void;
  loadingMore: boolean;
}

function HistoryView({ history, onlyPending, setOnlyPending, onMore, loadingMore }: HistoryViewProps) {
  const { notice, recipients, counts, matching } = history;
  const layout = useBreakpointValue({ base: 'cards', md: 'table' } as const, { ssr: false }) ?? 'table';
  const [asking, setAsking] = useState(false);
  const [cancel, { loading: cancelling }] = useMutation(CancelNoticeMutation, { refetchQueries: ['NoticeHistoryPage_History', 'NoticesPage_List'] });
  const { total, delivered, opened, confirmed } = counts;
  const pending = total - confirmed;
  const onCancel = async () => {
    try {
      const outcome = readMutationResult((await cancel({ variables: { noticeId: notice.id } })).data?.cancelNotice);
      notify(outcome.ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, outcome.ok ? outcome.data.message : outcome.message);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    } finally {
      setAsking(false);
    }
  };
  const rows = recipients;
  return (
    <Stack gap="6">
      <Stack gap="2" minW="0">
        <BackLink />
        <HStack gap="2" wrap="wrap">
          <Heading as="h1" size="2xl" overflowWrap="anywhere" minW="0">
            {notice.title}
          </Heading>
          <NoticeBadges urgent={notice.urgent} required={notice.required} />
        </HStack>
        <Text color={notice.status === 'programmato' ? 'blue.fg' : 'fg.muted'} fontWeight={notice.status === 'programmato' ? 'medium' : undefined}>
          {headline(notice, total)}
        </Text>
        {notice.status === 'programmato' && (
          <Button size="sm" variant="outline" colorPalette="red" alignSelf="flex-start" onClick={() => setAsking(true)}>
            Annulla invio
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={asking}
        title="Annullare l'invio?"
        message={`L'avviso «${notice.title}» non partirà: nessuno dei ${recipientsLabel(total)} lo riceverà.`}
        confirmLabel="Annulla invio"
        cancelLabel="Non annullare"
        loading={cancelling}
        onConfirm={() => void onCancel()}
        onCancel={() => setAsking(false)}
      />
      <Stack as="section" aria-label="Testo dell'avviso" gap="4" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }}>
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
          {notice.body}
        </Text>
        <AttachmentList attachments={notice.attachments} onOpen={openAttachment} />
      </Stack>
      <SimpleGrid columns={{ base: 2, md: notice.urgent ? 4 : 3 }} gap="3">
        <StatFigure label="Destinatari" value={String(total)} />
        <StatFigure label="Email inviate" value={String(delivered)} hint={deliveryHint(counts)} />
        <StatFigure label="Aperti" value={String(opened)} />
        {notice.urgent && <StatFigure label="Confermati" value={`${confirmed}/${total}`} hint={pending ? `${pending} da confermare` : 'Tutti hanno confermato'} />}
      </SimpleGrid>
      <Stack as="section" aria-labelledby="avviso-destinatari" gap="3" minW="0">
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="md" id="avviso-destinatari">
            Destinatari
          </Heading>
          {notice.urgent && (
            <HStack gap="1" role="group" aria-label="Filtro dei destinatari">
              <Button size="sm" variant={onlyPending ? 'ghost' : 'subtle'} aria-pressed={!onlyPending} onClick={() => setOnlyPending(false)}>
                Tutti
              </Button>
              <Button size="sm" variant={onlyPending ? 'subtle' : 'ghost'} aria-pressed={onlyPending} onClick={() => setOnlyPending(true)}>
                {`Da confermare (${pending})`}
              </Button>
            </HStack>
          )}
        </Flex>
        {rows.length === 0 ? (
          <ListEmpty>{onlyPending ? 'Tutti i destinatari hanno confermato la lettura.' : 'Nessun destinatario.'}</ListEmpty>
        ) : layout === 'table' ? (
          <Box bg="bg" borderWidth="1px" borderRadius="xl" p="2">
            <RecipientTable rows={rows} urgent={notice.urgent} />
          </Box>
        ) : (
          <RecipientCards rows={rows} urgent={notice.urgent} />
        )}
        {onMore && (
          <Stack align="center" gap="1">
            <Text fontSize="sm" color="fg.muted">{`${rows.length} di ${matching}`}</Text>
            <Button size="sm" variant="outline" onClick={onMore} loading={loadingMore}>
              {`Mostra altri ${Math.min(HISTORY_PAGE, matching - rows.length)}`}
            </Button>
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

/** Recipients a page of the history shows, and how many more "Mostra altri" adds. */
const HISTORY_PAGE = 100;

export function NoticeHistoryPage() {
  const { noticeId = '' } = useParams();
  const [onlyPending, setOnlyPending] = useState(false);
  const [limit, setLimit] = useState(HISTORY_PAGE);
  const { data, previousData, error, refetch, loading } = useQuery(NoticeHistoryQuery, {
    variables: { noticeId, first: limit, unconfirmed: onlyPending || undefined },
    fetchPolicy: 'cache-and-network',
  });
  // While the next page or the other filter loads, the page shown stays (no spinner in its place).
  const answer = (data ?? previousData)?.noticeHistory;
  const history = answer?.__typename === 'QueryNoticeHistorySuccess' ? answer.data : null;
  useDocumentTitle(history ? `Avviso · ${history.notice.title}` : 'Avviso');
  const filter = (only: boolean) => {
    setOnlyPending(only);
    setLimit(HISTORY_PAGE);
  };

  let body;
  if (history) {
    const more = history.matching > history.recipients.length ? () => setLimit(history.recipients.length + HISTORY_PAGE) : undefined;
    return (
      <Box maxW="6xl" w="100%" minW="0">
        <HistoryView history={history} onlyPending={onlyPending} setOnlyPending={filter} onMore={more} loadingMore={loading && !!previousData} />
      </Box>
    );
  }
  if (answer && (answer.__typename === 'NotFoundError' || answer.__typename === 'ValidationError')) return <NotFound />;
  if (answer && 'message' in answer) body = <ListError message={answer.message} />;
  else if (error) body = <ListError message={messageOfError(error)} onRetry={() => void refetch().catch(() => undefined)} />;
  else body = <PageSpinner label="Caricamento dell'avviso..." />;
  return (
    <Stack gap="5" maxW="6xl" w="100%" minW="0">
      <BackLink />
      <Heading as="h1" size="2xl">
        Avviso
      </Heading>
      {body}
    </Stack>
  );
}
