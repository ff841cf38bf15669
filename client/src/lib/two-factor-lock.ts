// Clubs that refused this session because they require the second factor of the member's role (HTTP 403 with the
// code TWO_FACTOR_REQUIRED, for the whole request). Until the session passes it, requests go without that club's
// X-Club (so the account's own pages keep working) and the admin area leads to the Security page. Keyed by session
// and club token: a new sign-in, or another club, starts clean.
import { useSyncExternalStore } from 'react';
import { MESSAGE_LEVEL } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { notify } from './notify';

export const TWO_FACTOR_REQUIRED = 'TWO_FACTOR_REQUIRED';

const locked = new Set<string>();
const listeners = new Set<() => void>();
const keyOf = (session: string | null | undefined, club: string | null | undefined) => (session && club ? `${session}\n${club}` : null);
const changed = () => listeners.forEach((listener) => listener());

/** Records the refusal (once: the first one also shows the server's message). */
export function lockClub(session: string | null | undefined, club: string | null | undefined): void {
  const key = keyOf(session, club);
  if (!key || locked.has(key)) return;
  locked.add(key);
  notify(MESSAGE_LEVEL.error, MSG.twoFactorRequiredByClub);
  changed();
}

export function isClubLocked(session: string | null | undefined, club: string | null | undefined): boolean {
  const key = keyOf(session, club);
  return key !== null && locked.has(key);
}

/** The session has just passed the second factor (turned it on): every club may be asked again. */
export function clearClubLocks(): void {
  if (!locked.size) return;
  locked.clear();
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether this club refused this session for lack of the second factor; re-renders when that changes. */
export function useClubLock(session: string | null | undefined, club: string | null | undefined): boolean {
  return useSyncExternalStore(subscribe, () => isClubLocked(session, club));
}

/** The `extensions.code` of a refused request's body (`{errors: [{message, extensions: {code}}]}`), if any. */
export function refusalCode(bodyText: string | undefined): string | undefined {
  try {
    const code = (JSON.parse(bodyText ?? '') as { errors?: { extensions?: { code?: unknown } }[] }).errors?.[0]?.extensions?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}
