// The authenticated area's navigation (spec §2) as plain data: the router imports it, so it must not pull in
// the UI library (icons are attached by the sidebar). Each page names the permission it needs (the sidebar hides
// the others; a direct address shows the "no permission" page instead).
import { matchPath } from 'react-router';
import { PERSON_KINDS } from '../../../schema/constants';
import type { Permission } from '../../../schema/permissions';

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
  | 'archive'
  | 'register'
  | 'seasons'
  | 'privacy'
  | 'registrations'
  | 'familyRequests'
  | 'fees'
  | 'calendar'
  | 'notices'
  | 'channels';

export interface NavItem {
  label: string;
  path: string;
  icon: NavIconName;
  /** Page title, when it differs from the menu label. */
  title?: string;
  /** Needed to see the page (any of them, for a list); null: every member, and an account without a club too. */
  permission: Permission | readonly Permission[] | null;
}

export interface NavGroup {
  id: string;
  label?: string;
  items: NavItem[];
}

const ANY_PEOPLE_READ = PERSON_KINDS.map((kind) => `people.${kind}.read` as const);
/** Who may review possible duplicates (/duplicati): the roles that edit people of some kind. */
export const ANY_PEOPLE_WRITE = PERSON_KINDS.map((kind) => `people.${kind}.write` as const);

export const NAVIGATION: NavGroup[] = [
  { id: 'home', items: [{ label: 'Dashboard', path: '/dashboard', icon: 'dashboard', permission: null }] },
  {
    id: 'club',
    label: 'Società',
    items: [
      { label: 'Club', path: '/club', icon: 'club', permission: 'club.read' },
      { label: 'Feed', path: '/feed', icon: 'feed', permission: 'feed.read' },
      { label: 'Soci', path: '/club/member', icon: 'members', permission: 'people.member.read' },
      { label: 'Volontari', path: '/club/voluntary', icon: 'volunteers', permission: 'people.voluntary.read' },
      { label: 'Libro soci', path: '/libro-soci', icon: 'register', permission: 'members.read' },
      { label: 'Stagioni', path: '/stagioni', icon: 'seasons', permission: 'members.read' },
      // the club's privacy notice for everyone, the missing consents below it with consents.read (/privacy is the
      // public site's own privacy policy)
      { label: 'Privacy', path: '/club/privacy', icon: 'privacy', title: 'Informativa privacy', permission: 'club.read' },
      { label: 'Iscrizioni online', path: '/iscrizioni', icon: 'registrations', permission: 'registrations.manage' },
      // what members and guardians ask from the personal area: key-field changes (people.*.write) and certificates
      // (health.write); each list of the page shows to its own permission
      { label: 'Richieste famiglie', path: '/richieste-famiglie', icon: 'familyRequests', title: 'Richieste dalle famiglie', permission: [...ANY_PEOPLE_WRITE, 'health.write'] },
      // fees, payments and receipts (issue 37): the treasurer's page; a coach and a read-only member see no money
      { label: 'Quote', path: '/quote', icon: 'fees', permission: 'fees.read' },
      // notices by e-mail with the read confirmation (issue 39): a coach to the groups they coach
      { label: 'Avvisi', path: '/avvisi', icon: 'notices', permission: 'feed.write' },
      // one conversation per group between the staff and the families (issue 39 point 4): a coach's groups only
      { label: 'Canali', path: '/canali', icon: 'channels', permission: 'channels.read' },
    ],
  },
  {
    id: 'people',
    label: 'I tuoi tesserati',
    items: [
      { label: 'Atleti', path: '/athlete', icon: 'athletes', permission: 'people.athlete.read' },
      { label: 'Categorie', path: '/category', icon: 'categories', permission: 'groups.read' },
      { label: 'Gruppi', path: '/groups', icon: 'groups', permission: 'groups.read' },
      // trainings, matches and events of the groups (issue 38)
      { label: 'Calendario', path: '/calendario', icon: 'calendar', permission: 'calendar.read' },
    ],
  },
  {
    id: 'staff',
    label: 'Staff',
    items: [
      { label: 'Dirigenti', path: '/staff/manager', icon: 'managers', permission: 'people.manager.read' },
      { label: 'Allenatori', path: '/staff/coach', icon: 'coaches', permission: 'people.coach.read' },
      { label: 'Accompagnatori', path: '/staff/assistant', icon: 'assistants', permission: 'people.staff.read' },
    ],
  },
  { id: 'archive', items: [{ label: 'Archiviati', path: '/archive', icon: 'archive', permission: ANY_PEOPLE_READ }] },
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
  '/libro-soci',
  '/stagioni',
  '/club/privacy',
  '/iscrizioni',
  '/richieste-famiglie',
  '/quote',
  '/calendario',
  '/avvisi',
  '/canali',
]);

