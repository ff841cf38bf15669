// Layout route that brings in Apollo and the session (login, sign-up, password recovery, authenticated area).
// Lazy, so pages without a session (home, join request, not found) never load Apollo.
import { ApolloProvider } from '@apollo/client/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { SessionProvider } from '../../lib/session';
import { apolloClient } from '../../lib/apollo';

export default function SessionLayout() {
  return (
    <ApolloProvider client={apolloClient}>
      <SessionProvider>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </SessionProvider>
    </ApolloProvider>
  );
}
