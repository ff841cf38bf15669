// /category: the categories (the groups of type athlete), youngest first, and their ages; of the season looked at.
import { GroupsOfSeason } from './groups-by-season';

export default function CategoriesPage() {
  return <GroupsOfSeason list="categories" />;
}
