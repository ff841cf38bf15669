// /groups and /category (routes/groups.tsx, routes/categories.tsx) by season: the live lists, or, while a closed season is looked at (the top bar's season
// switcher), that season's groups as its renewal kept them. Composed here because the two features do not import
// each other.
import { Stack } from '@chakra-ui/react';
import { CategoryAgesPanel } from '../../features/groups/components/category-ages-panel';
import { GroupList } from '../../features/groups/components/group-list';
import { SeasonGroups, type SeasonGroupsList } from '../../features/seasons/components/season-groups';
import { useSeasonView } from '../../lib/season-view';

export function GroupsOfSeason({ list }: { list: SeasonGroupsList }) {
  const season = useSeasonView();
  if (season.isOtherSeason && season.chosen?.status === 'closed') return <SeasonGroups list={list} season={season.chosen} />;
  if (list === 'groups') return <GroupList mode="groups" />;
  return (
    <Stack gap="8">
      <GroupList mode="categories" />
      <CategoryAgesPanel />
    </Stack>
  );
}
