// The lazy route modules, in one place: the router renders them with React.lazy, and pages prefetch the ones the
// user is likely to open next (after login: the admin layout and the dashboard).
export const routeModules = {
  home: () => import('./routes/home'),
  uiLayout: () => import('./providers/ui-layout'),
  sessionLayout: () => import('./providers/session-layout'),
  adminLayout: () => import('./layouts/admin-layout'),
  login: () => import('./routes/login'),
  signup: () => import('./routes/signup'),
  forgotPassword: () => import('./routes/forgot-password'),
  inscription: () => import('./routes/inscription'),
  dashboard: () => import('./routes/dashboard'),
  sectionComingSoon: () => import('./routes/section-coming-soon'),
  notFound: () => import('./routes/not-found'),
};

export type RouteModuleName = keyof typeof routeModules;

/** Starts downloading route chunks in the background (failures are ignored: the route will retry). */
export function prefetchRoutes(...names: RouteModuleName[]): void {
  for (const name of names) routeModules[name]().catch(() => undefined);
}
