// The session (spec §4): loading -> authenticated (account) | unauthenticated | offline.
// On load a stored session token is checked with `me`; without a network (a phone offline, the personal area opened
// from the service worker's copy) the session is `offline`: the tokens stay, and `me` is asked again once the browser
// is back online. Login/sign-up store the session token and the first
// club's token; logout calls the server, removes both tokens and clears the account. refreshAccount() reads `me`
// again (a club joined from an invitation, a role changed); selectClub() makes another of the account's clubs the
// current one (its token becomes X-Club; the cache of the previous club's data is dropped).
import { ServerError } from '@apollo/client/errors';
import type { ApolloClient } from '@apollo/client';
import { useApolloClient, useFragment } from '@apollo/client/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGE_LEVEL } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { graphql } from '../gql';
import type { Session_AccountFragment } from '../gql/graphql';
import { isNetworkFailure, messageOfError } from './errors';
import type { FieldErrors } from './form-errors';
import { fieldErrorsFromServer } from './server-field-errors';
import { dismissNotification, notify } from './notify';
import {
  clearStoredTokens,
  readClubToken,
  readSessionToken,
  storeClubToken,
  storeSessionToken,
} from './session-storage';
import { refusalCode, TWO_FACTOR_REQUIRED } from './two-factor-lock';

export const SessionAccountFragment = graphql(`
  fragment Session_Account on Account {
    id
    email
    isActive
    profile {
      id
      firstname
      lastname
      nickname
      gender
      clubs {
        id
        token
        role
        boardRole
        permissions
        athleteGroupIds
        club {
          id
          fullName
          sport
          logoUrl
          hasUploadedLogo
          seasonLabel
          primaryColor
          secondaryColor
        }
      }
    }
  }
`);

export const MeQuery = graphql(`
  query Session_Me {
    me {
      ...Session_Account
    }
  }
`);

const LoginMutation = graphql(`
  mutation Session_Login($input: LoginInput!) {
    login(input: $input) {
      __typename
      ... on MutationLoginSuccess {
        data {
          token
          account {
            ...Session_Account
          }
        }
      }
      ... on TwoFactorChallengeError {
        challenge
        expiresAt
      }
      ...MutationError
    }
  }
`);

const CompleteTwoFactorLoginMutation = graphql(`
  mutation Session_CompleteTwoFactorLogin($input: CompleteTwoFactorLoginInput!) {
    completeTwoFactorLogin(input: $input) {
      __typename
      ... on MutationCompleteTwoFactorLoginSuccess {
        data {
          token
          account {
            ...Session_Account
          }
        }
      }
      ...MutationError
    }
  }
`);

const LogoutMutation = graphql(`
  mutation Session_Logout {
    logout {
      __typename
      ... on MutationLogoutSuccess {
        data
      }
    }
  }
`);

export type SessionAccount = Session_AccountFragment;
export type SessionMembership = SessionAccount['profile']['clubs'][number];

/** `offline`: a stored session that could not be checked for lack of network (kept, and checked again when online). */
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated' | 'offline';

/** `challenge`: the password was right and the account signs in with a second factor (completeTwoFactorLogin next). */
export type LoginResult = { ok: true } | { ok: false; fieldErrors: FieldErrors; challenge?: string };

/** The second step: `expired` when the challenge is no longer valid (back to email and password). */
export type TwoFactorLoginResult = { ok: true } | { ok: false; fieldErrors: FieldErrors; message: string; expired: boolean };

export interface SessionValue {
  status: SessionStatus;
  account: SessionAccount | null;
  /** The membership of the current club (the one whose token is sent as X-Club). */
  membership: SessionMembership | null;
  login: (input: { email: string; password: string }) => Promise<LoginResult>;
  /** login's second step, with the challenge it answered and the app's code or a recovery code. */
  completeTwoFactorLogin: (input: { challenge: string; code: string }) => Promise<TwoFactorLoginResult>;
  /** Starts a session from a payload the server already issued (sign-up). */
  signIn: (payload: { token: string; account: SessionAccount }) => void;
  logout: () => Promise<void>;
  /** Reads the account again from the server (its clubs and roles may have changed). */
  refreshAccount: () => Promise<SessionAccount | null>;
  /** Acts in the club of this membership from now on (false when the account has no such membership). */
  selectClub: (membershipId: string) => Promise<boolean>;
}

