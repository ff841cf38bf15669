// Where to go after login: only same-site paths ("/..."), never another origin (open-redirect safe).
export const DEFAULT_AFTER_LOGIN = '/dashboard';

export function safeReturnTo(value: string | null | undefined, fallback: string = DEFAULT_AFTER_LOGIN): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  try {
    const base = 'http://campobase.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Going back to an auth page after login would be a loop.
    if (/^\/(login|signup|forgot-password)(\/|\?|#|$)/.test(path)) return fallback;
    return path;
  } catch {
    return fallback;
  }
}

/** The login URL that remembers where the user was going. */
export function loginPathFor(pathname: string, search = ''): string {
  return `/login?returnTo=${encodeURIComponent(`${pathname}${search}`)}`;
}
