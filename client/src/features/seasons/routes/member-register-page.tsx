// /libro-soci (sidebar "Libro soci", members.read): the club's membership register by number, all time or one
// season, searched by name, 8 entries a page. Each entry: number, name, tax code, admission and board decision,
// exit date and cause, and whether the socio renewed in the season looked at (the current one when all time) with
// the quota. members.write adds "Ammetti socio", "Registra uscita" and "Rinnova"; the register downloads as the
// legal PDF or as XLSX (GET /api/member-register.{pdf,xlsx}).
import { useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { DownloadIcon } from '../../../components/icons';
import { FormField } from '../../../components/ui/form-field';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import { Pager } from '../../../components/ui/pager';
import { SearchBox } from '../../../components/ui/search-box';
import { SelectInput } from '../../../components/ui/select-field';
import type { MemberRegister_ListQuery } from '../../../gql/graphql';
import { downloadAuthorizedFile } from '../../../lib/authorized-file';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/use-access';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { RegisterAdmitDialog } from '../components/register-admit-dialog';
import { EXIT_CAUSE_LABELS, RegisterExitDialog, type ExitingMember } from '../components/register-exit-dialog';
import { euro, RegisterRenewDialog } from '../components/register-renew-dialog';
import { MemberRegisterQuery, RegisterSeasonsQuery } from '../register-documents';

const TITLE = 'Libro soci';
type Entry = MemberRegister_ListQuery['memberRegisterSearch']['edges'][number]['node'];

const italianDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

export default function MemberRegisterPage() {
  useDocumentTitle(TITLE);
  const canWrite = useAccess().can('members.write');
  const [seasonId, setSeasonId] = useState('');
  const [search, setSearch] = useState('');
  const [admitting, setAdmitting] = useState(false);
  const [exiting, setExiting] = useState<ExitingMember | null>(null);
  const [renewing, setRenewing] = useState<ExitingMember | null>(null);

  const seasons = useQuery(RegisterSeasonsQuery, { fetchPolicy: 'cache-and-network' });
  const pages = useCursorPages(`${seasonId}|${search}`);
  const list = useQuery(MemberRegisterQuery, {
    variables: { seasonId: seasonId || null, search: search || null, ...pages.variables },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const connection = (list.data ?? list.previousData)?.memberRegisterSearch;
  const entries = connection?.edges.map((e) => e.node) ?? [];
  // The season a renewal is shown for: the one chosen, or the current one when looking at all time.
  const shownSeasonId = seasonId || seasons.data?.currentSeason.id || '';
  const shownSeason = seasons.data?.seasons.find((s) => s.id === shownSeasonId);
  const seasonOptions = (seasons.data?.seasons ?? []).map((s) => ({ value: s.id, label: `Stagione ${s.label}` }));

  const [downloading, setDownloading] = useState<'pdf' | 'xlsx' | null>(null);
  const download = async (format: 'pdf' | 'xlsx') => {
    setDownloading(format);
    try {
      const season = seasons.data?.seasons.find((s) => s.id === seasonId);
      const name = `libro-soci-${season ? season.label.replace(/\//g, '-') : 'dall-origine'}.${format}`;
      await downloadAuthorizedFile(`/api/member-register.${format}${seasonId ? `?seasonId=${encodeURIComponent(seasonId)}` : ''}`, name);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, `Download non riuscito: ${messageOfError(error)}`);
    } finally {
      setDownloading(null);
    }
  };

  let body;
  if (list.error && !connection) body = <ListError message={messageOfError(list.error)} onRetry={() => void list.refetch()} />;
  else if (!connection) body = <ListLoading label="Caricamento del libro soci..." />;
  else if (entries.length === 0)
    body = search || seasonId ? <ListEmpty>Nessun socio corrisponde alla ricerca.</ListEmpty> : <ListEmpty>Il libro soci è vuoto: ammetti il primo socio.</ListEmpty>;
  else
    body = (
      <Stack gap="3" aria-busy={list.loading}>
        <Text color="fg.muted" fontSize="sm">
          {connection.totalCount === 1 ? '1 socio' : `${connection.totalCount} soci`}
        </Text>
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Soci del libro">
          {entries.map((entry) => (
            <RegisterEntry
              key={entry.id}
              entry={entry}
              seasonId={shownSeasonId}
              seasonLabel={shownSeason?.label}
              canWrite={canWrite}
              onExit={() => setExiting(memberOf(entry))}
              onRenew={() => setRenewing(memberOf(entry))}
            />
          ))}
        </Stack>
        <Pager page={pages.page} totalPages={pages.totalPages(connection.totalCount)} loading={list.loading} onPrev={pages.prev} onNext={() => pages.next(connection.pageInfo.endCursor)} />
      </Stack>
    );

  return (
    <Stack gap="6" maxW="6xl">
      <Flex gap="3" wrap="wrap" justify="space-between" align="center">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {TITLE}
          </Heading>
          <Text color="fg.muted">Il registro dei soci: un numero per socio, per sempre, con ammissione, delibera e uscita.</Text>
        </Stack>
        {canWrite && <Button onClick={() => setAdmitting(true)}>Ammetti socio</Button>}
      </Flex>
      <Box as="section" aria-label="Filtri" bg="bg" borderWidth="1px" borderRadius="xl" p="4">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="end">
          <FormField label="Periodo">
            <SelectInput name="season" value={seasonId} onChange={(e) => setSeasonId(e.target.value)} options={seasonOptions} placeholder="Dall'origine" />
          </FormField>
          <SearchBox value={search} onChange={setSearch} label="Cerca nel libro soci" placeholder="Nome, cognome o numero" />
          <HStack gap="2" wrap="wrap">
            <Button variant="outline" onClick={() => void download('pdf')} disabled={downloading !== null}>
              <DownloadIcon />
              {downloading === 'pdf' ? 'Preparazione...' : 'Scarica PDF'}
            </Button>
            <Button variant="outline" onClick={() => void download('xlsx')} disabled={downloading !== null}>
              <DownloadIcon />
              {downloading === 'xlsx' ? 'Preparazione...' : 'Scarica Excel'}
            </Button>
          </HStack>
        </SimpleGrid>
      </Box>
      {body}
      <RegisterAdmitDialog open={admitting} onClose={() => setAdmitting(false)} />
      <RegisterExitDialog member={exiting} onClose={() => setExiting(null)} />
      <RegisterRenewDialog member={renewing} onClose={() => setRenewing(null)} />
    </Stack>
  );
}

const memberOf = (entry: Entry): ExitingMember => ({ id: entry.id, number: entry.number, name: `${entry.person.lastname} ${entry.person.firstname}` });

interface EntryProps {
  entry: Entry;
  seasonId: string;
  seasonLabel: string | undefined;
  canWrite: boolean;
  onExit: () => void;
  onRenew: () => void;
}

function RegisterEntry({ entry, seasonId, seasonLabel, canWrite, onExit, onRenew }: EntryProps) {
  const renewal = entry.renewals.find((r) => r.season.id === seasonId);
  const decision = [entry.boardDecision, entry.boardDecisionOn && `del ${italianDay(entry.boardDecisionOn)}`].filter(Boolean).join(' ');
  const name = `${entry.person.lastname} ${entry.person.firstname}`;
  return (
    <Box as="li" bg="bg" borderWidth="1px" borderRadius="lg" p="4" aria-label={`Socio n. ${entry.number}: ${name}`}>
      <Flex gap="4" wrap="wrap" align="flex-start">
        <Text fontSize="xl" fontWeight="bold" minW="3ch" textAlign="end" aria-label={`Numero ${entry.number}`}>
          {entry.number}
        </Text>
        <Stack gap="1" flex="1" minW="12rem">
          <Text fontWeight="semibold">{name}</Text>
          <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
            {entry.person.taxIdCode}
          </Text>
          <Text fontSize="sm">
            Ammesso il {italianDay(entry.admittedOn)}
            {decision && ` · Delibera: ${decision}`}
          </Text>
          {entry.exitOn && (
            <Text fontSize="sm" color="fg.error">
              Uscito il {italianDay(entry.exitOn)} · {entry.exitCause ? EXIT_CAUSE_LABELS[entry.exitCause] : ''}
            </Text>
          )}
        </Stack>
        <Stack gap="2" align={{ base: 'flex-start', md: 'flex-end' }}>
          {seasonLabel && (
            <Badge colorPalette={renewal ? 'green' : 'gray'} variant="subtle">
              {renewal ? `Rinnovato ${seasonLabel}${renewal.quotaCents !== null && renewal.quotaCents !== undefined ? ` · ${euro(renewal.quotaCents)}` : ''}` : `Non rinnovato ${seasonLabel}`}
            </Badge>
          )}
          {canWrite && !entry.exitOn && (
            <HStack gap="2" wrap="wrap">
              {!renewal && (
                <Button size="sm" variant="outline" onClick={onRenew} aria-label={`Rinnova ${name}`}>
                  Rinnova
                </Button>
              )}
              <Button size="sm" variant="outline" onClick={onExit} aria-label={`Registra uscita di ${name}`}>
                Registra uscita
              </Button>
            </HStack>
          )}
        </Stack>
      </Flex>
    </Box>
  );
}
