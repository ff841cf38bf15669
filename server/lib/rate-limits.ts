// Throttles for the endpoints an attacker would hammer (spec: login, forgot, verify, lead), each both per IP and
// per account, shared by GraphQL and REST because the services call it. In memory: one server process.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitError } from './errors';

export type LimitedAction = 'login' | 'forgot' | 'verify' | 'lead' | 'signup' | 'passwordChange';

// points per window (seconds), per IP and per account (email)
const RULES: Record<LimitedAction, { ip: number; account: number; window: number }> = {
  login: { ip: 30, account: 10, window: 15 * 60 },
  forgot: { ip: 10, account: 3, window: 15 * 60 },
  verify: { ip: 30, account: 10, window: 15 * 60 },
  lead: { ip: 10, account: 3, window: 60 * 60 },
  signup: { ip: 10, account: 5, window: 60 * 60 },
  // guessing the current password from a stolen session is a login attempt by another door: same allowance
  passwordChange: { ip: 30, account: 10, window: 15 * 60 },
};

export interface RateLimits {
  /** Counts one attempt; throws RateLimitError when the IP or the account has used its allowance. */
  consume(action: LimitedAction, keys: { ip?: string; account?: string }): Promise<void>;
  /** Forgets an account's count, e.g. after a successful login. */
  reset(action: LimitedAction, account: string): Promise<void>;
}

export function createRateLimits(factor = 1): RateLimits {
  const limiters = new Map<string, RateLimiterMemory>();
  const limiter = (action: LimitedAction, scope: 'ip' | 'account') => {
    const key = `${action}:${scope}`;
    let l = limiters.get(key);
    if (!l) {
      const rule = RULES[action];
      l = new RateLimiterMemory({ keyPrefix: key, points: rule[scope] * factor, duration: rule.window });
      limiters.set(key, l);
    }
    return l;
  };
  return {
    async consume(action, { ip, account }) {
      try {
        if (ip) await limiter(action, 'ip').consume(ip);
        if (account) await limiter(action, 'account').consume(account.toLowerCase());
      } catch (e) {
        if (e instanceof RateLimiterRes) throw new RateLimitError(Math.ceil(e.msBeforeNext / 1000));
        throw e;
      }
    },
    async reset(action, account) {
      await limiter(action, 'account').delete(account.toLowerCase());
    },
  };
}
