// The public site's own small router (app/public-app.tsx): the few things its pages need (links, the address, a
// route's parameters, redirects), without a router library in its JavaScript. The app's data router
// (app/router.tsx) is ~30 kB compressed, and the public home page has a budget of 100 kB in all
// (tests/client/bundle-budget.test.ts). A link to an address of the public site moves inside the page; any other
// address (the login page, the app) is a document navigation, answered by the app's tree (main.tsx).
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { isPublicPath } from './public-paths';

export { matchPattern } from './public-paths';

const NAVIGATE_EVENT = 'campobase:navigate';

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

const currentHref = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

export interface PublicLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** Goes to `to`: inside the page for the public site's addresses, else a document navigation. */
export function navigateTo(to: string, { replace = false }: { replace?: boolean } = {}) {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin || !isPublicPath(url.pathname)) {
    if (replace) window.location.replace(url.href);
    else window.location.assign(url.href);
    return;
  }
  const target = `${url.pathname}${url.search}${url.hash}`;
  if (target === currentHref()) return;
  if (replace) window.history.replaceState(null, '', target);
  else window.history.pushState(null, '', target);
  // A new page starts at its top, or at its anchor.
  if (url.hash) document.getElementById(decodeURIComponent(url.hash.slice(1)))?.scrollIntoView();
  else window.scrollTo(0, 0);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}

/** The address on screen (re-renders on every change). */
export function useLocation(): PublicLocation {
  const href = useSyncExternalStore(subscribe, currentHref, currentHref);
  return useMemo(() => {
    const url = new URL(href, 'http://campobase.invalid');
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  }, [href]);
}

export function useNavigate() {
  return useCallback((to: string, options?: { replace?: boolean }) => navigateTo(to, options), []);
}

export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

const ParamsContext = createContext<Readonly<Record<string, string | undefined>>>({});

/** Gives a route's element its parameters (app/public-app.tsx). */
export function RouteParams({ params, children }: { params: Record<string, string | undefined>; children: ReactNode }) {
  return <ParamsContext.Provider value={params}>{children}</ParamsContext.Provider>;
}

export const useParams = () => useContext(ParamsContext);

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

/** An <a href> that moves inside the page for a plain click on a public address. */
export function Link({ to, replace, onClick, target, children, ...rest }: LinkProps) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (target && target !== '_self') return;
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin || !isPublicPath(url.pathname)) return;
    event.preventDefault();
    navigateTo(to, { replace });
  };
  return (
    <a href={to} target={target} onClick={handle} {...rest}>
      {children}
    </a>
  );
}

/** Redirects when rendered (a feature page's address without its tab). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  useEffect(() => navigateTo(to, { replace }), [to, replace]);
  return null;
}
