// /archive, "Archiviati" (spec §2): one tab per kind (group type), the archived records read only, with search
// and paging. Archiving is one way (spec §4): nothing here edits, restores or associates an archived record. A person
// can come back (issue 15): "Registra di nuovo" gives them a new role of the kind, then opens its page.
import { useQuery } from '@apollo/client/react';
import { Box, Flex, Heading, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PERSON_KIND_INFO, PERSON_KINDS, type PersonKindKey } from '../../../../../schema/constants';
import { ReregisterDialog, type ReregisterTarget } from '../../../components/reregister-dialog';
import { ExportMenu } from '../../../components/ui/export-menu';
import { ListEmpty, ListError } from '../../../components/ui/list-status';
import { Pager } from '../../../components/ui/pager';
import { SearchBox } from '../../../components/ui/search-box';
import { graphql } from '../../../gql';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { pageCount } from '../../../lib/use-cursor-pages';
import { orderOfParam, paramOfOrder, sortOptionsFor } from '../../../lib/people-sort';
import { SortSelect } from '../../../components/ui/sort-select';
import { PAGE_PARAM, pageVariables, useClampedPage, useListView } from '../../../lib/use-list-view';
import { useAccess } from '../../../lib/use-access';
import { ArchivedPeopleTable } from '../components/archived-people-table';

const ArchivedPeopleQuery = graphql(`
  query ArchivePage_People($kind: PersonKind!, $search: String, $orderBy: PeopleOrder, $first: Int, $offset: Int) {
    people(kind: $kind, search: $search, archived: true, orderBy: $orderBy, first: $first, offset: $offset) {
      totalCount
      pageInfo {
        ...ListPage
      }
      edges {
        node {
          ...ArchivedPeopleTable_PersonRole
        }
      }
    }
  }
`);

const isKind = (v: string | null): v is PersonKindKey => (PERSON_KINDS as readonly (string | null)[]).includes(v);

function ArchivedList({ kind }: { kind: PersonKindKey }) {
  const info = PERSON_KIND_INFO[kind];
  const navigate = useNavigate();
  const [reregistering, setReregistering] = useState<ReregisterTarget | null>(null);
  // Search and page in the address (with the tab's `tipo`): a reload or a shared link shows the same view.
  const view = useListView(['q', 'ordina']);
  const search = view.values.q;
  const term = search.trim();
  // the people lists' sorts but the certificate's (an archived record's certificate is history)
  const sortOptions = sortOptionsFor(false);
  const order = orderOfParam(view.values.ordina, sortOptions);
  const { data, previousData, loading, error, refetch } = useQuery(ArchivedPeopleQuery, {
    variables: { kind, search: term || null, orderBy: order, ...pageVariables(view.page) },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const connection = (data ?? previousData)?.people;
  const rows = connection?.edges.map((e) => e.node) ?? [];
  const totalPages = pageCount(connection?.totalCount ?? 0);
  useClampedPage(view, data ? totalPages : undefined);

  let body;
  if (error && !connection) body = <ListError message={messageOfError(error)} onRetry={() => void refetch()} />;
  else if (!connection)
    body = (
      <Stack gap="3" role="status" aria-live="polite">
        <Box srOnly>Caricamento...</Box>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h="10" borderRadius="md" />
        ))}
      </Stack>
    );
  else if (rows.length === 0 && term)
    body = <ListEmpty>Nessun risultato per «{term}» tra {info.plural.toLowerCase()} archiviati.</ListEmpty>;
  else if (rows.length === 0) body = <ListEmpty>Nessun record archiviato tra {info.plural.toLowerCase()}.</ListEmpty>;
  else
    body = (
      <Stack gap="3" aria-busy={loading}>
        <ArchivedPeopleTable
          rows={rows}
          caption={`${info.plural} archiviati`}
          onReregister={(row) => setReregistering({ roleId: row.id, kind: row.kind, name: `${row.person.firstname} ${row.person.lastname}` })}
        />
        <Pager
          page={view.page}
          totalPages={totalPages}
          loading={loading}
          onPrev={() => view.setPage(view.page - 1)}
          onNext={() => view.setPage(view.page + 1)}
          onJump={view.setPage}
        />
      </Stack>
    );

  return (
    <Stack gap="4">
      <Flex gap="3" justify="space-between" align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <Box maxW={{ md: 'md' }} w="full">
          <SearchBox value={search} onChange={(q) => view.set({ q }, { replace: true })} label={`Cerca tra ${info.plural.toLowerCase()} archiviati`} placeholder="Cerca per nome o codice fiscale" />
        </Box>
        <ExportMenu filter={{ list: 'archive', kind, search: term }} />
      </Flex>
      <SortSelect
        value={order}
        options={sortOptions.map((o) => ({ value: o.order, label: o.label }))}
        onChange={(next) => view.set({ ordina: paramOfOrder(next) })}
      />
      {connection && (
        <Text color="fg.muted" fontSize="sm" aria-live="polite">
          {connection.totalCount === 1 ? '1 record archiviato' : `${connection.totalCount} record archiviati`}
        </Text>
      )}
      {body}
      <ReregisterDialog
        target={reregistering}
        onCancel={() => setReregistering(null)}
        onDone={(roleId) => {
          setReregistering(null);
          void navigate(`/persona/${roleId}`);
        }}
      />
    </Stack>
  );
}

export default function ArchivePage() {
  useDocumentTitle('Archiviati');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tipo');
  // Only the kinds the role may read (the page itself needs one of them: app/sections.ts).
  const access = useAccess();
  const kinds = PERSON_KINDS.filter((k) => access.can(`people.${k}.read`));
  const kind: PersonKindKey = isKind(requested) && kinds.includes(requested) ? requested : (kinds[0] ?? 'athlete');

  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Archiviati
        </Heading>
        <Text color="fg.muted">
          I record archiviati restano consultabili qui ma non si possono più modificare né associare ad altri gruppi.
        </Text>
      </Stack>
      <Tabs.Root
        value={kind}
        onValueChange={(d) => {
          // another kind is another list: its own search and page start afresh
          const next = new URLSearchParams(params);
          next.set('tipo', d.value);
          next.delete('q');
          next.delete('ordina');
          next.delete(PAGE_PARAM);
          setParams(next);
        }}
        variant="line"
        lazyMount
        unmountOnExit
      >
        <Box overflowX="auto" mb="4">
          <Tabs.List minW="max-content">
            {kinds.map((k) => (
              <Tabs.Trigger key={k} value={k}>
                {PERSON_KIND_INFO[k].plural}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
        {kinds.map((k) => (
          <Tabs.Content key={k} value={k} pt="0">
            <ArchivedList kind={k} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}
