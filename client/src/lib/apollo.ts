// The one Apollo Client of the app. Imported only by the lazy session layout, so public pages never load Apollo.
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { ServerError } from '@apollo/client/errors';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';
import { CLUB_HEADER } from '../../../schema/constants';
import introspection from '../gql/possible-types';
import { readClubToken, readSessionToken } from './session-storage';
import { isClubLocked, lockClub, refusalCode, TWO_FACTOR_REQUIRED } from './two-factor-lock';

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const hit = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

/**
 * Headers of every request: `Authorization: Bearer <session>`, `X-Club: <club token>` (and the anti-forgery token if
 * set). No X-Club for a club that refused this session for lack of the second factor (lib/two-factor-lock.ts).
 */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const session = readSessionToken();
  const club = readClubToken();
  if (session) headers.authorization = `Bearer ${session}`;
  if (club && !isClubLocked(session, club)) headers[CLUB_HEADER] = club;
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['x-xsrf-token'] = xsrf;
  return headers;
}

// Read at request time, so a login or logout takes effect on the next request without rebuilding the client.
// Headers set by the caller (operation context) win over the stored ones.
const authLink = new SetContextLink((prevContext) => ({
  headers: { ...authHeaders(), ...(prevContext.headers as Record<string, string> | undefined) },
}));

// A club that requires the second factor refused this session (403 TWO_FACTOR_REQUIRED): remembered, so the next
// requests go without its X-Club and the admin area leads to the Security page (features/accounts/require-auth.tsx).
const twoFactorLink = new ErrorLink(({ error, operation }) => {
  if (!ServerError.is(error) || error.statusCode !== 403 || refusalCode(error.bodyText) !== TWO_FACTOR_REQUIRED) return;
  const headers = (operation.getContext().headers ?? {}) as Record<string, string | undefined>;
  lockClub(headers.authorization?.replace(/^Bearer\s+/i, ''), headers[CLUB_HEADER]);
});

// Like HttpLink, but a request whose variables hold File/Blob values goes as a GraphQL multipart request (uploads).
// Yoga's CSRF prevention plugin is not enabled on the server, so no preflight header is needed.
const httpLink = new UploadHttpLink({ uri: '/graphql' });

export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([authLink, twoFactorLink, httpLink]),
    cache: new InMemoryCache({ possibleTypes: introspection.possibleTypes }),
  });
}

export const apolloClient = createApolloClient();
