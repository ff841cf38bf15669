// "Esporta" on a list's header: a menu offering "Esporta CSV" / "Esporta Excel", which asks the server for every row
// the list's current filter matches (GraphQL exportList, answered inline as base64) and saves the file. Shown only
// to roles with export.run; the server refuses the others anyway.
import { useApolloClient } from '@apollo/client/react';
import { Button, Menu, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { MESSAGE_LEVEL } from '../../../../schema/constants';
import { graphql } from '../../gql';
import type { CertificateStatus, ExportFormat, ExportList, PersonKind, PostOrder, RecentPeriod } from '../../gql/graphql';
import { saveInlineFile } from '../../lib/authorized-file';
import { messageOfError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useAccess } from '../../lib/use-access';
import { DownloadIcon } from '../icons';

const ExportListQuery = graphql(`
  query ExportMenu_Export(
    $list: ExportList!
    $format: ExportFormat!
    $kind: PersonKind
    $search: String
    $groupIds: [ID!]
    $addedWithin: RecentPeriod
    $certificate: CertificateStatus
    $roleIds: [ID!]
    $priority: Int
    $postOrder: PostOrder
    $seasonId: ID
  ) {
    exportList(
      list: $list
      format: $format
      kind: $kind
      search: $search
      groupIds: $groupIds
      addedWithin: $addedWithin
      certificate: $certificate
      roleIds: $roleIds
      priority: $priority
      postOrder: $postOrder
      seasonId: $seasonId
    ) {
      filename
      contentType
      base64
    }
  }
`);

/** The list and its current filter, as the list page holds them. */
export interface ExportFilter {
  list: ExportList;
  kind?: PersonKind;
  search?: string | null;
  groupIds?: readonly string[] | null;
  /** People lists opened from the dashboard's statistics; the feed's "created today / this week" filter. */
  addedWithin?: RecentPeriod | null;
  certificate?: CertificateStatus | null;
  /** People lists: only these rows (the bulk actions' "Esporta selezione"). */
  roleIds?: readonly string[] | null;
  /** The feed's priority filter (0, 1, 2). */
  priority?: number | null;
  /** The feed's order. */
  postOrder?: PostOrder | null;
  /** People lists: the season chosen in the top bar (only the people in it). */
  seasonId?: string | null;
}

const FORMATS: ReadonlyArray<{ value: ExportFormat; label: string }> = [
  { value: 'csv', label: 'Esporta CSV' },
  { value: 'xlsx', label: 'Esporta Excel' },
];

export function ExportMenu({ filter, label = 'Esporta', size, onExported }: { filter: ExportFilter; label?: string; size?: 'sm' | 'md'; onExported?: (filename: string) => void }) {
  const access = useAccess();
  const client = useApolloClient();
  const [busy, setBusy] = useState(false);
  if (!access.can('export.run')) return null;

  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      // Not cached: a file is asked for once, and its base64 would only weigh on the cache.
      const { data } = await client.query({
        query: ExportListQuery,
        variables: { ...filter, format, search: filter.search?.trim() || null, groupIds: filter.groupIds?.length ? [...filter.groupIds] : null, roleIds: filter.roleIds ? [...filter.roleIds] : null },
        fetchPolicy: 'no-cache',
      });
      if (!data?.exportList) throw new Error('no file');
      saveInlineFile(data.exportList);
      onExported?.(data.exportList.filename);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={({ value }) => void run(value as ExportFormat)}>
      <Menu.Trigger asChild>
        <Button variant="outline" size={size} loading={busy} loadingText="Esporto…">
          <DownloadIcon />
          {label}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            {FORMATS.map((f) => (
              <Menu.Item key={f.value} value={f.value} cursor="pointer">
                {f.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
