// The public site's tree (main.tsx renders it for the addresses of lib/public-paths.ts): plain CSS, no UI library,
// no Apollo, no router library (lib/public-router.tsx). Each page is a lazy chunk, loaded with the site's frame.
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useFocusHeadingOnPathChange } from '../lib/focus-heading';
import { matchPattern, RouteParams, useLocation } from '../lib/public-router';
import { LEGAL_ROUTES } from '../features/site/legal/legal-routes';
import { routeModules } from './route-modules';
import { RouteErrorBoundary } from './routes/route-error';

const PublicLayout = lazy(routeModules.publicLayout);
const LegalPage = lazy(routeModules.legal);

// The same patterns as PUBLIC_PATHS (checked by tests/client/public-paths.test.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take their own props
export const PAGES: { pattern: string; Page: ComponentType<any>; props?: Record<string, unknown> }[] = [
  { pattern: '/', Page: lazy(routeModules.home) },
  { pattern: '/pricing', Page: lazy(routeModules.pricing) },
  { pattern: '/cart', Page: lazy(routeModules.cart) },
  { pattern: '/funzionalita/:category/:tab?', Page: lazy(routeModules.featurePage) },
  { pattern: '/feature/:category/:tab?', Page: lazy(routeModules.featurePage) },
  { pattern: '/tester', Page: lazy(routeModules.tester) },
  { pattern: '/wizard', Page: lazy(routeModules.wizard) },
  { pattern: '/inscription', Page: lazy(routeModules.inscription) },
  { pattern: '/richiedi-informazioni', Page: lazy(routeModules.leadPage) },
  ...LEGAL_ROUTES.map((doc) => ({ pattern: `/${doc}`, Page: LegalPage, props: { doc } })),
];

/** Shown while the first chunks load: plain markup. */
function PlainFallback() {
  return (
    <div role="status" aria-live="polite" style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', color: '#71717a' }}>
      Caricamento...
    </div>
  );
}

export function PublicApp() {
  const { pathname } = useLocation();
  // As in the app (app/router.tsx): after a change of page the focus goes to its main heading; not on the first.
  useFocusHeadingOnPathChange(pathname);

  // main.tsx renders this tree only for the public addresses, all of them listed here.
  let page = null;
  for (const { pattern, Page, props } of PAGES) {
    const params = matchPattern(pattern, pathname);
    if (!params) continue;
    page = (
      <RouteParams params={params}>
        <Page key={pattern} {...props} />
      </RouteParams>
    );
    break;
  }
  // An address of the app reached inside this document (a history entry pushed by a script): the app answers it,
  // as a document of its own (main.tsx). Never loops: every public address has its page here.
  useEffect(() => {
    if (!page) window.location.reload();
  });
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PlainFallback />}>{page && <PublicLayout>{page}</PublicLayout>}</Suspense>
    </RouteErrorBoundary>
  );
}
