// Guard of the authenticated area (spec §2): loading text, the protected pages, or /login?returnTo=<path+query>.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { loginPathFor } from '../../../lib/return-to';
import { useSession } from '../session';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner label="Caricamento autenticazione..." />;
  if (status === 'unauthenticated') return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  return <>{children}</>;
}
