// /groups: the club's groups of every type but athlete (those are the categories), of the season looked at.
import { GroupsOfSeason } from './groups-by-season';

export default function GroupsPage() {
  return <GroupsOfSeason list="groups" />;
}
