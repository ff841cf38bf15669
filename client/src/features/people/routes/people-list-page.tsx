// The six people lists (spec §2): /athlete, /staff/coach, /staff/manager, /staff/assistant, /club/member,
// /club/voluntary. One page parameterised by the kind: filters (group badges from `tp`, search), 8 rows a page,
// the form in the side panel, "Visualizza" (the person's page), "Modifica", "Associa" and "Archivia" per row: each
// control only for the roles allowed it (a read-only role opens the record read-only; a coach edits their athletes
// but registers nobody). Athletes get the certificate column and filter for a viewer who reads health data.
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Field, Flex, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PERSON_KIND_INFO, type PersonKindKey } from '../../../../../schema/constants';
import { MSG } from '../../../../../schema/messages';
import { CERTIFICATE_STATE_LABELS, CERTIFICATE_STATES, type CertificateState } from '../../../../../schema/medical-certificates';
import { PlusIcon, UploadIcon } from '../../../components/icons';
import { ActionsMenu } from '../../../components/ui/actions-menu';
import { FormAlert } from '../../../components/ui/form-alert';
import { ListEmpty, ListError } from '../../../components/ui/list-status';
import { Pager } from '../../../components/ui/pager';
import { ExportMenu } from '../../../components/ui/export-menu';
import { SearchBox } from '../../../components/ui/search-box';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { pageCount } from '../../../lib/use-cursor-pages';
import { useClampedPage, useListView } from '../../../lib/use-list-view';
import { SortSelect } from '../../../components/ui/sort-select';
import { orderOfParam, paramOfOrder, sortOptionsFor } from '../../../lib/people-sort';
import { useAccess } from '../../../lib/use-access';
import { GroupBadgeSelector } from '../components/group-badge-selector';
import { PeopleTable, PeopleTableSkeleton, fullName, type PeopleRow, type RowSelection } from '../components/people-table';
import type { PersonPanelState } from '../components/person-form-panel';
import { lazyNamed, OnceOpened, usePreloadWhenIdle } from '../components/once-opened';
import { resolveGroupFilter, tpValueOf, type GroupOption } from '../group-filter';
import { ArchivePersonMutation, KindGroupsQuery } from '../people-documents';
import { PeopleQuery, peopleListVariables } from '../people-list-query';
import { useSeasonView } from '../../../lib/season-view';
import { useConfirmedArchive } from '../../../lib/use-confirmed-archive';
import { FilterChip } from '../../../components/ui/filter-chip';
import {
  ADDED_LABELS,
  ADDED_PARAM,
  CERTIFICATE_LABELS,
  CERTIFICATE_PARAM,
  certificateOfParam,
  certificateParamOf,
  periodOfParam,
} from '../../../lib/recent-filters';

// What the page opens (the form's panel, the dialogs, the selection's bar) comes in chunks of its own, loaded once
// the list is on screen: the first rows wait only for the list's code.
const loadPanel = () => import('../components/person-form-panel');
const loadAssignDialog = () => import('../components/assign-group-dialog');
const loadBulkBar = () => import('../components/bulk-actions-bar');
const loadConfirmDialog = () => import('../../../components/ui/confirm-dialog');
const PersonFormPanel = lazyNamed(loadPanel, 'PersonFormPanel');
const AssignGroupDialog = lazyNamed(loadAssignDialog, 'AssignGroupDialog');
const BulkActionsBar = lazyNamed(loadBulkBar, 'BulkActionsBar');
const ConfirmDialog = lazyNamed(loadConfirmDialog, 'ConfirmDialog');
const OPENED_LATER = [loadPanel, loadAssignDialog, loadBulkBar, loadConfirmDialog];

