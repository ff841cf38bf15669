// /registro-accessi (user menu "Registro accessi", owners and admins): who did what in the club, when and from
// where. Filters (action, collaborator, words, period, and a person when the address names one) live in the
// address; the list pages 25 lines at a time; "Esporta CSV" downloads the filtered log (the export is logged too).
import { useQuery } from '@apollo/client/react';
import { Box, Button, Flex, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ACCESS_LOG_PAGE_SIZE, ACCESS_LOG_RETENTION_MONTHS } from '../../../../../schema/access-log';
import { DownloadIcon } from '../../../components/icons';
import { FilterChip } from '../../../components/ui/filter-chip';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { ListEmpty, ListError } from '../../../components/ui/list-status';
import { Pager } from '../../../components/ui/pager';
import { SearchBox } from '../../../components/ui/search-box';
import { SelectInput } from '../../../components/ui/select-field';
import { downloadAuthorizedFile } from '../../../lib/authorized-file';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/use-access';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { AccessLogActorsQuery, AccessLogQuery } from '../access-log-documents';
import { ACTION_OPTIONS, exportQuery, filtersFrom, paramsOf, queryFilter, type LogFilters } from '../access-log-filters';
import { AccessLogList, AccessLogSkeleton } from '../components/access-log-list';

const TITLE = 'Registro accessi';
const EXPORT_PATH = '/api/access-log/export.csv';

export default function AccessLogPage() {
  useDocumentTitle(TITLE);
  const allowed = useAccess().can('accessLog.read');
  return (
    <Stack gap="6" maxW="6xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="fg.muted">
          Accessi, modifiche, letture di dati sanitari, importazioni ed esportazioni, con chi, quando e da dove. Le voci non si
          possono modificare né cancellare e sono conservate per {ACCESS_LOG_RETENTION_MONTHS} mesi.
        </Text>
      </Stack>
      {allowed ? <AccessLog /> : <ListEmpty>Solo il titolare e gli amministratori della società consultano il registro accessi.</ListEmpty>}
    </Stack>
  );
}

function AccessLog() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const setFilters = (change: Partial<LogFilters>) => setParams(paramsOf({ ...filters, ...change }), { replace: true });
  const filtered = Boolean(filters.action || filters.actor || filters.search || filters.from || filters.to || filters.person);

  const actors = useQuery(AccessLogActorsQuery, { fetchPolicy: 'cache-and-network' });
  const pages = useCursorPages(paramsOf({ ...filters, personName: '' }).toString(), ACCESS_LOG_PAGE_SIZE);
  const log = useQuery(AccessLogQuery, {
    variables: { filter: queryFilter(filters), ...pages.variables },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const connection = (log.data ?? log.previousData)?.accessLog;
  const entries = connection?.edges.map((e) => e.node) ?? [];
  const totalPages = pages.totalPages(connection?.totalCount ?? 0);

  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const day = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });
      await downloadAuthorizedFile(`${EXPORT_PATH}${exportQuery(filters)}`, `registro-accessi-${day}.csv`);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, `Esportazione non riuscita: ${messageOfError(error)}`);
    } finally {
      setExporting(false);
    }
  };

  let body;
  if (log.error && !connection) {
    body = <ListError message={messageOfError(log.error)} onRetry={() => void log.refetch()} />;
  } else if (!connection) {
    body = <AccessLogSkeleton />;
  } else if (entries.length === 0) {
    body = filtered ? (
      <ListEmpty
        action={
          <Button variant="outline" size="sm" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
            Cancella filtri
          </Button>
        }
      >
        Nessuna voce corrisponde ai filtri scelti.
      </ListEmpty>
    ) : (
      <ListEmpty>Il registro è ancora vuoto: qui compariranno accessi e modifiche della società.</ListEmpty>
    );
  } else {
    body = (
      <Stack gap="3" aria-busy={log.loading}>
        {log.error && <FormAlert message={messageOfError(log.error)} />}
        <AccessLogList entries={entries} />
        <Pager page={pages.page} totalPages={totalPages} loading={log.loading} onPrev={pages.prev} onNext={() => pages.next(connection.pageInfo.endCursor)} />
      </Stack>
    );
  }

  const actorOptions = (actors.data?.accessLogActors ?? []).map((a) => ({ value: a.accountId, label: a.name }));
  return (
    <Stack gap="4">
      <Box as="section" aria-label="Filtri" bg="bg" borderWidth="1px" borderRadius="xl" p="4">
        <Stack gap="4">
          {/* Phones: action and collaborator one per row, the two days side by side; wide screens: one row. */}
          <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
            <Box gridColumn={{ base: 'span 2', lg: 'auto' }}>
              <FormField label="Azione">
                <SelectInput name="action" value={filters.action} onChange={(e) => setFilters({ action: e.target.value })} options={ACTION_OPTIONS} placeholder="Tutte le azioni" />
              </FormField>
            </Box>
            <Box gridColumn={{ base: 'span 2', lg: 'auto' }}>
              <FormField label="Collaboratore">
                <SelectInput name="actor" value={filters.actor} onChange={(e) => setFilters({ actor: e.target.value })} options={actorOptions} placeholder="Tutti" />
              </FormField>
            </Box>
            <PeriodField label="Dal" value={filters.from} onChange={(from) => setFilters({ from })} />
            <PeriodField label="Al" value={filters.to} onChange={(to) => setFilters({ to })} />
          </SimpleGrid>
          <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'center' }}>
            <Box flex="1">
              <SearchBox
                value={filters.search}
                onChange={(search) => setFilters({ search })}
                label="Cerca nel registro"
                placeholder="Cerca una persona, un collaboratore, un gruppo..."
              />
            </Box>
            <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
              <DownloadIcon />
              {exporting ? 'Esportazione...' : 'Esporta CSV'}
            </Button>
          </Flex>
          {filters.person && (
            <FilterChip label={`Persona: ${filters.personName || 'selezionata'}`} onRemove={() => setFilters({ person: '', personName: '' })} />
          )}
        </Stack>
      </Box>
      {body}
    </Stack>
  );
}

/** A day of the period: the value is applied once it is a whole date (typing a year does not refetch each digit). */
function PeriodField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <FormField label={label}>
      <Input
        type="date"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value === '' || /^\d{4}-\d{2}-\d{2}$/.test(e.target.value)) onChange(e.target.value);
        }}
      />
    </FormField>
  );
}
