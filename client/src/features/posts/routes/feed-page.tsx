// /feed: the club's notices as a card grid (1 column on phones, 3 on wide screens) with create, edit, archive,
// text search, working priority / group filters and sort, 8 a page. Writing needs feed.write; a coach writes only
// to the groups they coach (and changes only such posts).
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Field, Flex, Heading, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { FilterChip } from '../../../components/ui/filter-chip';
import { CREATED_LABELS, CREATED_PARAM, periodOfParam } from '../../../lib/recent-filters';
import { MSG } from '../../../../../schema/messages';
import { PlusIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import { Pager } from '../../../components/ui/pager';
import { ExportMenu } from '../../../components/ui/export-menu';
import { SearchBox } from '../../../components/ui/search-box';
import { SelectInput } from '../../../components/ui/select-field';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { pageCount } from '../../../lib/use-cursor-pages';
import { pageVariables, useClampedPage, useListView } from '../../../lib/use-list-view';
import { PostCard, type Post } from '../components/post-card';
import { PostFormPanel } from '../components/post-form-panel';
import { ArchivePostMutation, PostsQuery } from '../feed-documents';
import {
  feedQueryVariables,
  hasActiveFilters,
  isPostOrder,
  ORDER_OPTIONS,
  PRIORITY_FILTER_OPTIONS,
  type FeedFilters,
} from '../feed-filters';
import { useGroupOptions } from '../use-group-options';
import { useConfirmedArchive } from '../../../lib/use-confirmed-archive';
import { useAccess } from '../../../lib/use-access';

/** The form panel: closing keeps the record, so the title does not change while the panel slides out. */
type Panel = { open: boolean; post: Post | null };

interface FilterSelectProps {
  label: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  /** Takes a whole row on phones. */
  span?: boolean;
}

function FilterSelect(props: FilterSelectProps) {
  return (
    <Field.Root gridColumn={props.span ? { base: 'span 2', sm: 'auto' } : undefined}>
      <Field.Label fontSize="sm" color="fg.muted">
        {props.label}
      </Field.Label>
      <SelectInput name={props.name} value={props.value} options={props.options} onChange={(e) => props.onChange(e.target.value)} />
    </Field.Root>
  );
}

export default function FeedPage() {
  useDocumentTitle('Feed');
  // Filters, sort and page in the address: a reload, the back button or a shared link shows the same feed. The
  // dashboard's "post della settimana" links here with ?creati=settimana (a removable chip over the controls).
  const view = useListView(['q', 'priorita', 'gruppo', 'ordina', CREATED_PARAM]);
  const filters: FeedFilters = {
    search: view.values.q,
    priority: view.values.priorita,
    groupId: view.values.gruppo,
    order: isPostOrder(view.values.ordina) ? view.values.ordina : 'NEWEST',
  };
  const createdWithin = periodOfParam(view.values[CREATED_PARAM]);
  const dropCreated = () => view.set({ [CREATED_PARAM]: '' });
  const { data, previousData, loading, error, refetch } = useQuery(PostsQuery, {
    variables: { ...feedQueryVariables(filters), createdWithin, ...pageVariables(view.page) },
    fetchPolicy: 'cache-and-network',
  });
  const groups = useGroupOptions();
  const [panel, setPanel] = useState<Panel>({ open: false, post: null });
  const [archivePost] = useMutation(ArchivePostMutation);
  const access = useAccess();
  const mayPublish = access.can('feed.write');
  const coached = access.athleteGroupIds;
  const targetOptions = coached ? groups.options.filter((o) => coached.includes(o.value)) : groups.options;

  // While another page or filter loads, the rows on screen stay (dimmed) instead of blinking away.
  const connection = (data ?? (loading ? previousData : undefined))?.posts;
  const stale = !data && Boolean(connection);
  const posts = connection?.edges.map((e) => e.node) ?? [];
  const filtered = hasActiveFilters(filters) || createdWithin !== null;
  const totalPages = pageCount(connection?.totalCount ?? 0);
  useClampedPage(view, data ? totalPages : undefined);
  const reload = () => void refetch().catch(() => undefined);

  const archiving = useConfirmedArchive<Post>(
    async (id) => (await archivePost({ variables: { id } })).data?.archivePost,
    // The last card of a later page went away: that page no longer exists.
    () => (posts.length === 1 && view.page > 1 ? view.setPage(view.page - 1, { replace: true }) : reload()),
  );

  let body;
  if (!connection && loading) body = <ListLoading />;
  else if (!connection && error) body = <ListError message={messageOfError(error)} onRetry={reload} />;
  else if (posts.length === 0) {
    body = filtered ? (
      <ListEmpty
        action={
          <Button
            size="sm"
            variant="outline"
            onClick={view.clear}
          >
            Azzera filtri
          </Button>
        }
      >
        Nessun post corrisponde ai filtri.
      </ListEmpty>
    ) : (
      <ListEmpty>{mayPublish ? 'Non ci sono ancora post: pubblica il primo con «Nuovo post».' : 'Non ci sono ancora post.'}</ListEmpty>
    );
  } else {
    body = (
      <SimpleGrid as="section" aria-label="Post del feed" columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        {posts.map((post) => (
          <PostCard
            key={post.id}
            post={post}
            canChange={access.canChangePost(post.groups.map((g) => g.id))}
            onEdit={() => setPanel({ open: true, post })}
            onArchive={() => archiving.ask(post)}
          />
        ))}
      </SimpleGrid>
    );
  }

  const groupFilterOptions = [{ value: '', label: 'Tutti i gruppi' }, ...groups.options];

  const exportVariables = feedQueryVariables(filters);
  const exportFilter = {
    list: 'posts' as const,
    search: exportVariables.search,
    priority: exportVariables.priority,
    groupIds: exportVariables.groupId ? [exportVariables.groupId] : null,
    postOrder: exportVariables.orderBy,
    addedWithin: createdWithin,
  };

  return (
    <Stack gap="6">
      <Flex justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
        <Heading as="h1" size="2xl">
          Feed
        </Heading>
        <HStack gap="2" wrap="wrap">
          <ExportMenu filter={exportFilter} />
          {mayPublish && (
            <Button onClick={() => setPanel({ open: true, post: null })}>
              <PlusIcon boxSize="4" />
              Nuovo post
            </Button>
          )}
        </HStack>
      </Flex>

      <Stack gap="3" direction={{ base: 'column', lg: 'row' }} align={{ lg: 'flex-end' }}>
        <Box flex={{ lg: '2' }} minW="0">
          <Field.Root>
            <Field.Label fontSize="sm" color="fg.muted">
              Cerca
            </Field.Label>
            <SearchBox value={filters.search} onChange={(q) => view.set({ q }, { replace: true })} label="Cerca nei post" placeholder="Cerca nel titolo o nel testo" />
          </Field.Root>
        </Box>
        {/* On phones two filters share a row and the sort takes the next one. */}
        <SimpleGrid columns={{ base: 2, sm: 3 }} gap="3" flex={{ lg: '3' }}>
          <FilterSelect label="Priorità" name="priorityFilter" value={filters.priority} options={PRIORITY_FILTER_OPTIONS} onChange={(priorita) => view.set({ priorita })} />
          <FilterSelect label="Gruppo" name="groupFilter" value={filters.groupId} options={groupFilterOptions} onChange={(gruppo) => view.set({ gruppo })} />
          <FilterSelect
            span
            label="Ordina per"
            name="order"
            value={filters.order}
            options={ORDER_OPTIONS}
            // the default order leaves the address clean
            onChange={(v) => isPostOrder(v) && view.set({ ordina: v === 'NEWEST' ? '' : v })}
          />
        </SimpleGrid>
      </Stack>

      {createdWithin && <FilterChip label={CREATED_LABELS[createdWithin]} onRemove={dropCreated} />}

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

      <PostFormPanel
        open={panel.open}
        post={panel.post}
        groupOptions={targetOptions}
        groupsLoading={groups.loading}
        onClose={() => setPanel((p) => ({ open: false, post: p.post }))}
        onSaved={() => {
          setPanel((p) => ({ open: false, post: p.post }));
          reload();
        }}
      />

      <ConfirmDialog
        open={archiving.target !== null}
        title={`Archiviare «${archiving.target?.title ?? ''}»?`}
        message={MSG.postArchiveConfirm}
        confirmLabel="Archivia"
        loading={archiving.busy}
        onConfirm={archiving.confirm}
        onCancel={archiving.cancel}
      />
    </Stack>
  );
}
