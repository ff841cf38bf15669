// The legacy REST route table (spec §7): every module's routes, registered by app.ts and walked by the fuzz test.
import { accountsLegacyRoutes } from '../modules/accounts/accounts.compat';
import { clubsLegacyRoutes } from '../modules/clubs/clubs.compat';
import { groupsLegacyRoutes } from '../modules/groups/groups.compat';
import { importsLegacyRoutes } from '../modules/imports/imports.compat';
import { leadsLegacyRoutes } from '../modules/leads/leads.compat';
import { peopleLegacyRoutes } from '../modules/people/people.compat';
import { postsLegacyRoutes } from '../modules/posts/posts.compat';
import { siteLegacyRoutes } from '../modules/site/site.compat';
import type { LegacyRoute } from './router';

export const LEGACY_ROUTES: LegacyRoute[] = [
  ...accountsLegacyRoutes,
  ...clubsLegacyRoutes,
  ...peopleLegacyRoutes,
  ...groupsLegacyRoutes,
  ...postsLegacyRoutes,
  ...leadsLegacyRoutes,
  ...siteLegacyRoutes,
  ...importsLegacyRoutes,
];
