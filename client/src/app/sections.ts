// The authenticated area's navigation (spec §2) as plain data: the router imports it, so it must not pull in
// the UI library (icons are attached by the sidebar).
export type NavIconName =
  | 'dashboard'
  | 'club'
  | 'feed'
  | 'members'
  | 'volunteers'
  | 'athletes'
  | 'categories'
  | 'groups'
  | 'managers'
  | 'coaches'
  | 'assistants'
  | 'archive';

export interface NavItem {
  label: string;
  path: string;
  icon: NavIconName;
  /** Page title, when it differs from the menu label. */
  title?: string;
}

export interface NavGroup {
  id: string;
  label?: string;
  items: NavItem[];
}

export const NAVIGATION: NavGroup[] = [
  { id: 'home', items: [{ label: 'Dashboard', path: '/dashboard', icon: 'dashboard' }] },
  {
    id: 'club',
    label: 'Società',
    items: [
      { label: 'Club', path: '/club', icon: 'club' },
      { label: 'Feed', path: '/feed', icon: 'feed' },
      { label: 'Soci', path: '/club/member', icon: 'members' },
      { label: 'Volontari', path: '/club/voluntary', icon: 'volunteers' },
    ],
  },
  {
    id: 'people',
    label: 'I tuoi tesserati',
    items: [
      { label: 'Atleti', path: '/athlete', icon: 'athletes' },
      { label: 'Categorie', path: '/category', icon: 'categories' },
      { label: 'Gruppi', path: '/groups', icon: 'groups' },
    ],
  },
  {
    id: 'staff',
    label: 'Staff',
    items: [
      { label: 'Dirigenti', path: '/staff/manager', icon: 'managers' },
      { label: 'Allenatori', path: '/staff/coach', icon: 'coaches' },
      { label: 'Accompagnatori', path: '/staff/assistant', icon: 'assistants' },
    ],
  },
  { id: 'archive', items: [{ label: 'Archiviati', path: '/archive', icon: 'archive' }] },
];

/** Sections with their own page (and <Route> in app/router.tsx). */
const BUILT_SECTIONS = new Set([
  '/dashboard',
  '/groups',
  '/category',
  '/feed',
  // the six people lists (PERSON_KIND_INFO routes) and the archive
  '/athlete',
  '/staff/coach',
  '/staff/manager',
  '/staff/assistant',
  '/club/member',
  '/club/voluntary',
  '/archive',
  '/club',
]);

/**
 * Authenticated routes that show the shared "in preparazione" page until their issue lands.
 * When a section is built, remove it from here and give it its own <Route> in app/router.tsx.
 */
export const COMING_SOON_SECTIONS: { path: string; title: string }[] = [
  ...NAVIGATION.flatMap((g) => g.items)
    .filter((i) => !BUILT_SECTIONS.has(i.path))
    .map((i) => ({ path: i.path, title: i.title ?? i.label })),
  { path: '/import/:type', title: 'Importazione' },
];
