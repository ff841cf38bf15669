// The groups list (/groups) and the categories list (/category): one component, told apart by its configuration.
// Table on wide screens, cards on phones; search, sort (Ordina per, and on a desk the Nome, Tipologia or, for
// categories, Età, and Persone headers; categories youngest first unless asked otherwise), 8 a page, create / edit / archive (roles with groups.write),
// "Apri" to the people list (when the role may read that kind); on categories "Idoneità", who may play by their
// medical certificates (for a role that reads health data).
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Card, Flex, Heading, HStack, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { MSG } from '../../../../../schema/messages';
import { ArchiveIcon, PencilIcon, PlusIcon } from '../../../components/icons';
import { ExportMenu } from '../../../components/ui/export-menu';
import { ActionsMenu, type RowAction } from '../../../components/ui/actions-menu';
import { ActiveBadge } from '../../../components/ui/active-badge';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import { Pager } from '../../../components/ui/pager';
import { SearchBox } from '../../../components/ui/search-box';
import { SortHeader } from '../../../components/ui/sort-header';
import { SortSelect } from '../../../components/ui/sort-select';
import type { GroupList_GroupFragment } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { GROUP_COLUMN_ORDERS, groupSortOptionsFor } from '../../../lib/group-sort';
import { ageBandText, groupTypeLabel } from '../../../lib/group-types';
import { orderOfParam, paramOfOrder } from '../../../lib/list-sort';
import { pageCount } from '../../../lib/use-cursor-pages';
import { pageVariables, useClampedPage, useListView } from '../../../lib/use-list-view';
import { ArchiveGroupMutation, GroupsQuery } from '../group-documents';
import { GROUP_LIST_CONFIG, openGroupPath, type GroupListMode } from '../group-list-config';
import { GroupFormPanel } from './group-form-panel';
import { useConfirmedArchive } from '../../../lib/use-confirmed-archive';
import { useAccess } from '../../../lib/use-access';
import { TableScroll } from '../../../components/ui/table-scroll';

type Group = GroupList_GroupFragment;
/** The form panel: closing keeps the record, so the title does not change while the panel slides out. */
type Panel = { open: boolean; group: Group | null };

