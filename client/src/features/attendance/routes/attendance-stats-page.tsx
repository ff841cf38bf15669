// /calendario/presenze ("Statistiche presenze", calendar.read; issue 38 point 3): attendance over a period (the last
// three months unless chosen, at most 13), of a group and of one athlete if chosen: the rate month by month (a nivo bar
// chart, lazy, with its summary and the same months in a table), each athlete's sessions, presences and rate (a table
// sortable by each column, with the total), and the file for the spreadsheet (CSV, Excel: export.run). The choices
// are in the address (?dal=&al=&gruppo=&atleta=). A coach sees their groups' athletes only (the server's scope).
import { useQuery } from '@apollo/client/react';
import { Box, Button, Flex, Heading, Input, Link, SimpleGrid, Skeleton, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { clubDate } from '../../../../../schema/club-time';
import { ArrowLeftIcon, DownloadIcon } from '../../../components/icons';
import { FormField } from '../../../components/ui/form-field';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import { SelectInput } from '../../../components/ui/select-field';
import { SortHeader } from '../../../components/ui/sort-header';
import { TableScroll } from '../../../components/ui/table-scroll';
import type { AttendanceStatsPage_StatsQuery } from '../../../gql/graphql';
import { downloadAuthorizedFile } from '../../../lib/authorized-file';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/use-access';
import { useOnline } from '../../../lib/use-online';
import { AttendanceGroupsQuery, AttendanceStatsQuery } from '../attendance-documents';
import { lastMonths, longMonth, rateLabel, shortDay, shortMonth } from '../attendance-labels';
import { useAttendanceQueue } from '../attendance-queue';
import { PendingSubmissions } from '../components/pending-submissions';
import { StatFigure } from '../../../components/ui/stat-figure';

const AttendanceChart = lazy(() => import('../components/attendance-chart'));

const TITLE = 'Statistiche presenze';
const CHART_HEIGHT = { base: '240px', md: '300px' };

type Stats = Extract<NonNullable<AttendanceStatsPage_StatsQuery['attendanceStats']>, { __typename: 'QueryAttendanceStatsSuccess' }>['data'];
type PersonRow = Stats['people'][number];

type Order = 'name' | '-name' | 'sessions' | '-sessions' | 'present' | '-present' | 'rate' | '-rate';
const COLUMNS = {
  name: ['name', '-name'],
  sessions: ['sessions', '-sessions'],
  present: ['present', '-present'],
  rate: ['rate', '-rate'],
} as const satisfies Record<string, readonly [Order, Order]>;

function sortPeople(people: readonly PersonRow[], order: Order): PersonRow[] {
  const key = order.replace(/^-/, '') as 'name' | 'sessions' | 'present' | 'rate';
  const sign = order.startsWith('-') ? -1 : 1;
  const byName = (a: PersonRow, b: PersonRow) => a.name.localeCompare(b.name, 'it');
  return [...people].sort((a, b) => {
    if (key === 'name') return sign * byName(a, b);
    const d = (a[key] ?? -1) - (b[key] ?? -1);
    return d !== 0 ? sign * d : byName(a, b);
  });
}

function MonthsChart({ months }: { months: Stats['months'] }) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const compact = useBreakpointValue({ base: true, md: false }) ?? false;
  const rows = months.map((m) => ({ month: shortMonth(m.month), Presenze: m.rate ?? 0 }));
  const summary = months.map((m) => `${longMonth(m.month)}: ${rateLabel(m.rate)} (${m.present} su ${m.sessions})`).join('; ');
  return (
    <Stack as="section" aria-labelledby="presenze-mesi" gap="3" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }} minW="0">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Heading as="h2" size="md" id="presenze-mesi">
          Andamento mese per mese
        </Heading>
        <Button size="sm" variant="outline" onClick={() => setShowTable((s) => !s)} aria-expanded={showTable} aria-controls={tableId}>
          {showTable ? 'Nascondi i numeri' : 'Mostra i numeri'}
        </Button>
      </Flex>
      <Box role="img" aria-label={`Grafico a barre, percentuale di presenza per mese: ${summary}`} h={CHART_HEIGHT} data-testid="attendance-chart">
        <Suspense fallback={<Skeleton h="100%" />}>
          <AttendanceChart rows={rows} compact={compact} />
        </Suspense>
      </Box>
      <Box id={tableId} hidden={!showTable}>
        <TableScroll label="Presenze per mese, in tabella">
          <Table.Root size="sm" aria-label="Presenze per mese">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Mese</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Appuntamenti</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Presenze</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Percentuale</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {months.map((m) => (
                <Table.Row key={m.month}>
                  <Table.Cell textTransform="capitalize">{longMonth(m.month)}</Table.Cell>
                  <Table.Cell textAlign="end">{m.sessions}</Table.Cell>
                  <Table.Cell textAlign="end">{m.present}</Table.Cell>
                  <Table.Cell textAlign="end">{rateLabel(m.rate)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      </Box>
    </Stack>
  );
}

function PeopleTable({ stats }: { stats: Stats }) {
  const [order, setOrder] = useState<Order>('name');
  const people = useMemo(() => sortPeople(stats.people, order), [stats.people, order]);
  const sort = { order, onSort: setOrder };
  return (
    <Stack as="section" aria-labelledby="presenze-atleti" gap="3" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }} minW="0">
      <Heading as="h2" size="md" id="presenze-atleti">
        Presenze per atleta
      </Heading>
      <TableScroll label="Presenze per atleta, in tabella">
        <Table.Root size="sm" aria-label="Presenze per atleta" data-testid="attendance-table">
          <Table.Header>
            <Table.Row>
              <SortHeader label="Atleta" orders={COLUMNS.name} sort={sort} />
              <SortHeader label="Appuntamenti" orders={COLUMNS.sessions} sort={sort} textAlign="end" hideBelow="md" />
              <SortHeader label="Presenze" orders={COLUMNS.present} sort={sort} textAlign="end" />
              <SortHeader label="Percentuale" orders={COLUMNS.rate} sort={sort} textAlign="end" />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {people.map((p) => (
              <Table.Row key={p.personId}>
                <Table.Cell overflowWrap="anywhere">{p.name}</Table.Cell>
                <Table.Cell textAlign="end" hideBelow="md">
                  {p.sessions}
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {p.present}
                  {/* on a phone the sessions' column is left out: "1 su 2" here */}
                  <Box as="span" hideFrom="md" color="fg.muted">{` su ${p.sessions}`}</Box>
                </Table.Cell>
                <Table.Cell textAlign="end" fontWeight="semibold" color={p.rate != null && p.rate < 60 ? 'red.fg' : undefined}>
                  {rateLabel(p.rate)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
          <Table.Footer>
            <Table.Row fontWeight="bold">
              <Table.Cell>Totale</Table.Cell>
              <Table.Cell textAlign="end" hideBelow="md">
                {stats.total.sessions}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {stats.total.present}
                <Box as="span" hideFrom="md" color="fg.muted">{` su ${stats.total.sessions}`}</Box>
              </Table.Cell>
              <Table.Cell textAlign="end">{rateLabel(stats.total.rate)}</Table.Cell>
            </Table.Row>
          </Table.Footer>
        </Table.Root>
      </TableScroll>
    </Stack>
  );
}

function ExportButtons({ from, to, groupId, athleteChosen }: { from: string; to: string; groupId: string; athleteChosen: boolean }) {
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const download = async (ext: 'csv' | 'xlsx') => {
    setBusy(ext);
    try {
      const query = new URLSearchParams({ from, to, ...(groupId ? { groupId } : {}) });
      await downloadAuthorizedFile(`/api/presenze.${ext}?${query.toString()}`, `presenze-${from}-${to}.${ext}`);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="1">
      <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
        <Button variant="outline" onClick={() => void download('csv')} loading={busy === 'csv'} disabled={busy !== null}>
          <DownloadIcon boxSize="4" />
          Scarica CSV
        </Button>
        <Button variant="outline" onClick={() => void download('xlsx')} loading={busy === 'xlsx'} disabled={busy !== null}>
          <DownloadIcon boxSize="4" />
          Scarica Excel
        </Button>
      </Flex>
      {athleteChosen && (
        <Text fontSize="xs" color="fg.muted">
          Il file contiene tutti gli atleti del periodo e del gruppo scelti.
        </Text>
      )}
    </Stack>
  );
}

export default function AttendanceStatsPage() {
  useDocumentTitle(TITLE);
  const access = useAccess();
  const online = useOnline();
  const queueView = useAttendanceQueue();
  const [params, setParams] = useSearchParams();
  const period = lastMonths(clubDate(new Date()));
  const from = params.get('dal') || period.from;
  const to = params.get('al') || period.to;
  const groupId = params.get('gruppo') ?? '';
  const personId = params.get('atleta') ?? '';
  const choose = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };

  const groups = useQuery(AttendanceGroupsQuery);
  const groupList = groups.data?.groups.edges.map((e) => e.node) ?? [];
  const variables = { from, to, groupId: groupId || null };
  // the athletes offered: those of the period and group (the same query without the athlete)
  const all = useQuery(AttendanceStatsQuery, { variables: { ...variables, personId: null }, fetchPolicy: 'cache-and-network' });
  const one = useQuery(AttendanceStatsQuery, { variables: { ...variables, personId }, skip: !personId, fetchPolicy: 'cache-and-network' });
  const current = personId ? one : all;
  const result = current.data?.attendanceStats;
  const stats = result?.__typename === 'QueryAttendanceStatsSuccess' ? result.data : null;
  const refusal = result && result.__typename !== 'QueryAttendanceStatsSuccess' ? result.message : null;
  const allResult = all.data?.attendanceStats;
  const athletes = allResult?.__typename === 'QueryAttendanceStatsSuccess' ? allResult.data.people : [];
  const athleteName = athletes.find((a) => a.personId === personId)?.name;

  let body;
  if (current.error && !result) body = <ListError message={messageOfError(current.error)} onRetry={() => void current.refetch().catch(() => undefined)} />;
  else if (refusal) body = <ListError message={refusal} />;
  else if (!stats) body = <ListLoading label="Caricamento delle presenze..." />;
  else if (stats.total.sessions === 0)
    body = <ListEmpty>Nessuna presenza registrata in questo periodo: le statistiche compariranno dopo il primo appello.</ListEmpty>;
  else
    body = (
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <StatFigure label="Percentuale di presenza" value={rateLabel(stats.total.rate)} hint={athleteName ? athleteName : groupId ? 'Del gruppo nel periodo.' : 'Di tutti gli atleti nel periodo.'} />
          <StatFigure label="Presenze" value={String(stats.total.present)} hint={`Su ${stats.total.sessions} appuntamenti segnati.`} />
          <StatFigure label="Atleti" value={String(stats.people.length)} hint={`Dal ${shortDay(stats.from)} al ${shortDay(stats.to)}.`} />
        </SimpleGrid>
        <MonthsChart months={stats.months} />
        <PeopleTable stats={stats} />
      </Stack>
    );

  return (
    <Stack gap="5" maxW="7xl" w="100%" minW="0">
      <Link asChild fontSize="sm" colorPalette="brand" alignSelf="flex-start">
        <RouterLink to="/calendario">
          <ArrowLeftIcon boxSize="4" />
          Calendario
        </RouterLink>
      </Link>
      <Flex gap="4" wrap="wrap" justify="space-between" align="flex-end">
        <Stack gap="1" minW="0">
          <Heading as="h1" size="2xl">
            {TITLE}
          </Heading>
          <Text color="fg.muted">Chi viene agli allenamenti e alle partite: per atleta, gruppo e periodo.</Text>
        </Stack>
        {access.can('export.run') && <ExportButtons from={from} to={to} groupId={groupId} athleteChosen={personId !== ''} />}
      </Flex>
      <PendingSubmissions view={queueView} online={online} />
      <SimpleGrid as="form" aria-label="Periodo, gruppo e atleta" columns={{ base: 1, sm: 2, lg: 4 }} gap="3" onSubmit={(e) => e.preventDefault()}>
        <FormField label="Dal">
          <Input type="date" name="dal" value={from} onChange={(e) => choose({ dal: e.target.value })} />
        </FormField>
        <FormField label="Al">
          <Input type="date" name="al" value={to} onChange={(e) => choose({ al: e.target.value })} />
        </FormField>
        <FormField label="Gruppo">
          <SelectInput
            name="gruppo"
            value={groupId}
            onChange={(e) => choose({ gruppo: e.target.value, atleta: '' })}
            options={[{ value: '', label: 'Tutti i gruppi' }, ...groupList.map((g) => ({ value: g.id, label: g.name }))]}
          />
        </FormField>
        <FormField label="Atleta">
          <SelectInput
            name="atleta"
            value={personId}
            onChange={(e) => choose({ atleta: e.target.value })}
            options={[{ value: '', label: 'Tutti gli atleti' }, ...athletes.map((a) => ({ value: a.personId, label: a.name }))]}
          />
        </FormField>
      </SimpleGrid>
      {body}
    </Stack>
  );
}
