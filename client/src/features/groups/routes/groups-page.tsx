// /groups: the club's groups of every type but athlete (those are the categories).
import { GroupList } from '../components/group-list';

export default function GroupsPage() {
  return <GroupList mode="groups" />;
}
