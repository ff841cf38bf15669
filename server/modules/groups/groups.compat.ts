import type { LegacyRoute } from '../../compat/router';

// Placeholder wired into app.ts; the legacy routes of this module go here.
export const groupsLegacyRoutes: LegacyRoute[] = [];
