// GraphQL face of the dashboard: one query with the club's numbers. Thin adapter over getDashboard.
import { builder } from '../../graphql/builder';
import { PersonKindEnum } from '../../graphql/enums';
import { getDashboard, type DashboardNumbers, type KindCount } from './dashboard.service';

const DashboardKindCount = builder.objectRef<KindCount>('DashboardKindCount').implement({
  fields: (t) => ({
    kind: t.expose('kind', { type: PersonKindEnum }),
    active: t.exposeInt('active', { description: 'Active (non-archived) people of this kind.' }),
    addedToday: t.exposeInt('addedToday', { description: 'Of which created since 00:00 (club time zone).' }),
    addedThisWeek: t.exposeInt('addedThisWeek', { description: 'Of which created since Monday 00:00 (club time zone).' }),
  }),
});

const Dashboard = builder.objectRef<DashboardNumbers>('Dashboard').implement({
  description: "The club's numbers at a glance; each matches the list it links to (people / posts filters).",
  fields: (t) => ({
    kinds: t.field({ type: [DashboardKindCount], description: 'One entry per person kind the member may read (a coach: no members, no volunteers), in the usual order.', resolve: (d) => d.kinds }),
    people: t.exposeInt('people', {
      description: 'Distinct people holding at least one active role of the kinds in `kinds`: someone both athlete and coach counts once.',
    }),
    addedToday: t.exposeInt('addedToday', { description: 'Active roles created today, of the kinds in `kinds`.' }),
    addedThisWeek: t.exposeInt('addedThisWeek', { description: 'Active roles created this week (since Monday), of the kinds in `kinds`.' }),
    certificatesExpiring: t.exposeInt('certificatesExpiring', {
      nullable: true,
      description: 'Active athletes (6 or older: younger ones need none) whose medical certificate expires from today to certificatesExpiringUntil; null for a role that does not read health data.',
    }),
    certificatesExpired: t.exposeInt('certificatesExpired', {
      nullable: true,
      description: 'Active athletes (6 or older) whose medical certificate expired before today; null for a role that does not read health data.',
    }),
    certificatesValid: t.exposeInt('certificatesValid', {
      nullable: true,
      description: 'Active athletes (6 or older) whose certificate is valid after certificatesExpiringUntil; null without health data.',
    }),
    certificatesMissing: t.exposeInt('certificatesMissing', {
      nullable: true,
      description: 'Active athletes aged 6 or more (or of unknown age) with no certificate recorded; null without health data.',
    }),
    postsThisWeek: t.exposeInt('postsThisWeek', { description: 'Feed posts (not archived) created this week.' }),
    today: t.exposeString('today', { description: 'The club calendar day measured on, YYYY-MM-DD.' }),
    weekStart: t.exposeString('weekStart', { description: 'Monday of the current week, YYYY-MM-DD.' }),
    certificatesExpiringUntil: t.exposeString('certificatesExpiringUntil', { description: 'today + 30 days, YYYY-MM-DD.' }),
  }),
});

builder.queryField('dashboard', (t) =>
  t.field({
    type: Dashboard,
    description: 'The dashboard of the club named by X-Club. Needs a session and the X-Club header.',
    resolve: (_root, _args, ctx) => getDashboard(ctx),
  }),
);
