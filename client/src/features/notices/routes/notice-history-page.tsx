// /avvisi/:noticeId (feed.write; issue 39): one notice as it was sent (title, text, Urgente, when) and what happened
// to each recipient: whom they received for, the address, when the mail left, when they opened the link and, for an
// urgent notice, when they confirmed the reading. The counts on top; "Da confermare" keeps only who has not confirmed
// yet. A table on a wide screen, a card per recipient on a phone. An unknown id (or another club's) is not found.
import { useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Heading, HStack, Link, SimpleGrid, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ArrowLeftIcon } from '../../../components/icons';
import { ListEmpty, ListError } from '../../../components/ui/list-status';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { StatFigure } from '../../../components/ui/stat-figure';
import { TableScroll } from '../../../components/ui/table-scroll';
import type { NoticeHistoryPage_HistoryQuery } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { forLabel, moment, recipientsLabel, sentLabel } from '../notices-labels';
import { NoticeHistoryQuery } from '../notices-documents';

type History = Extract<NoticeHistoryPage_HistoryQuery['noticeHistory'], { __typename: 'QueryNoticeHistorySuccess' }>['data'];
type Recipient = History['recipients'][number];

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

function RecipientTable({ rows, urgent }: { rows: Recipient[]; urgent: boolean }) {
  return (
    <TableScroll label="Destinatari dell'avviso, in tabella">
      <Table.Root size="sm" aria-label="Destinatari dell'avviso">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Destinatario</Table.ColumnHeader>
            <Table.ColumnHeader>Email</Table.ColumnHeader>
            <Table.ColumnHeader>Inviata</Table.ColumnHeader>
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
                <Table.Cell overflowWrap="anywhere">{r.email ?? <Text as="span" color="fg.muted">senza email</Text>}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  <When at={r.emailedAt} none={r.email ? 'in invio' : '—'} />
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
            <Stack gap="0" mt="1.5" fontSize="sm">
              <Text overflowWrap="anywhere" color={r.email ? undefined : 'fg.muted'}>
                {r.email ?? 'senza email'}
              </Text>
              <Text color="fg.muted">
                {'Email: '}
                <When at={r.emailedAt} none={r.email ? 'in invio' : '—'} />
              </Text>
              <Text color="fg.muted">
                {'Aperto: '}
                <When at={r.openedAt} none="non ancora" />
              </Text>
              {urgent && r.confirmedAt && <Text color="fg.muted">{`Confermato: ${moment(r.confirmedAt)}`}</Text>}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}

function HistoryView({ history }: { history: History }) {
  const { notice, recipients } = history;
  const [onlyPending, setOnlyPending] = useState(false);
  const layout = useBreakpointValue({ base: 'cards', md: 'table' } as const, { ssr: false }) ?? 'table';
  const emailed = recipients.filter((r) => r.emailedAt).length;
  const opened = recipients.filter((r) => r.openedAt).length;
  const confirmed = recipients.filter((r) => r.confirmedAt).length;
  const pending = recipients.length - confirmed;
  const rows = notice.urgent && onlyPending ? recipients.filter((r) => !r.confirmedAt) : recipients;
  return (
    <Stack gap="6">
      <Stack gap="2" minW="0">
        <BackLink />
        <HStack gap="2" wrap="wrap">
          <Heading as="h1" size="2xl" overflowWrap="anywhere" minW="0">
            {notice.title}
          </Heading>
          {notice.urgent && (
            <Badge colorPalette="red" variant="subtle">
              Urgente
            </Badge>
          )}
        </HStack>
        <Text color="fg.muted">{notice.sentAt ? `Inviato ${sentLabel(notice.sentAt)} a ${recipientsLabel(recipients.length)}` : `In attesa di invio a ${recipientsLabel(recipients.length)}`}</Text>
      </Stack>
      <Box as="section" aria-label="Testo dell'avviso" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }}>
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
          {notice.body}
        </Text>
      </Box>
      <SimpleGrid columns={{ base: 2, md: notice.urgent ? 4 : 3 }} gap="3">
        <StatFigure label="Destinatari" value={String(recipients.length)} />
        <StatFigure label="Email inviate" value={String(emailed)} hint={emailed < recipients.length ? `${recipients.length - emailed} senza email` : undefined} />
        <StatFigure label="Aperti" value={String(opened)} />
        {notice.urgent && <StatFigure label="Confermati" value={`${confirmed}/${recipients.length}`} hint={pending ? `${pending} da confermare` : 'Tutti hanno confermato'} />}
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
      </Stack>
    </Stack>
  );
}

export function NoticeHistoryPage() {
  const { noticeId = '' } = useParams();
  const { data, error, refetch } = useQuery(NoticeHistoryQuery, { variables: { noticeId }, fetchPolicy: 'cache-and-network' });
  const answer = data?.noticeHistory;
  const history = answer?.__typename === 'QueryNoticeHistorySuccess' ? answer.data : null;
  useDocumentTitle(history ? `Avviso · ${history.notice.title}` : 'Avviso');

  let body;
  if (history) return <Box maxW="6xl" w="100%" minW="0"><HistoryView history={history} /></Box>;
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
