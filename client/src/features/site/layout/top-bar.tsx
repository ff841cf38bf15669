// Public top bar: logo, Features mega-menu, page links, and a login icon or (session stored) Dashboard + Logout.
import { Link } from '../../../lib/public-router';
import { WIDE_SCREEN_QUERY } from '../constants';
import { useMediaQuery } from '../use-media-query';
import { BrandMark, Wordmark } from './brand';
import { MegaMenu } from './mega-menu';
import { PUBLIC_NAV_LINKS } from './nav-links';
import { usePublicSession } from './use-public-session';

export function TopBar() {
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  const session = usePublicSession();

  return (
    <header className="pub-topbar">
      <div className="pub-container pub-topbar__inner">
        <Link to="/" className="pub-logo" aria-label="CampoBase, vai alla home">
          <Wordmark />
          <BrandMark />
        </Link>
        <nav className="pub-nav" aria-label="Principale">
          <MegaMenu isWide={isWide} />
          {isWide && (
            <ul className="pub-nav__links">
              {PUBLIC_NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <div className="pub-topbar__actions">
          {session.signedIn ? (
            <>
              <Link to="/dashboard" className="pub-topbar__dashboard">
                Area riservata
              </Link>
              <button
                type="button"
                className="pub-btn pub-btn--ghost pub-topbar__logout"
                onClick={() => void session.logout()}
                disabled={session.loggingOut}
              >
                Logout
              </button>
            </>
          ) : (
            <>
              {isWide && (
                <Link to="/signup" className="pub-btn pub-btn--primary pub-topbar__cta">
                  Prova gratis
                </Link>
              )}
              <Link to="/login" className="pub-topbar__login" aria-label="Accedi" title="Accedi">
                <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
                  <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
