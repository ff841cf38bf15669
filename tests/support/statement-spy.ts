// Every SQL statement the app's database adapter really sends (adapter and transactions alike), handed to `record`:
// the statement-count and access-log tests count them, the answer cache's test reads which tables they name.
// Undone by vi.restoreAllMocks().
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { vi } from 'vitest';
import type { TestApp } from './test-app';

/** The prototype every query of the adapter goes through: the adapter classes are not exported, so it is read off a throwaway instance. */
async function queryablePrototype(kind: TestApp['databaseKind']): Promise<Record<'queryRaw' | 'executeRaw', (...args: unknown[]) => unknown>> {
  if (kind === 'pglite') {
    const db = new PGlite();
    const adapter = await new PrismaPGlite(db).connect();
    const proto = Object.getPrototypeOf(Object.getPrototypeOf(adapter));
    await adapter.dispose();
    await db.close();
    return proto;
  }
  // pg connects lazily: no connection is made to this address
  const adapter = await new PrismaPg({ connectionString: 'postgresql://nobody@127.0.0.1:1/none' }).connect();
  const proto = Object.getPrototypeOf(Object.getPrototypeOf(adapter));
  await adapter.dispose();
  return proto;
}

export async function recordStatements(kind: TestApp['databaseKind'], record: (sql: string) => void): Promise<void> {
  const proto = await queryablePrototype(kind);
  for (const method of ['queryRaw', 'executeRaw'] as const) {
    const original = proto[method];
    vi.spyOn(proto, method).mockImplementation(function (this: unknown, ...args: unknown[]) {
      record((args[0] as { sql: string }).sql);
      return original.apply(this, args);
    });
  }
}
