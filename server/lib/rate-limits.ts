// Throttles for the endpoints an attacker would hammer (spec: login, forgot, verify, lead) and for outgoing mail,
// each counted per scope (IP, account, club, mail recipient), shared by GraphQL and REST because the services call
// it. Counted where the store says (rate-limit-store.ts): in the database on PostgreSQL, shared by every instance;
// in memory on the embedded database (one process).
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimitError } from './errors';
import { memoryRateLimitStore, type RateLimitStore } from './rate-limit-store';

export type LimitedAction =
  | 'login'
  | 'forgot'
  | 'verify'
  | 'lead'
  | 'signup'
  | 'passwordChange'
  | 'feedback'
  | 'personLinkInvite'
  | 'personLinkAccept'
  | 'clubTokenRotate'
  | 'collaboratorInvite'
  | 'collaboratorAccept'
  | 'invitationRead'
  | 'registrationRead'
  | 'registrationSubmit'
  | 'registrationSign'
  | 'registrationUpload'
  | 'twoFactor'
  | 'import'
  | 'export'
  | 'channelPost'
  | 'mail';

export type LimitScope = 'ip' | 'account' | 'club' | 'recipient' | 'form';

/** Points per window (seconds) for each scope the action is counted in; a scope left out is not counted. */
export type LimitRule = { window: number } & Partial<Record<LimitScope, number>>;

const HOUR = 60 * 60;
const RULES: Record<LimitedAction, LimitRule> = {
  login: { ip: 30, account: 10, window: 15 * 60 },
  forgot: { ip: 10, account: 3, window: 15 * 60 },
  verify: { ip: 30, account: 10, window: 15 * 60 },
  lead: { ip: 10, account: 3, window: HOUR },
  signup: { ip: 10, account: 5, window: HOUR },
  // guessing the current password from a stolen session is a login attempt by another door: same allowance
  passwordChange: { ip: 30, account: 10, window: 15 * 60 },
  feedback: { ip: 30, account: 10, window: HOUR },
  personLinkInvite: { ip: 60, account: 30, window: HOUR },
  personLinkAccept: { ip: 30, account: 10, window: 15 * 60 },
  clubTokenRotate: { account: 10, window: HOUR },
  collaboratorInvite: { ip: 60, account: 30, window: HOUR },
  collaboratorAccept: { ip: 30, account: 10, window: 15 * 60 },
  // reading an invitation link needs no session: a ceiling on guessing tokens, far above a person opening mails
  invitationRead: { ip: 60, window: 15 * 60 },
  // The public registration form (issue 36 point 3): reading it is a person opening a link; a submission is a
  // family's, a handful an hour from one address; per form, a ceiling on a flood from many addresses; a signature's
  // code is guessed like a password (each submission also allows SIGNATURE_CODE_ATTEMPTS).
  registrationRead: { ip: 120, window: 15 * 60 },
  registrationSubmit: { ip: 10, form: 300, window: HOUR },
  registrationSign: { ip: 30, window: 15 * 60 },
  // documents: a family of six children with two documents each, a few times over
  registrationUpload: { ip: 60, form: 1000, window: HOUR },
  // a TOTP or recovery code (sign-in, turning it on or off): guessed like a password, so the same allowance
  twoFactor: { ip: 30, account: 10, window: 15 * 60 },
  // Imports (dry runs included: every mapping change re-reads the file) and exports read, check or write up to
  // 100,000 rows each: generous for a person at work, a ceiling for a script or a stolen session.
  import: { account: 120, club: 300, window: HOUR },
  export: { account: 60, club: 200, window: HOUR },
  // Messages in the groups' channels (each one pushed to the channel's devices): a lively hour of a person's, and a
  // ceiling on a club's whole conversation, far above a club's day, against a script or a stolen session.
  channelPost: { account: 120, club: 3000, window: HOUR },
  // Every outgoing mail (server/lib/mailer.ts throttledMailer): per recipient address, and per club, account or IP
  // that caused it. MAIL_PER_RECIPIENT_HOURLY and MAIL_PER_CLUB_HOURLY set the first two.
  mail: { recipient: 10, club: 200, account: 50, ip: 50, window: HOUR },
};

export type LimitOverrides = Partial<Record<LimitedAction, Partial<LimitRule>>>;

export interface RateLimits {
  /** Counts one attempt in every scope given; throws RateLimitError when one of them has used its allowance. */
  consume(action: LimitedAction, keys: Partial<Record<LimitScope, string>>): Promise<void>;
  /** Forgets an account's count, e.g. after a successful login. */
  reset(action: LimitedAction, account: string): Promise<void>;
}

/**
 * `factor` multiplies every allowance (RATE_LIMIT_FACTOR); `overrides` replace single rules (settings, tests);
 * `store` keeps the counts (default: this process's memory).
 */
export function createRateLimits(factor = 1, overrides: LimitOverrides = {}, store: RateLimitStore = memoryRateLimitStore): RateLimits {
  const limiters = new Map<string, RateLimiterAbstract | null>();
  const limiter = (action: LimitedAction, scope: LimitScope) => {
    const key = `${action}:${scope}`;
    if (!limiters.has(key)) {
      const rule = { ...RULES[action], ...overrides[action] };
      const points = rule[scope];
      limiters.set(key, points === undefined ? null : store.limiter({ keyPrefix: key, points: points * factor, duration: rule.window }));
    }
    return limiters.get(key)!;
  };
  return {
    async consume(action, keys) {
      try {
        for (const scope of Object.keys(keys) as LimitScope[]) {
          const value = keys[scope];
          if (value) await limiter(action, scope)?.consume(scope === 'account' || scope === 'recipient' ? value.toLowerCase() : value);
        }
      } catch (e) {
        if (e instanceof RateLimiterRes) throw new RateLimitError(Math.ceil(e.msBeforeNext / 1000));
        throw e;
      }
    },
    async reset(action, account) {
      await limiter(action, 'account')?.delete(account.toLowerCase());
    },
  };
}
