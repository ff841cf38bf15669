// The club's active groups (every type), as choices for a post's targets and for the feed's group filter.
import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { groupTypeLabel } from '../../lib/group-types';
import { GroupOptionsQuery } from './feed-documents';

/** More than any club's list of groups; the server answers them sorted by name. */
const MAX_GROUP_OPTIONS = 100;

export interface GroupOption {
  value: string;
  /** "Under 12 · Atleti": the same name may exist under two types. */
  label: string;
}

export function useGroupOptions(): { options: GroupOption[]; loading: boolean; failed: boolean } {
  const { data, loading, error } = useQuery(GroupOptionsQuery, {
    variables: { first: MAX_GROUP_OPTIONS },
    fetchPolicy: 'cache-and-network',
  });
  const options = useMemo(
    () =>
      (data?.groups.edges ?? [])
        .map((e) => e.node)
        .filter((g) => g.isActive)
        .map((g) => ({ value: g.id, label: `${g.name} · ${groupTypeLabel(g.type)}` })),
    [data],
  );
  return { options, loading: loading && !data, failed: Boolean(error) && !data };
}