const SessionContext = createContext<SessionValue | null>(null);

/** The membership whose token is stored, else the first club (whose token becomes the stored one). */
function pickMembership(account: SessionAccount, stored: string | null): SessionMembership | null {
  const clubs = account.profile.clubs;
  const membership = clubs.find((m) => m.token === stored) ?? clubs[0] ?? null;
  if ((membership?.token ?? null) !== stored) storeClubToken(membership?.token ?? null);
  return membership;
}

const askMe = (client: ApolloClient) => client.query({ query: MeQuery, fetchPolicy: 'network-only' });

/** The page load's `me`, sent by the route loader (app/route-data.ts) while the code loads: the provider takes it once. */
let loadingMe: ReturnType<typeof askMe> | null = null;

/** Sends the page load's `me` ahead of the provider, so that it does not ask a second time (one round trip saved). */
export function prefetchMe(client: ApolloClient): void {
  loadingMe = askMe(client);
  loadingMe.catch(() => undefined);
}

function takePrefetchedMe(): ReturnType<typeof askMe> | null {
  const pending = loadingMe;
  loadingMe = null;
  return pending;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [status, setStatus] = useState<SessionStatus>(() => (readSessionToken() ? 'loading' : 'unauthenticated'));
  const [account, setAccount] = useState<SessionAccount | null>(null);
  /** The club token chosen (stored in localStorage too; the state makes a change of club re-render). */
  const [clubToken, setClubToken] = useState<string | null>(readClubToken);
  /** The last login error toast: closed when a later attempt succeeds. */
  const loginErrorToast = useRef<string | undefined>(undefined);

  const serverLogout = useCallback(
    async (token: string | null) => {
      if (!token) return;
      try {
        // The token is passed explicitly: the stored one may already be gone.
        await client.mutate({
          mutation: LogoutMutation,
          fetchPolicy: 'no-cache',
          context: { headers: { authorization: `Bearer ${token}` } },
        });
      } catch {
        console.error(MSG.logoutFailed);
      }
    },
    [client],
  );

  const clearSession = useCallback(() => {
    clearStoredTokens();
    setAccount(null);
    setClubToken(null);
    setStatus('unauthenticated');
    void client.clearStore();
  }, [client]);

  /**
   * `me`, read from the server. A stored club the account no longer belongs to (removed, left, archived) makes the
   * server refuse the whole request (403): the club is forgotten and `me` asked again, so the session goes on in
   * another of the account's clubs instead of ending.
   */
  const queryMe = useCallback(async () => {
    try {
      return await (takePrefetchedMe() ?? askMe(client));
    } catch (error) {
      if (!(ServerError.is(error) && error.statusCode === 403 && readClubToken())) throw error;
      // A club that requires the second factor keeps its place: the retry goes without its X-Club
      // (lib/two-factor-lock.ts) and the admin area leads to the Security page.
      if (refusalCode(error.bodyText) !== TWO_FACTOR_REQUIRED) {
        storeClubToken(null);
        setClubToken(null);
      }
      return askMe(client);
    }
  }, [client]);

  // On load: check the stored session token with `me` (again when the network comes back after an offline start).
  const [checks, setChecks] = useState(0);
  useEffect(() => {
    const token = readSessionToken();
    if (!token) return;
    let cancelled = false;
    queryMe()
      .then(({ data }) => {
        if (cancelled) return;
        if (data?.me) {
          setAccount(data.me);
          setStatus('authenticated');
        } else {
          throw new Error('no account');
        }
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // No network says nothing about the session: kept, and checked when the browser is online again.
        if (isNetworkFailure(error)) {
          setStatus('offline');
          return;
        }
        clearStoredTokens();
        setAccount(null);
        setStatus('unauthenticated');
        void serverLogout(token);
      });
    return () => {
      cancelled = true;
    };
  }, [queryMe, serverLogout, checks]);

  useEffect(() => {
    if (status !== 'offline') return;
    const retry = () => setChecks((n) => n + 1);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [status]);

  const signIn = useCallback(
    (payload: { token: string; account: SessionAccount }) => {
      storeSessionToken(payload.token);
      const first = payload.account.profile.clubs[0]?.token ?? null;
      storeClubToken(first);
      setClubToken(first);
      // Into the cache too (login answers bypass it), so later saves of the profile or the club update it there.
      client.writeFragment({ fragment: SessionAccountFragment, fragmentName: 'Session_Account', data: payload.account });
      setAccount(payload.account);
      setStatus('authenticated');
    },
    [client],
  );

  const login = useCallback(
    async (input: { email: string; password: string }): Promise<LoginResult> => {
      try {
        const { data } = await client.mutate({ mutation: LoginMutation, variables: { input }, fetchPolicy: 'no-cache' });
        const result = data?.login;
        if (result?.__typename === 'MutationLoginSuccess') {
          dismissNotification(loginErrorToast.current);
          signIn(result.data);
          return { ok: true };
        }
        clearSession();
        if (result?.__typename === 'TwoFactorChallengeError') {
          dismissNotification(loginErrorToast.current);
          return { ok: false, fieldErrors: {}, challenge: result.challenge };
        }
        if (result?.__typename === 'RateLimitError') {
          loginErrorToast.current = notify(MESSAGE_LEVEL.error, result.message);
          return { ok: false, fieldErrors: {} };
        }
        loginErrorToast.current = notify(MESSAGE_LEVEL.error, MSG.loginFailed);
        return {
          ok: false,
          fieldErrors: result?.__typename === 'ValidationError' ? fieldErrorsFromServer(result.fields) : {},
        };
      } catch (error) {
        clearSession();
        loginErrorToast.current = notify(MESSAGE_LEVEL.error, messageOfError(error));
        return { ok: false, fieldErrors: {} };
      }
    },
    [client, clearSession, signIn],
  );

  const completeTwoFactorLogin = useCallback(
    async (input: { challenge: string; code: string }): Promise<TwoFactorLoginResult> => {
      try {
        const { data } = await client.mutate({ mutation: CompleteTwoFactorLoginMutation, variables: { input }, fetchPolicy: 'no-cache' });
        const result = data?.completeTwoFactorLogin;
        if (result?.__typename === 'MutationCompleteTwoFactorLoginSuccess') {
          signIn(result.data);
          return { ok: true };
        }
        const message = result && 'message' in result ? result.message : MSG.unexpected;
        return {
          ok: false,
          message,
          fieldErrors: result?.__typename === 'ValidationError' ? fieldErrorsFromServer(result.fields) : {},
          expired: result?.__typename === 'InvalidCredentialsError',
        };
      } catch (error) {
        return { ok: false, message: messageOfError(error), fieldErrors: {}, expired: false };
      }
    },
    [client, signIn],
  );

  const logout = useCallback(async () => {
    await serverLogout(readSessionToken());
    // The way out first, then the session: the guarded page on screen waits for it (RequireAuth) instead of
    // sending to /login?returnTo=<that page>.
    void navigate('/login', { replace: true });
    clearSession();
  }, [clearSession, navigate, serverLogout]);

  const refreshAccount = useCallback(async (): Promise<SessionAccount | null> => {
    const { data } = await queryMe();
    const me = data?.me ?? null;
    if (me) setAccount(me);
    return me;
  }, [queryMe]);

  const selectClub = useCallback(
    async (membershipId: string): Promise<boolean> => {
      const me = await refreshAccount();
      const target = me?.profile.clubs.find((m) => m.id === membershipId);
      if (!me || !target) return false;
      storeClubToken(target.token);
      // Nothing of the previous club may show in this one: drop the cache, then put the account back into it.
      await client.clearStore();
      client.writeFragment({ fragment: SessionAccountFragment, fragmentName: 'Session_Account', data: me });
      setAccount(me);
      setClubToken(target.token);
      return true;
    },
    [client, refreshAccount],
  );

  // The account as the cache has it now: a saved profile (/modifica-utente) or club (/modifica-club, /impostazioni)
  // shows at once in the top bar, the menu and the dashboard, without a reload.
  const cached = useFragment({
    fragment: SessionAccountFragment,
    fragmentName: 'Session_Account',
    from: { __typename: 'Account', id: account?.id ?? '' },
  });
  const current = account && cached.complete ? cached.data : account;
  const membership = useMemo(() => (current ? pickMembership(current, clubToken) : null), [current, clubToken]);

  const value = useMemo<SessionValue>(
    () => ({ status, account: current, membership, login, completeTwoFactorLogin, signIn, logout, refreshAccount, selectClub }),
    [status, current, membership, login, completeTwoFactorLogin, signIn, logout, refreshAccount, selectClub],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