export function GroupList({ mode }: { mode: GroupListMode }) {
  const config = GROUP_LIST_CONFIG[mode];
  useDocumentTitle(config.title);
  // Search, sort and page in the address: a reload, the back button or a shared link shows the same view.
  const view = useListView(['q', 'ordina']);
  const search = view.values.q;
  // Categories show their age band where groups show their type (every category is of athletes).
  const categories = mode === 'categories';
  const secondColumn = (group: Group) => (categories ? (ageBandText(group.ageMin, group.ageMax) ?? 'senza fascia d’età') : groupTypeLabel(group.type));
  const sortOptions = groupSortOptionsFor(mode);
  const order = orderOfParam(view.values.ordina, sortOptions);
  const sortBy = (next: typeof order) => view.set({ ordina: paramOfOrder(next, sortOptions) });
  const sort = { order, onSort: sortBy };
  const { data, previousData, loading, error, refetch } = useQuery(GroupsQuery, {
    variables: { types: config.types, search: search || null, orderBy: order, ...pageVariables(view.page) },
    fetchPolicy: 'cache-and-network',
  });
  const [panel, setPanel] = useState<Panel>({ open: false, group: null });
  const [archiveGroup] = useMutation(ArchiveGroupMutation);
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false });
  const access = useAccess();
  const mayWrite = access.can('groups.write');

  // While another page or filter loads, the rows on screen stay (dimmed) instead of blinking away.
  const connection = (data ?? (loading ? previousData : undefined))?.groups;
  const stale = !data && Boolean(connection);
  const rows = connection?.edges.map((e) => e.node) ?? [];
  const totalPages = pageCount(connection?.totalCount ?? 0);
  useClampedPage(view, data ? totalPages : undefined);

  const reload = () => void refetch().catch(() => undefined);

  const archiving = useConfirmedArchive<Group>(
    async (id) => (await archiveGroup({ variables: { id } })).data?.archiveGroup,
    // The last row of a later page went away: that page no longer exists.
    () => (rows.length === 1 && view.page > 1 ? view.setPage(view.page - 1, { replace: true }) : reload()),
  );

  const actionsOf = (group: Group): RowAction[] =>
    mayWrite
      ? [
          { value: 'edit', label: 'Modifica', icon: <PencilIcon boxSize="4" />, onSelect: () => setPanel({ open: true, group }) },
          { value: 'archive', label: 'Archivia', icon: <ArchiveIcon boxSize="4" />, danger: true, onSelect: () => archiving.ask(group) },
        ]
      : [];

  const mayCheckEligibility = mode === 'categories' && access.can('health.read') && access.can('people.athlete.read');
  const eligibilityButton = (group: Group) =>
    mayCheckEligibility && (
      <Button asChild size="sm" variant="ghost">
        <RouterLink to={`/category/${group.id}/idoneita`} aria-label={`Idoneità di ${group.name}`}>
          Idoneità
        </RouterLink>
      </Button>
    );

  const openButton = (group: Group) =>
    access.can(`people.${group.type}.read`) && (
      <Button asChild size="sm" variant="outline">
        <RouterLink to={openGroupPath(mode, group)} aria-label={`Apri ${group.name}`}>
          Apri
        </RouterLink>
      </Button>
    );

  let body;
  if (!connection && loading) body = <ListLoading />;
  else if (!connection && error) body = <ListError message={messageOfError(error)} onRetry={reload} />;
  else if (rows.length === 0) body = <ListEmpty>{search ? config.emptySearchText : mayWrite ? config.emptyText : config.emptyTextReadOnly}</ListEmpty>;
  else if (wide) {
    body = (
      <TableScroll label={config.title} bg="bg" borderWidth="1px" borderRadius="xl">
        <Table.Root size="md" aria-label={config.title}>
          <Table.Header>
            <Table.Row bg="bg.muted">
              <SortHeader label="Nome" orders={GROUP_COLUMN_ORDERS.name} sort={sort} />
              {categories ? (
                <SortHeader label="Età" orders={GROUP_COLUMN_ORDERS.age} sort={sort} />
              ) : (
                <SortHeader label="Tipologia" orders={GROUP_COLUMN_ORDERS.type} sort={sort} />
              )}
              <SortHeader label="Persone" orders={GROUP_COLUMN_ORDERS.members} sort={sort} textAlign="end" />
              <Table.ColumnHeader>Stato</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Box as="span" srOnly>
                  Azioni
                </Box>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((group) => (
              <Table.Row key={group.id}>
                <Table.Cell fontWeight="medium">{group.name}</Table.Cell>
                <Table.Cell color="fg.muted">{secondColumn(group)}</Table.Cell>
                <Table.Cell textAlign="end">{group.memberCount}</Table.Cell>
                <Table.Cell>
                  <ActiveBadge active={group.isActive} />
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <HStack gap="1" justify="flex-end">
                    {eligibilityButton(group)}
                    {openButton(group)}
                    <ActionsMenu label={`Azioni per ${group.name}`} actions={actionsOf(group)} />
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableScroll>
    );
  } else {
    body = (
      <Stack as="ul" gap="3" listStyleType="none" aria-label={config.title}>
        {rows.map((group) => (
          <Card.Root as="li" key={group.id} size="sm">
            <Card.Body gap="3">
              <Flex justify="space-between" align="flex-start" gap="2">
                <Box minW="0">
                  <Text fontWeight="semibold" overflowWrap="anywhere">
                    {group.name}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {secondColumn(group)} · {group.memberCount} {group.memberCount === 1 ? 'persona' : 'persone'}
                  </Text>
                </Box>
                <ActionsMenu label={`Azioni per ${group.name}`} actions={actionsOf(group)} />
              </Flex>
              <Flex justify="space-between" align="center" gap="2">
                <ActiveBadge active={group.isActive} />
                <HStack gap="1">
                  {eligibilityButton(group)}
                  {openButton(group)}
                </HStack>
              </Flex>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="6">
      <Flex justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
        <Heading as="h1" size="2xl">
          {config.title}
        </Heading>
        <HStack gap="2" wrap="wrap">
          <ExportMenu filter={{ list: config.mode, search }} />
          {mayWrite && (
            <Button onClick={() => setPanel({ open: true, group: null })}>
              <PlusIcon boxSize="4" />
              {config.newLabel}
            </Button>
          )}
        </HStack>
      </Flex>

      <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }} justify="space-between">
        <Box flex={{ md: '1' }} maxW={{ md: 'sm' }}>
          <SearchBox value={search} onChange={(q) => view.set({ q }, { replace: true })} label={config.searchLabel} placeholder="Cerca per nome" />
        </Box>
        <SortSelect value={order} options={sortOptions.map((o) => ({ value: o.order, label: o.label }))} onChange={sortBy} />
      </Flex>

      <Stack gap="3" aria-busy={loading}>
        <Box opacity={stale ? 0.6 : 1} transition="opacity 0.2s">
          {body}
        </Box>
        {connection && (
          <Pager
            page={view.page}
            totalPages={totalPages}
            loading={loading}
            onPrev={() => view.setPage(view.page - 1)}
            onNext={() => view.setPage(view.page + 1)}
            onJump={view.setPage}
          />
        )}
      </Stack>

      <GroupFormPanel
        config={config}
        open={panel.open}
        group={panel.group}
        onClose={() => setPanel((p) => ({ open: false, group: p.group }))}
        onSaved={() => {
          setPanel((p) => ({ open: false, group: p.group }));
          reload();
        }}
      />

      <ConfirmDialog
        open={archiving.target !== null}
        title={`Archiviare «${archiving.target?.name ?? ''}»?`}
        message={MSG.groupArchiveConfirm}
        confirmLabel="Archivia"
        loading={archiving.busy}
        onConfirm={archiving.confirm}
        onCancel={archiving.cancel}
      />
    </Stack>
  );
}