/**
 * Authenticated routes that show the shared "in preparazione" page until their issue lands.
 * When a section is built, remove it from here and give it its own <Route> in app/router.tsx.
 */
export const COMING_SOON_SECTIONS: { path: string; title: string }[] = [
  ...NAVIGATION.flatMap((g) => g.items)
    .filter((i) => !BUILT_SECTIONS.has(i.path))
    .map((i) => ({ path: i.path, title: i.title ?? i.label })),
];

/**
 * Club pages outside the sidebar and what each needs. Pages of the account itself (profile, security, help, the
 * invitation and person-link landings, the personal area /area) need none: they work without a club too.
 */
const OTHER_PAGES: Pick<NavItem, 'path' | 'permission'>[] = [
  { path: '/modifica-club', permission: 'club.write' },
  { path: '/impostazioni', permission: 'club.write' },
  { path: '/collaboratori', permission: 'collaborators.manage' },
  { path: '/affiliazioni', permission: 'affiliations.manage' },
  { path: '/registro-accessi', permission: 'accessLog.read' },
  { path: '/import/:type', permission: 'import.run' },
  { path: '/stagioni/rinnovo', permission: 'members.write' },
  { path: '/iscrizioni/da-approvare', permission: 'registrations.manage' },
  // the overdue list, a family's statement, the fees' settings, the SEPA collection
  { path: '/quote/*', permission: 'fees.read' },
  // the calendar's venues and closures
  { path: '/calendario/impianti', permission: 'venues.write' },
  // attendance: the statistics (a coach: their groups' athletes), and taking a day's attendance
  { path: '/calendario/presenze', permission: 'calendar.read' },
  { path: '/calendario/presenze/:eventId/:occursOn', permission: 'calendar.write' },
  // a day's call-ups: choosing and sending them (the checks read the certificates: the server wants health.read too)
  { path: '/calendario/convocazioni/:eventId/:occursOn', permission: 'calendar.write' },
  // writing a notice and one notice's recipients (issue 39)
  { path: '/avvisi/nuovo', permission: 'feed.write' },
  { path: '/avvisi/:noticeId', permission: 'feed.write' },
  // a group's channel (issue 39 point 4)
  { path: '/canali/:groupId', permission: 'channels.read' },
  { path: '/persona/:roleId', permission: ANY_PEOPLE_READ },
  { path: '/duplicati', permission: ANY_PEOPLE_WRITE },
  // who may play is told by the certificates: health data
  { path: '/category/:id/idoneita', permission: 'health.read' },
];

const PAGE_PERMISSIONS = [...NAVIGATION.flatMap((g) => g.items), ...OTHER_PAGES];

/** The permissions (any of them) a menu entry or page needs; null when it needs none. */
export function permissionsOf(item: Pick<NavItem, 'permission'>): readonly Permission[] | null {
  return typeof item.permission === 'string' ? [item.permission] : item.permission;
}

/** The permissions (any of them) a page of the authenticated area needs, or null when it needs none. */
export function pagePermissions(pathname: string): readonly Permission[] | null {
  const page = PAGE_PERMISSIONS.find((p) => matchPath({ path: p.path, end: true }, pathname));
  return page ? permissionsOf(page) : null;
}
