// The visitor's cookie choice, in localStorage 'campobase.consent' = {analytics: boolean, decidedAt: ISO date}.
// Pure helpers (unit-tested); the store in consent-store.ts makes them reactive.
export const CONSENT_STORAGE_KEY = 'campobase.consent';
/** The Garante's cookie guidelines (10 June 2021): ask again after six months at the earliest. */
export const CONSENT_MAX_AGE_DAYS = 183;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ConsentDecision {
  analytics: boolean;
  decidedAt: string;
}

/** Reads a stored decision; anything malformed or older than six months counts as "not decided yet". */
export function parseConsent(raw: string | null, now: Date = new Date()): ConsentDecision | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const { analytics, decidedAt } = value as Record<string, unknown>;
    if (typeof analytics !== 'boolean' || typeof decidedAt !== 'string') return null;
    const decided = Date.parse(decidedAt);
    if (Number.isNaN(decided) || now.getTime() - decided > CONSENT_MAX_AGE_DAYS * DAY_MS) return null;
    return { analytics, decidedAt };
  } catch {
    return null;
  }
}

export function readConsent(storage: Pick<Storage, 'getItem'> = window.localStorage, now: Date = new Date()): ConsentDecision | null {
  try {
    return parseConsent(storage.getItem(CONSENT_STORAGE_KEY), now);
  } catch {
    return null;
  }
}

export function writeConsent(
  analytics: boolean,
  storage: Pick<Storage, 'setItem'> = window.localStorage,
  now: Date = new Date(),
): ConsentDecision {
  const decision: ConsentDecision = { analytics, decidedAt: now.toISOString() };
  try {
    storage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(decision));
  } catch {
    // storage disabled: the choice holds for this page view only
  }
  return decision;
}
