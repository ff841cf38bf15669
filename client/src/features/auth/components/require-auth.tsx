// Guard of the authenticated area (spec §2): loading text, the protected pages, or /login?returnTo=<path+query>.
// A club that requires the second factor and refused this session (lib/two-factor-lock.ts) leads to the Security
// page, where it can be turned on; the account's own pages stay open meanwhile. `signedOut` replaces the way to
// the login page where being signed out is not a reason to sign in (the 404 of an address that does not exist).
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { loginPathFor } from '../../../lib/return-to';
import { readSessionToken } from '../../../lib/session-storage';
import { useClubLock } from '../../../lib/two-factor-lock';
import { useSession } from '../../../lib/session';

export const SECURITY_PATH = '/account/sicurezza';
/** Pages of the account itself: they need no club, so a club's refusal does not close them. */
const ACCOUNT_PATHS = [SECURITY_PATH, '/modifica-utente', '/aiuto', '/invito', '/collega-profilo'];
/** The organisation portal works for the account's organisations, not the club: also open meanwhile. */
const isAccountPath = (path: string) => ACCOUNT_PATHS.includes(path) || path === '/organizzazione' || path.startsWith('/organizzazione/');

export function RequireAuth({ children, signedOut }: { children: ReactNode; signedOut?: ReactNode }) {
  const { status, membership } = useSession();
  const location = useLocation();
  const clubLocked = useClubLock(readSessionToken(), membership?.token);
  if (status === 'loading') return <PageSpinner label="Caricamento autenticazione..." />;
  if (status === 'unauthenticated' && signedOut !== undefined) return <>{signedOut}</>;
  if (status === 'unauthenticated') return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  if (clubLocked && !isAccountPath(location.pathname)) return <Navigate to={SECURITY_PATH} replace />;
  return <>{children}</>;
}
