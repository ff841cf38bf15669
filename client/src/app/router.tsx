// The app's routes (React Router data router). The public site is not here: it is a tree of its own without a
// router library (app/public-app.tsx, chosen in main.tsx by lib/public-paths.ts); its addresses are listed here
// only to leave for them with a document navigation.
//
// One wave: every route's code is `lazy`, and the router calls the lazy functions of all the routes an address
// matches at once (layouts and page together), while the routes' loaders (app/route-data.ts, in this chunk)
// start the page's first query and the session's `me` in the same moment. A bookmarked /athlete loads this
// chunk (with its preloaded dependencies), then the layouts, the page and the first queries side by side.
// Navigations show the new URL and the new page together: the URL changes once the page's code is there.
//   UiLayout (Chakra)      -> 404 (with a stored session: inside SessionLayout and AdminLayout, see NotFoundRoute)
//   SessionLayout (Apollo) -> /login, /signup, /forgot-password, the guarded area (AdminLayout) and the personal
//                             area of members and guardians (AreaLayout)
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, Outlet, redirectDocument, useLocation, useRouteError, type RouteObject } from 'react-router';
import type { PersonKindKey } from '../../../schema/constants';
import { useFocusHeadingOnPathChange } from '../lib/focus-heading';
import { readSessionToken } from '../lib/session-storage';
import { LeaveGuardHost } from '../lib/use-leave-guard';
import { PUBLIC_PATHS } from '../lib/public-paths';
import { routeModules, type RouteModuleName } from './route-modules';
import { ADMIN_PAGES, AREA_PAGES, AUTH_PAGES, type AppPage } from './route-table';
import { prefetchClub, prefetchDashboard, prefetchFamily, prefetchPeopleList, prefetchSession } from './route-data';
import { ErrorPage } from './routes/route-error';
import { COMING_SOON_SECTIONS } from './sections';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take their own props
type PageComponent = ComponentType<any>;

/** A route's component from its lazy module, with fixed props when the same page serves several routes. */
function lazyPage(name: RouteModuleName, props?: Record<string, unknown>): RouteObject['lazy'] {
  return async () => {
    const { default: Page } = (await routeModules[name]()) as { default: PageComponent };
    return { Component: props ? () => <Page {...props} /> : Page };
  };
}

/** A loader that starts a query and does not wait for it: the page reads it from Apollo's cache (or joins it). */
const starting = (start: (request: Request) => void) => ({ request }: { request: Request }) => {
  start(request);
  return null;
};

/**
 * An unknown address. Signed in (a stored session), the 404 opens inside the admin area, with its menu and the
 * club's colours; the session turning out to be over shows the plain page, as for everyone else, who never loads
 * Apollo for it.
 */
const notFoundRoute: RouteObject['lazy'] = async () => {
  const { default: NotFoundPage } = await routeModules.notFound();
  if (!readSessionToken()) return { Component: () => <NotFoundPage /> };
  const [{ default: SessionLayout }, { default: AdminLayout }] = await Promise.all([routeModules.sessionLayout(), routeModules.adminLayout()]);
  return {
    Component: () => (
      <SessionLayout>
        <AdminLayout signedOut={<NotFoundPage />}>
          <NotFoundPage signedIn />
        </AdminLayout>
      </SessionLayout>
    ),
  };
};

/** Shown while the first chunks load (before the UI library is there): plain markup. */
function PlainFallback() {
  return (
    <div role="status" aria-live="polite" style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', color: '#71717a' }}>
      Caricamento...
    </div>
  );
}

function RootError() {
  const error = useRouteError();
  useEffect(() => {
    if (error) console.error(error);
  }, [error]);
  return <ErrorPage error={error} />;
}

/**
 * The root route: the unsaved-changes blocker, and focus on the new page's main heading after each change of page
 * (a link, back/forward, signing in), so keyboard and screen-reader users start where the page starts. Not on the
 * first page (the browser's own start, with the skip link first) nor when only the query changes (a search, a
 * filter, the pager: focus stays where the user is).
 */
function Root({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  useFocusHeadingOnPathChange(pathname);
  return (
    <>
      <LeaveGuardHost />
      {children ?? <Outlet />}
    </>
  );
}

/** The loader of a page whose first query can leave with its code (app/route-data.ts). */
function loaderOf(page: AppPage): RouteObject['loader'] {
  if (page.module === 'peopleList') {
    const kind = page.props?.kind as PersonKindKey;
    return starting((request) => prefetchPeopleList(kind, new URL(request.url).searchParams));
  }
  if (page.module === 'dashboard') return starting(prefetchDashboard);
  if (page.module === 'club') return starting(prefetchClub);
  if (page.module === 'familyArea') return starting(prefetchFamily);
  return undefined;
}

const routeOf = (page: AppPage): RouteObject => ({
  path: page.path,
  loader: loaderOf(page),
  // A loader only starts a query: run again only for a new page (a search or a filter is the page's to ask).
  shouldRevalidate: () => false,
  lazy: lazyPage(page.module, page.props),
});

const adminRoutes: RouteObject[] = [
  ...ADMIN_PAGES.map(routeOf),
  ...COMING_SOON_SECTIONS.map(({ path, title }) => routeOf({ path: path.replace(/^\//, ''), module: 'sectionComingSoon', props: { title } })),
];

export const routes: RouteObject[] = [
  {
    Component: Root,
    ErrorBoundary: RootError,
    HydrateFallback: PlainFallback,
    children: [
      // The public site's addresses: a document navigation, which main.tsx answers with the public tree.
      ...PUBLIC_PATHS.map((path) => ({ path, loader: ({ request }: { request: Request }) => redirectDocument(request.url) })),
      {
        lazy: async () => ({ Component: (await routeModules.uiLayout()).default }),
        children: [
          {
            // The session's `me` leaves with the page's first query, not after the layouts have rendered.
            loader: starting(prefetchSession),
            shouldRevalidate: () => false,
            lazy: async () => ({ Component: (await routeModules.sessionLayout()).default as PageComponent }),
            children: [
              ...AUTH_PAGES.map(routeOf),
              {
                lazy: async () => ({ Component: (await routeModules.adminLayout()).default as PageComponent }),
                children: adminRoutes,
              },
              {
                lazy: async () => ({ Component: (await routeModules.areaLayout()).default }),
                children: AREA_PAGES.map(routeOf),
              },
            ],
          },
          { path: '*', lazy: notFoundRoute },
        ],
      },
    ],
  },
];

/**
 * The router of the app. The first page's queries are started before it is created: its loaders would start them
 * too, but only after the router has asked for the routes' code (requests that would then leave before them).
 */
export function createAppRouter() {
  const request = new Request(window.location.href);
  for (const { route, params } of matchRoutes(routes, window.location) ?? []) {
    if (typeof route.loader === 'function') void route.loader({ request, params, context: undefined, url: new URL(request.url), pattern: '' } as never);
  }
  return createBrowserRouter(routes);
}
