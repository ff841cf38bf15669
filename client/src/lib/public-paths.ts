// Which addresses belong to the public site. The public site and the app are two React trees on the same page
// (main.tsx picks one by the address): the public one has no router library and no Apollo, so it stays light;
// the app's data router (app/router.tsx) loads page code and the page's first query together. Moving between
// them is a document navigation (the server answers every address with the same index.html).

/** Paths of the legal pages (each one a route rendering the public site's LegalPage). */
export const LEGAL_ROUTES = ['privacy', 'terms', 'informativa', 'cookie-policy', 'sicurezza'] as const;
export type LegalDocKey = (typeof LEGAL_ROUTES)[number];

/** The public site's routes (app/public-app.tsx): static segments, `:name` segments and an optional last `:name?`. */
export const PUBLIC_PATHS: readonly string[] = [
  '/',
  '/pricing',
  '/cart',
  '/funzionalita/:category/:tab?',
  '/feature/:category/:tab?',
  '/tester',
  '/wizard',
  '/inscription',
  '/richiedi-informazioni',
  ...LEGAL_ROUTES.map((doc) => `/${doc}`),
];

/**
 * Matches `/a/:b/:c?` against a pathname: the parameters, or null. Enough for the public site's few patterns; the
 * app's router reads the same patterns (React Router's syntax).
 */
export function matchPattern(pattern: string, pathname: string): Record<string, string | undefined> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  const required = want.filter((segment) => !segment.endsWith('?')).length;
  if (have.length < required || have.length > want.length) return null;
  const params: Record<string, string | undefined> = {};
  for (const [i, segment] of want.entries()) {
    const value = have[i];
    if (segment.startsWith(':')) params[segment.replace(/^:|\?$/g, '')] = value === undefined ? undefined : decodeURIComponent(value);
    else if (value !== segment) return null;
  }
  return params;
}

export const isPublicPath = (pathname: string): boolean => PUBLIC_PATHS.some((pattern) => matchPattern(pattern, pathname) !== null);
