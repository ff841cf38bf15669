// Guard of the authenticated area (spec §2): loading text, the protected pages, or /login?returnTo=<path+query>.
// A club that requires the second factor and refused this session (lib/two-factor-lock.ts) leads to the Security
// page, where it can be turned on; the account's own pages stay open meanwhile. `signedOut` replaces the way to
// the login page where being signed out is not a reason to sign in (the 404 of an address that does not exist).
// The invitation door's pages are let through as they are, signed in or not (INVITATION_DOOR_PATHS). A session that
// could not be checked for lack of network shows `offline` (by default a notice saying so), not the login page.
import { Box, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { loginPathFor } from '../../../lib/return-to';
import { readSessionToken } from '../../../lib/session-storage';
import { useClubLock } from '../../../lib/two-factor-lock';
import { useSession } from '../../../lib/session';

export const SECURITY_PATH = '/account/sicurezza';
/** Pages of the account itself: they need no club, so a club's refusal does not close them. */
const ACCOUNT_PATHS = [SECURITY_PATH, '/modifica-utente', '/aiuto', '/invito', '/collega-profilo'];
/** The personal area of members and guardians (/area, /area/<person>): the account's own, whatever its clubs. */
const isAreaPath = (path: string) => path === '/area' || path.startsWith('/area/');
/** The organisation portal works for the account's organisations, not the club: also open meanwhile. */
/**
 * The invitation door's pages (components/invitations): open to everyone, signed in or not, in the sign-in
 * pages' frame rather than the admin shell (someone invited may have no account yet, or no club at all).
 */
export const INVITATION_DOOR_PATHS = ['/invito', '/organizzazione/invito'];
const isAccountPath = (path: string) => ACCOUNT_PATHS.includes(path) || path === '/organizzazione' || path.startsWith('/organizzazione/') || isAreaPath(path);

/** The admin area's page without a network (the personal area shows its own, components/ui/offline-notice.tsx). */
const OFFLINE = (
  <Box as="main" px="4" py="8" maxW="xl" mx="auto" role="status">
    <Heading as="h1" size="xl">
      Sei offline
    </Heading>
    <Text mt="2" color="fg.muted">
      Il dispositivo non è collegato a Internet: la pagina si apre appena torna la connessione.
    </Text>
  </Box>
);

export function RequireAuth({ children, signedOut, offline = OFFLINE }: { children: ReactNode; signedOut?: ReactNode; offline?: ReactNode }) {
  const { status, membership } = useSession();
  const location = useLocation();
  const clubLocked = useClubLock(readSessionToken(), membership?.token);
  // Signing out goes to /login itself: while that navigation loads, the way to /login?returnTo=<here> would win.
  const navigating = useNavigation().state !== 'idle';
  if (status === 'loading' || (status === 'unauthenticated' && navigating)) return <PageSpinner label="Caricamento autenticazione..." />;
  // The door renders itself, without the shell around it (the child route, not `children`).
  if (INVITATION_DOOR_PATHS.includes(location.pathname)) return <Outlet />;
  if (status === 'offline') return <>{offline}</>;
  if (status === 'unauthenticated' && signedOut !== undefined) return <>{signedOut}</>;
  if (status === 'unauthenticated') return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  if (clubLocked && !isAccountPath(location.pathname)) return <Navigate to={SECURITY_PATH} replace />;
  return <>{children}</>;
}
