// Renders a piece of the admin as the app does (Chakra's system, the app's Apollo client, a router), signed in to a
// new club of the run's real server.
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { inject } from 'vitest';
import { system } from '../../client/src/app/providers/theme';
import { createApolloClient } from '../../client/src/lib/apollo';
import { storeClubToken, storeSessionToken } from '../../client/src/lib/session-storage';
import { signUpClub } from '../support/crash-harness';

export interface SignedInClub {
  headers: Record<string, string>;
}

/** A new club on the real server, its owner signed in here (the tokens stored as a login stores them). */
export async function signInNewClub(): Promise<SignedInClub> {
  const headers = await signUpClub({ url: inject('componentServerUrl') } as Parameters<typeof signUpClub>[0]);
  storeSessionToken(headers.authorization.replace(/^Bearer /, ''));
  storeClubToken(headers['x-club']);
  return { headers };
}

/** A GraphQL request to the real server as `club` (to set up data); throws on errors. */
export async function gqlAs<T = Record<string, any>>(club: SignedInClub, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${inject('componentServerUrl')}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...club.headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

export function renderInApp(ui: ReactNode) {
  return render(
    <ChakraProvider value={system}>
      <ApolloProvider client={createApolloClient()}>
        <MemoryRouter>{ui}</MemoryRouter>
      </ApolloProvider>
    </ChakraProvider>,
  );
}
