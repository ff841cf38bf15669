// Layout route that brings in Apollo and the session (login, sign-up, password recovery, authenticated area).
// Lazy, so pages without a session (home, join request, not found) never load Apollo.
import { ApolloProvider } from '@apollo/client/react';
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { SessionProvider } from '../../lib/session';
import { apolloClient } from '../../lib/apollo';

/** `children`: what to show instead of the child route (the signed-in 404, app/router.tsx). */
export default function SessionLayout({ children }: { children?: ReactNode }) {
  return (
    <ApolloProvider client={apolloClient}>
      <SessionProvider>
        <Suspense fallback={<PageSpinner />}>
          {children ?? <Outlet />}
        </Suspense>
      </SessionProvider>
    </ApolloProvider>
  );
}
