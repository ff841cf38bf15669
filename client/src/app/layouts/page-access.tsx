// The page of the authenticated area, or the message saying why not: each page's permission is in sections.ts,
// checked against the current club's (useAccess). Pages of the account itself need none. The messages load only when
// needed (a chunk of their own): most pages never show them, and the admin shell is at its budget.
import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useSession } from '../../lib/session';
import { useAccess } from '../../lib/use-access';
import { pagePermissions } from '../sections';

const NoClubPage = lazy(() => import('../routes/no-access').then((m) => ({ default: m.NoClubPage })));
const NoPermissionPage = lazy(() => import('../routes/no-access').then((m) => ({ default: m.NoPermissionPage })));

export function PageAccess({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { membership } = useSession();
  const access = useAccess();
  const needed = pagePermissions(pathname);
  if (!needed || access.canAny(needed)) return <>{children}</>;
  return <Suspense fallback={<PageSpinner />}>{membership ? <NoPermissionPage role={membership.role} clubName={membership.club.fullName} /> : <NoClubPage />}</Suspense>;
}
