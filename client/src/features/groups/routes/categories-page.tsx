// /category: the categories, i.e. the groups of type athlete, listed youngest first, and their ages.
import { Stack } from '@chakra-ui/react';
import { GroupList } from '../components/group-list';
import { CategoryAgesPanel } from '../components/category-ages-panel';

export default function CategoriesPage() {
  return (
    <Stack gap="8">
      <GroupList mode="categories" />
      <CategoryAgesPanel />
    </Stack>
  );
}