/** "Certificato: Tutti / Valido / ...", bound to the `certificato` parameter (empty: no filter). */
function CertificateFilter({ value, onChange }: { value: CertificateState | null; onChange: (state: CertificateState | null) => void }) {
  return (
    <Field.Root orientation="horizontal" gap="2" w={{ base: 'full', md: 'auto' }} flexShrink={0}>
      <Field.Label flex="none">Certificato</Field.Label>
      <NativeSelect.Root size="sm" width={{ base: 'full', md: '40' }}>
        <NativeSelect.Field value={value ?? ''} onChange={(e) => onChange((e.target.value || null) as CertificateState | null)}>
          <option value="">Tutti</option>
          {CERTIFICATE_STATES.map((state) => (
            <option key={state} value={state}>
              {CERTIFICATE_STATE_LABELS[state]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

export default function PeopleListPage({ kind }: { kind: PersonKindKey }) {
  const info = PERSON_KIND_INFO[kind];
  useDocumentTitle(info.plural);
  const navigate = useNavigate();
  // The whole view in the address (issue 15): search, group (`tp`), the dashboard's filters, sort and page, so a
  // reload, the back button or a shared link shows the same list.
  const view = useListView(['q', 'tp', ADDED_PARAM, CERTIFICATE_PARAM, 'ordina']);
  const tp = view.values.tp || null;
  const access = useAccess();
  // Certificates exist for athletes only, and who has which is health data: column and filter need health.read.
  const showCertificate = kind === 'athlete' && access.can('health.read');
  // From the dashboard's statistics (?aggiunti=oggi, ?certificato=in-scadenza) or the certificate select.
  const addedWithin = periodOfParam(view.values[ADDED_PARAM] || null);
  const certificate = showCertificate ? certificateOfParam(view.values[CERTIFICATE_PARAM] || null) : null;
  const search = view.values.q;
  const sortOptions = sortOptionsFor(showCertificate);
  const order = orderOfParam(view.values.ordina, sortOptions);
  const [panel, setPanel] = useState<PersonPanelState>({ mode: 'closed' });
  const [assigning, setAssigning] = useState<PeopleRow | null>(null);
  // The season chosen in the top bar filters the list; a closed one is read-only (no new people, no bulk changes).
  const season = useSeasonView();
  const mayRegister = access.canRegister(kind) && !season.readOnly;
  const mayEdit = access.can(`people.${kind}.write`) && !season.readOnly;
  const mayAssign = access.can('groups.write');
  const mayArchive = access.can(`people.${kind}.archive`);
  const mayImport = access.can('import.run');
  const mayExport = access.can('export.run');
  // Bulk actions (issue 15): row selection for those who may write this kind and may do at least one of them.
  const maySelect = mayEdit && (mayAssign || mayArchive || mayExport);

  const groupsResult = useQuery(KindGroupsQuery, { variables: { types: [kind] }, fetchPolicy: 'cache-and-network' });
  const groups: GroupOption[] = useMemo(() => groupsResult.data?.groups.edges.map((e) => e.node) ?? [], [groupsResult.data]);
  const groupsReady = Boolean(groupsResult.data);
  const selectedGroup = resolveGroupFilter(tp, groups);
  // A tp naming no group of this kind (renamed, archived, mistyped): show everyone rather than nothing.
  const unknownTp = Boolean(tp) && groupsReady && !selectedGroup;

  const term = search.trim();
  const listKey = `${kind}|${selectedGroup?.id ?? ''}|${term}|${addedWithin ?? ''}|${certificate ?? ''}|${order}|${season.filterSeasonId ?? ''}`;
  const peopleResult = useQuery(PeopleQuery, {
    variables: peopleListVariables({ kind, term, groupId: selectedGroup?.id ?? null, addedWithin, certificate, order, page: view.page, seasonId: season.filterSeasonId }),
    // With a tp in the address, wait for the groups so the first page is already the filtered one.
    skip: Boolean(tp) && !groupsReady && !groupsResult.error,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  // While the next page (or search) loads, the rows on screen stay (marked busy) instead of a skeleton flash.
  const connection = (peopleResult.data ?? peopleResult.previousData)?.people;
  const rows = connection?.edges.map((e) => e.node) ?? [];
  const totalCount = connection?.totalCount ?? 0;
  const totalPages = pageCount(totalCount);
  // A page past the end (a shared link to a list that has shrunk, the last row of the last page archived or moved).
  useClampedPage(view, peopleResult.data ? totalPages : undefined);

  // The selection belongs to the page on screen: another filter, search or page starts with none.
  const selectionKey = `${listKey}|${view.page}`;
  const [picked, setPicked] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: '', ids: new Set() });
  const onScreen = new Set(rows.map((row) => row.id));
  const selectedIds: ReadonlySet<string> = picked.key === selectionKey ? new Set([...picked.ids].filter((id) => onScreen.has(id))) : new Set();
  const selectedRows = rows.filter((row) => selectedIds.has(row.id));
  const clearSelection = () => setPicked({ key: selectionKey, ids: new Set() });
  const selection: RowSelection | undefined = maySelect
    ? {
        selected: selectedIds,
        toggle: (row) => {
          const ids = new Set(selectedIds);
          if (ids.has(row.id)) ids.delete(row.id);
          else ids.add(row.id);
          setPicked({ key: selectionKey, ids });
        },
        toggleAll: () => setPicked({ key: selectionKey, ids: selectedRows.length === rows.length ? new Set() : new Set(rows.map((row) => row.id)) }),
      }
    : undefined;

  const pickGroup = (group: GroupOption | null) => view.set({ tp: tpValueOf(group) ?? '' });
  const pickCertificate = (state: CertificateState | null) => view.set({ [CERTIFICATE_PARAM]: state ? certificateParamOf(state) : '' });
  const dropParams = (...names: (typeof ADDED_PARAM | typeof CERTIFICATE_PARAM)[]) => view.set(Object.fromEntries(names.map((n) => [n, ''])));
  const sortBy = (next: typeof order) => view.set({ ordina: paramOfOrder(next) });
  // Filters and search go; the sort stays (it is not a filter).
  const clearFilters = () => view.set({ q: '', tp: '', [ADDED_PARAM]: '', [CERTIFICATE_PARAM]: '' });
  const reload = () => void peopleResult.refetch();

  const [archivePerson] = useMutation(ArchivePersonMutation);
  const archiving = useConfirmedArchive<PeopleRow>(async (id) => (await archivePerson({ variables: { id } })).data?.archivePerson, reload);

  usePreloadWhenIdle(Boolean(connection), OPENED_LATER);

  const filtered = Boolean(term || selectedGroup || addedWithin || certificate);
  const firstLoad = !connection && (peopleResult.loading || (Boolean(tp) && !groupsReady));
  const error = peopleResult.error ?? (tp ? groupsResult.error : undefined);

  let body;
  if (error && !connection) {
    body = <ListError message={messageOfError(error)} onRetry={() => {
      void groupsResult.refetch();
      reload();
    }} />;
  } else if (firstLoad) {
    body = <PeopleTableSkeleton />;
  } else if (rows.length === 0 && !filtered) {
    body = mayRegister ? (
      <ListEmpty
        action={
          <Button onClick={() => setPanel({ mode: 'new' })}>
            <PlusIcon />
            Aggiungi il primo
          </Button>
        }
      >
        Non ci sono ancora {info.plural.toLowerCase()}: aggiungi il primo con «Nuovo»{mayImport ? ' o importali da un file' : ''}.
      </ListEmpty>
    ) : (
      <ListEmpty>
        {access.athleteGroupIds && kind === 'athlete'
          ? 'Nei gruppi che alleni non ci sono ancora atleti.'
          : `Non ci sono ancora ${info.plural.toLowerCase()}.`}
      </ListEmpty>
    );
  } else if (rows.length === 0) {
    body = (
      <ListEmpty
        action={
          <Button variant="outline" size="sm" onClick={clearFilters}>
            Cancella filtri
          </Button>
        }
      >
        {term
          ? `Nessun risultato per «${term}»${selectedGroup ? ` nel gruppo ${selectedGroup.name}` : ''}.`
          : selectedGroup
            ? `Nessuno nel gruppo ${selectedGroup.name}.`
            : 'Nessuno corrisponde ai filtri scelti.'}
      </ListEmpty>
    );
  } else {
    body = (
      <Stack gap="3" aria-busy={peopleResult.loading}>
        {error && <FormAlert message={messageOfError(error)} />}
        <PeopleTable
          rows={rows}
          caption={info.plural}
          showCertificate={showCertificate}
          selection={selection}
          sort={{ order, onSort: sortBy }}
          onOpen={(row) => setPanel({ mode: 'edit', roleId: row.id })}
          renderActions={(row) => (
            <ActionsMenu
              label={`Azioni per ${fullName(row)}`}
              actions={[
                // The page holds everything about the person; editing stays in the side panel.
                { value: 'view', label: 'Visualizza', onSelect: () => void navigate(`/persona/${row.id}`) },
                ...(mayEdit ? [{ value: 'edit', label: 'Modifica', onSelect: () => setPanel({ mode: 'edit', roleId: row.id }) }] : []),
                ...(mayAssign ? [{ value: 'assign', label: 'Associa', onSelect: () => setAssigning(row) }] : []),
                ...(mayArchive ? [{ value: 'archive', label: 'Archivia', danger: true, onSelect: () => archiving.ask(row) }] : []),
              ]}
            />
          )}
        />
        {maySelect && (
          <OnceOpened open={selectedRows.length > 0}>
          <BulkActionsBar
            kind={kind}
            rows={selectedRows}
            groups={groups}
            mayAssign={mayAssign}
            mayArchive={mayArchive}
            mayExport={mayExport}
            onClear={clearSelection}
            onDone={() => {
              clearSelection();
              reload();
            }}
          />
          </OnceOpened>
        )}
        <Pager
          page={view.page}
          totalPages={totalPages}
          loading={peopleResult.loading}
          onPrev={() => view.setPage(view.page - 1)}
          onNext={() => view.setPage(view.page + 1)}
          onJump={view.setPage}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="5">
      <Flex justify="space-between" align={{ base: 'flex-start', sm: 'center' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
        <Stack gap="0">
          <Heading as="h1" size="2xl">
            {info.plural}
          </Heading>
          {connection && (
            <Text color="fg.muted" fontSize="sm" aria-live="polite">
              {totalCount === 1 ? '1 risultato' : `${totalCount} risultati`}
            </Text>
          )}
        </Stack>
        {(mayImport || mayRegister || access.can('export.run')) && (
          <HStack gap="2" wrap="wrap">
            <ExportMenu filter={{ list: 'people', kind, search: term, groupIds: selectedGroup ? [selectedGroup.id] : null, addedWithin, certificate, seasonId: season.filterSeasonId }} />
            {mayImport && (
              <Button asChild variant="outline">
                <RouterLink to={`/import/${kind}`}>
                  <UploadIcon />
                  Importa
                </RouterLink>
              </Button>
            )}
            {mayRegister && (
              <Button onClick={() => setPanel({ mode: 'new' })}>
                <PlusIcon />
                Nuovo
              </Button>
            )}
          </HStack>
        )}
      </Flex>

      <Stack gap="3" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '3', md: '4' }}>
        <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }}>
          <Box flex="1">
            <SearchBox
              value={search}
              onChange={(q) => view.set({ q }, { replace: true })}
              label={`Cerca ${info.plural.toLowerCase()}`}
              placeholder="Cerca per nome o codice fiscale"
            />
          </Box>
          {showCertificate && <CertificateFilter value={certificate} onChange={pickCertificate} />}
          <SortSelect value={order} options={sortOptions.map((o) => ({ value: o.order, label: o.label }))} onChange={sortBy} />
          {filtered && (
            <Button variant="ghost" size="sm" onClick={clearFilters} alignSelf={{ base: 'flex-start', md: 'auto' }}>
              Cancella filtri
            </Button>
          )}
        </Flex>
        <GroupBadgeSelector groups={groups} selectedId={selectedGroup?.id ?? null} onSelect={pickGroup} />
        {(addedWithin || certificate) && (
          <HStack gap="2" wrap="wrap">
            {addedWithin && <FilterChip label={ADDED_LABELS[addedWithin]} onRemove={() => dropParams(ADDED_PARAM)} />}
            {certificate && <FilterChip label={CERTIFICATE_LABELS[certificate]} onRemove={() => dropParams(CERTIFICATE_PARAM)} />}
          </HStack>
        )}
        {unknownTp && (
          <Text fontSize="sm" color="fg.warning" role="status">
            Nessun gruppo «{tp}» tra quelli di questa tipologia: sono mostrati tutti.
          </Text>
        )}
      </Stack>
      {body}

      <OnceOpened open={panel.mode !== 'closed'}>
        <PersonFormPanel kind={kind} state={panel} onClose={() => setPanel({ mode: 'closed' })} onSaved={reload} />
      </OnceOpened>
      <OnceOpened open={assigning !== null}>
        <AssignGroupDialog row={assigning} groups={groups} onClose={() => setAssigning(null)} onChanged={reload} />
      </OnceOpened>
      <OnceOpened open={archiving.target !== null}>
        <ConfirmDialog
          open={archiving.target !== null}
          title={archiving.target ? `Archivia ${fullName(archiving.target)}` : 'Archivia'}
          message={MSG.archiveConfirm}
          confirmLabel="Archivia"
          loading={archiving.busy}
          onConfirm={archiving.confirm}
          onCancel={archiving.cancel}
        />
      </OnceOpened>
    </Stack>
  );
}
