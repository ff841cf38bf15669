// The app's pages as data (no React, no router library): their paths and lazy modules. The router builds its
// routes from it (app/router.tsx), and the entry (main.tsx) reads it to start a bookmarked page's chunks beside
// the app's own chunk, so that layouts, page and the app load in one wave, not one after the other.
import { PERSON_KIND_INFO, PERSON_KINDS } from '../../../schema/constants';
import { matchPattern } from '../lib/public-paths';
import { prefetchRoutes, type RouteModuleName } from './route-modules';

export interface AppPage {
  /** React Router's pattern, without the leading slash. */
  path: string;
  module: RouteModuleName;
  /** Fixed props, where one page serves several routes. */
  props?: Record<string, unknown>;
}

/** The session's pages outside the guarded area. */
export const AUTH_PAGES: AppPage[] = [
  { path: 'login', module: 'login' },
  { path: 'signup', module: 'signup' },
  { path: 'forgot-password', module: 'forgotPassword' },
  // online registration by link (issue 36 point 3): open without an account, no admin shell
  { path: 'iscrizione/:token', module: 'registrationPublic' },
  { path: 'verifica-firma/:hash?', module: 'verifySignature' },
  // a call-up answered from its mail's link (issue 38): no account
  { path: 'convocazione/:token', module: 'callUpLink' },
  // a notice read (and, urgent, confirmed) from its mail's link (issue 39): no account
  { path: 'avviso/:token', module: 'noticeLink' },
];

/** The guarded area (AdminLayout). */
export const ADMIN_PAGES: AppPage[] = [
  { path: 'dashboard', module: 'dashboard' },
  { path: 'groups', module: 'groups' },
  { path: 'category', module: 'categories' },
  // a category's athletes and whether each may play today (medical certificates)
  { path: 'category/:id/idoneita', module: 'groupEligibility' },
  { path: 'feed', module: 'feed' },
  ...PERSON_KINDS.map((kind) => ({ path: PERSON_KIND_INFO[kind].route.replace(/^\//, ''), module: 'peopleList' as const, props: { kind } })),
  // one person, addressed by one of their roles (the API reads a person through personRole)
  { path: 'persona/:roleId', module: 'personPage' },
  { path: 'archive', module: 'archive' },
  // profiles that may be one person, and merging them
  { path: 'duplicati', module: 'duplicates' },
  { path: 'modifica-utente', module: 'accountProfile' },
  // /sicurezza is the public security notice: the account's security page lives under /account
  { path: 'account/sicurezza', module: 'accountSecurity' },
  { path: 'aiuto', module: 'help' },
  // the link a club mails to a person (invitePersonLink): confirms it for the signed-in account
  { path: 'collega-profilo', module: 'linkPerson' },
  { path: 'collaboratori', module: 'collaborators' },
  { path: 'affiliazioni', module: 'affiliations' },
  // no club permission: the server answers whether the account is on the organisation's staff
  { path: 'organizzazione', module: 'organisationPortal' },
  // the link an organisation mails to a new staff member (inviteOrganisationStaff): before :id, not an id
  { path: 'organizzazione/invito', module: 'staffInvitation' },
  { path: 'organizzazione/:id', module: 'organisationPortal' },
  // the link a club mails to a new collaborator (inviteCollaborator): joins the signed-in account
  { path: 'invito', module: 'invitation' },
  { path: 'registro-accessi', module: 'accessLog' },
  { path: 'club', module: 'club' },
  { path: 'modifica-club', module: 'clubEdit' },
  { path: 'impostazioni', module: 'clubSettings' },
  { path: 'stagioni', module: 'seasons' },
  { path: 'stagioni/rinnovo', module: 'seasonRenewal' },
  { path: 'libro-soci', module: 'memberRegister' },
  // the club's privacy notice and the missing consents (issue 36); /privacy is the public site's own privacy policy
  { path: 'club/privacy', module: 'privacy' },
  // online registration forms and the approval queue (issue 36 point 3)
  { path: 'iscrizioni', module: 'registrationForms' },
  { path: 'iscrizioni/da-approvare', module: 'registrationQueue' },
  // what members and guardians ask from the personal area (issue 36 point 4): key-field changes and certificates
  { path: 'richieste-famiglie', module: 'familyRequests' },
  // fees, payments and receipts (issue 37): the season's plans and overview, the overdue list, a family's statement,
  // the fees' settings (reminders, SEPA creditor) and the SEPA collection
  { path: 'quote', module: 'fees' },
  { path: 'quote/scaduti', module: 'feesOverdue' },
  { path: 'quote/famiglia/:payerId', module: 'familyStatement' },
  { path: 'quote/impostazioni', module: 'feesCollection', props: { view: 'impostazioni' } },
  { path: 'quote/sepa', module: 'feesCollection', props: { view: 'sepa' } },
  // the club's calendar (issue 38): the views, and the venues and closures
  { path: 'calendario', module: 'calendar' },
  { path: 'calendario/impianti', module: 'calendarVenues' },
  // attendance (issue 38 point 3): the statistics, and a day's sheet (the series' day, as the calendar names it)
  { path: 'calendario/presenze', module: 'attendanceStats' },
  { path: 'calendario/presenze/:eventId/:occursOn', module: 'attendanceSheet' },
  // a day's call-ups (issue 38 point 2): the event's day as the calendar names it (the series' day)
  { path: 'calendario/convocazioni/:eventId/:occursOn', module: 'callUps' },
  // notices (issue 39): the list, writing one (before :noticeId, not an id), one notice's recipients
  { path: 'avvisi', module: 'notices', props: { view: 'elenco' } },
  { path: 'avvisi/nuovo', module: 'notices', props: { view: 'nuovo' } },
  { path: 'avvisi/:noticeId', module: 'notices', props: { view: 'avviso' } },
  // group channels (issue 39 point 4): the list, one group's conversation
  { path: 'canali', module: 'channels', props: { view: 'elenco' } },
  { path: 'canali/:groupId', module: 'channels', props: { view: 'canale' } },
  // one route per kind: /import/<anything else> falls through to the 404
  ...PERSON_KINDS.map((kind) => ({ path: `import/${kind}`, module: 'importPage' as const, props: { kind } })),
  // (then the sections still to come, app/sections.ts: the router adds them; that list needs the router library)
];

/**
 * The personal area of members and guardians (issue 36 point 4): a session, no club needed, its own light layout
 * (AreaLayout) instead of the admin shell; installable on a phone (PWA, /area is the app's start).
 */
export const AREA_PAGES: AppPage[] = [
  { path: 'area', module: 'familyArea' },
  { path: 'area/:personId', module: 'familyPerson' },
  // a group's channel (issue 39 point 4): the family's side of the conversation
  { path: 'area/canali/:groupId', module: 'familyChannel' },
];

/** Starts loading the chunks of the page at `pathname` and of its layouts (the entry, for a bookmarked page). */
export function preloadAppPage(pathname: string) {
  const matches = (page: AppPage) => matchPattern(`/${page.path}`, pathname) !== null;
  const admin = ADMIN_PAGES.find(matches);
  if (admin) return prefetchRoutes('uiLayout', 'sessionLayout', 'adminLayout', admin.module);
  const area = AREA_PAGES.find(matches);
  if (area) return prefetchRoutes('uiLayout', 'sessionLayout', 'areaLayout', area.module);
  const auth = AUTH_PAGES.find(matches);
  if (auth) return prefetchRoutes('uiLayout', 'sessionLayout', auth.module);
}
