// The legacy REST route table (spec §7): every module's routes, each with its rule from the operation table
// (a route without one throws here, at the app's start), registered by app.ts and walked by the fuzz and sweep tests.
import { accountsLegacyRoutes } from '../modules/accounts/accounts.compat';
import { clubsLegacyRoutes } from '../modules/clubs/clubs.compat';
import { groupsLegacyRoutes } from '../modules/groups/groups.compat';
import { importsLegacyRoutes } from '../modules/imports/imports.compat';
import { leadsLegacyRoutes } from '../modules/leads/leads.compat';
import { peopleLegacyRoutes } from '../modules/people/people.compat';
import { postsLegacyRoutes } from '../modules/posts/posts.compat';
import { siteLegacyRoutes } from '../modules/site/site.compat';
import { REST_RULES } from '../access/operation-rules';
import { tableRoutes, type TabledRoute } from './router';

export const LEGACY_ROUTES: TabledRoute[] = tableRoutes([
  ...accountsLegacyRoutes,
  ...clubsLegacyRoutes,
  ...peopleLegacyRoutes,
  ...groupsLegacyRoutes,
  ...postsLegacyRoutes,
  ...leadsLegacyRoutes,
  ...siteLegacyRoutes,
  ...importsLegacyRoutes,
]);

// And the other way round: a rule left behind by a removed route.
const stale = Object.keys(REST_RULES).filter((key) => !LEGACY_ROUTES.some((route) => route.path === key));
if (stale.length) throw new Error(`The operation table names routes that do not exist: ${stale.map((key) => `/api${key}`).join(', ')}.`);
