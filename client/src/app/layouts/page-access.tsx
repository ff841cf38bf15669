// The page of the authenticated area, or the message saying why not: each page's permission is in sections.ts,
// checked against the current club's (useAccess). Pages of the account itself need none.
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { useAccess } from '../../lib/use-access';
import { NoClubPage, NoPermissionPage } from '../routes/no-access';
import { pagePermissions } from '../sections';

export function PageAccess({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { membership } = useSession();
  const access = useAccess();
  const needed = pagePermissions(pathname);
  if (!needed || access.canAny(needed)) return <>{children}</>;
  if (!membership) return <NoClubPage />;
  return <NoPermissionPage role={membership.role} clubName={membership.club.fullName} />;
}
