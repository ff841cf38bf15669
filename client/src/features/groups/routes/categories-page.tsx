// /category: the categories, i.e. the groups of type athlete.
import { GroupList } from '../components/group-list';

export default function CategoriesPage() {
  return <GroupList mode="categories" />;
}
