// The lazy route modules, in one place: the app's router (route `lazy`) and the public site (React.lazy) load them,
// and pages prefetch the ones the user is likely to open next (after login: the admin layout and the dashboard).
export const routeModules = {
  publicLayout: () => import('../features/site/public-layout'),
  home: () => import('../features/site/home/home-page'),
  pricing: () => import('../features/site/pricing/pricing-page'),
  cart: () => import('../features/site/pricing/cart-page'),
  featurePage: () => import('../features/site/features/feature-page'),
  tester: () => import('../features/site/tester/tester-page'),
  wizard: () => import('../features/site/wizard/wizard-page'),
  legal: () => import('../features/site/legal/legal-page'),
  uiLayout: () => import('./providers/ui-layout'),
  sessionLayout: () => import('./providers/session-layout'),
  adminLayout: () => import('./layouts/admin-layout'),
  login: () => import('./routes/login'),
  signup: () => import('./routes/signup'),
  forgotPassword: () => import('./routes/forgot-password'),
  inscription: () => import('../features/leads/inscription-page'),
  leadPage: () => import('../features/leads/lead-page'),
  dashboard: () => import('./routes/dashboard'),
  groups: () => import('./routes/groups'),
  categories: () => import('./routes/categories'),
  feed: () => import('../features/posts/routes/feed-page'),
  peopleList: () => import('../features/people/routes/people-list-page'),
  personPage: () => import('./routes/person'),
  groupEligibility: () => import('../features/certificates/routes/group-eligibility-page'),
  archive: () => import('../features/people/routes/archive-page'),
  duplicates: () => import('../features/people/routes/duplicates-page'),
  accountProfile: () => import('../features/accounts/routes/profile-page'),
  accountSecurity: () => import('../features/accounts/routes/security-page'),
  help: () => import('../features/accounts/routes/help-page'),
  linkPerson: () => import('../features/accounts/routes/link-person-page'),
  collaborators: () => import('../features/collaborators/routes/collaborators-page'),
  affiliations: () => import('../features/affiliations/routes/affiliations-page'),
  invitation: () => import('../features/collaborators/routes/invitation-page'),
  // The organisation portal (its staff's own pages): one chunk for the list and one organisation.
  organisationPortal: () => import('../features/organisations/routes/organisation-portal-page'),
  staffInvitation: () => import('../features/organisations/routes/staff-invitation-page'),
  accessLog: () => import('../features/access-log/routes/access-log-page'),
  club: () => import('../features/clubs/routes/club-page'),
  clubEdit: () => import('../features/clubs/routes/club-edit-page'),
  clubSettings: () => import('../features/clubs/routes/club-settings-page'),
  importPage: () => import('../features/imports/routes/import-page'),
  // the season's pages (issue 35): the seasons, the guided renewal, the membership register (libro soci)
  seasons: () => import('../features/seasons/routes/seasons-page'),
  seasonRenewal: () => import('../features/seasons/routes/season-renewal-page'),
  memberRegister: () => import('../features/seasons/routes/member-register-page'),
  // the club's privacy notice in versions and the people whose consent is missing (issue 36)
  privacy: () => import('../features/consents/routes/privacy-page'),
  // online registration by link, the staff's side (issue 36 point 3): the forms and the approval queue
  registrationForms: () => import('../features/registrations/routes/registration-forms-page'),
  registrationQueue: () => import('../features/registrations/routes/registration-queue-page'),
  // online registration by link, the public side (no account): the form of a link and the signature's check
  registrationPublic: () => import('../features/registrations/public/registration-page'),
  verifySignature: () => import('../features/registrations/public/verify-signature-page'),
  callUpLink: () => import('../features/call-ups/call-up-link-page'),
  // the personal area of members and guardians (issue 36 point 4): its own light layout, the family, one person; and
  // the staff's page of the requests sent from it
  areaLayout: () => import('./layouts/area-layout'),
  familyArea: () => import('../features/family-area/routes/family-area-page'),
  familyPerson: () => import('../features/family-area/routes/family-person-page'),
  familyRequests: () => import('../features/family-area/routes/family-requests-page'),
  // fees, payments and receipts (issue 37): the treasurer's page of a season, the overdue list, a family's statement;
  // collecting (the fees' settings and the SEPA collection: one chunk, the admin shell at its budget)
  fees: () => import('../features/fees/routes/fees-page'),
  feesOverdue: () => import('../features/fees/routes/overdue-page'),
  familyStatement: () => import('../features/fees/routes/family-statement-page'),
  feesCollection: () => import('../features/fees/routes/collection-pages'),
  // the club's calendar (issue 38): react-big-calendar and its stylesheet only in these chunks
  calendar: () => import('./routes/calendar'),
  calendarVenues: () => import('../features/calendar/routes/venues-page'),
  // attendance (issue 38 point 3): a day's sheet on the coach's phone (with its offline queue) and the statistics (nivo
  // in its own chunk, loaded by the page)
  attendanceSheet: () => import('../features/attendance/routes/attendance-sheet-page'),
  attendanceStats: () => import('../features/attendance/routes/attendance-stats-page'),
  // a day's call-ups, the staff's side (issue 38 point 2): the candidates and their checks, the answers
  callUps: () => import('../features/call-ups/routes/call-ups-page'),
  // notices (issue 39): the club's list, writing one, one notice's recipients (one chunk, the admin shell at its
  // budget); and the mail link's page (no account)
  notices: () => import('../features/notices/routes/notice-pages'),
  noticeLink: () => import('../features/notices/notice-link-page'),
  // group channels (issue 39 point 4): the staff's list and conversation (one chunk), the family's conversation
  channels: () => import('../features/channels/routes/channel-pages'),
  familyChannel: () => import('../features/family-area/routes/family-channel-page'),
  sectionComingSoon: () => import('./routes/section-coming-soon'),
  notFound: () => import('./routes/not-found'),
};

export type RouteModuleName = keyof typeof routeModules;

/** Starts downloading route chunks in the background (failures are ignored: the route will retry). */
export function prefetchRoutes(...names: RouteModuleName[]): void {
  for (const name of names) routeModules[name]().catch(() => undefined);
}
