// The rate limits' PostgreSQL store (server/lib/rate-limit-store.ts): counts in the rate_limits table, windows over
// deleted, and when the database does not answer the allowance is kept per instance (in memory), never lifted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitError } from '../../server/lib/errors';
import { postgresRateLimitStore } from '../../server/lib/rate-limit-store';
import { createRateLimits } from '../../server/lib/rate-limits';
import { startTestApp, usingPostgres, type TestApp } from '../support/test-app';

function recordingLog() {
  const warnings: string[] = [];
  return { warnings, log: { warn: (_obj: object, msg: string) => void warnings.push(msg) } };
}

describe('when the database does not answer', () => {
  it('each instance counts in its own memory, with one warning: the allowance stays', async () => {
    const { warnings, log } = recordingLog();
    const store = postgresRateLimitStore('postgresql://postgres@127.0.0.1:1/nessuno', log);
    try {
      const limits = createRateLimits(1, {}, store);
      for (let i = 0; i < 10; i++) await limits.consume('login', { account: 'Qualcuno@Example.it' });
      await expect(limits.consume('login', { account: 'qualcuno@example.it' })).rejects.toBeInstanceOf(RateLimitError);
      await limits.reset('login', 'qualcuno@example.it');
      await limits.consume('login', { account: 'qualcuno@example.it' });
      expect(warnings).toEqual(['rate limits: the database does not answer, counting in this instance until it does']);
    } finally {
      await store.close();
    }
  });
});

describe.runIf(usingPostgres())('on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('counts in rate_limits, and the clean-up deletes only the windows that are over', async () => {
    const { warnings, log } = recordingLog();
    const store = postgresRateLimitStore(t.deps.config.databaseUrl!, log);
    try {
      const limits = createRateLimits(1, {}, store);
      await limits.consume('forgot', { ip: '192.0.2.1', account: 'Una@Example.it' });
      await limits.consume('forgot', { account: 'una@example.it' });
      const rows = await t.deps.systemDb.rateLimitCounter.findMany({ where: { key: { startsWith: 'forgot:' } }, orderBy: { key: 'asc' } });
      expect(rows.map((r) => [r.key, r.points])).toEqual([
        ['forgot:account:una@example.it', 2],
        ['forgot:ip:192.0.2.1', 1],
      ]);

      await t.deps.systemDb.rateLimitCounter.create({ data: { key: 'old:account:x', points: 3, expire: BigInt(Date.now() - 1000) } });
      await store.clearExpired();
      const left = await t.deps.systemDb.rateLimitCounter.findMany({ select: { key: true }, orderBy: { key: 'asc' } });
      expect(left.map((r) => r.key)).toEqual(['forgot:account:una@example.it', 'forgot:ip:192.0.2.1']);
      expect(warnings).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
