// The public site's frame: skip link, top bar (mega-menu), <main>, footer and the cookie consent.
// Two ways in: pages may wrap themselves in <PublicLayout>, and the router's public layout route wraps its
// pages; nested uses render only their children, so both combine safely.
import { createContext, Suspense, useContext, type ReactNode } from 'react';
import { CookieConsent } from './consent/cookie-consent';
import { SiteFooter } from './layout/site-footer';
import { TopBar } from './layout/top-bar';
import './public.css';
import './layout/layout.css';

const InsidePublicLayout = createContext(false);

export function PublicLayout({ children }: { children: ReactNode }) {
  if (useContext(InsidePublicLayout)) return <>{children}</>;
  return (
    <InsidePublicLayout.Provider value={true}>
      <div className="pub-site">
        <a className="pub-skip" href="#contenuto">
          Vai al contenuto
        </a>
        <TopBar />
        <main id="contenuto" className="pub-main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <CookieConsent />
      </div>
    </InsidePublicLayout.Provider>
  );
}

/** Placeholder while a public page's chunk loads: keeps the frame, announces the wait. */
function PublicPageLoading() {
  return (
    <div className="pub-page-loading" role="status" aria-live="polite">
      <span className="pub-visually-hidden">Caricamento...</span>
    </div>
  );
}

/** The frame of the public site's pages (see app/public-app.tsx), around the page of the address. */
export default function PublicRouteLayout({ children }: { children: ReactNode }) {
  return (
    <PublicLayout>
      <Suspense fallback={<PublicPageLoading />}>
        {children}
      </Suspense>
    </PublicLayout>
  );
}
