// Prepared statements for the app's PostgreSQL pools (issue 16 point 3). Prisma's pg adapter sends every statement
// unnamed, so PostgreSQL parses, analyses and plans it again on every call; a name makes pg parse it once per
// connection and then only bind and execute it (about 0.5 ms less per list page, a third more pages per second
// at 50 clients: docs/benchmarks.md, "Prepared statements"). @prisma/adapter-pg takes the names from
// `statementNameGenerator`.
//
// Bounded, because neither pg nor PostgreSQL ever forgets a prepared statement while its connection lives: a text
// gets a name the second time it is seen (one-off statements never do), texts with many parameters never get one
// (batch inserts and long IN lists vary with their input), and at most STATEMENT_NAMES_MAX texts are named per
// process. Each name always stands for the same text, which pg requires.
//
// After five runs of a prepared statement PostgreSQL may keep one generic plan for every later value, when it costs
// no more than the values' own plans did (plan_cache_mode auto, as Prisma's former engine always ran). That reuse
// is the gain: planning the list page's joined statement costs more than running it. A search (LIKE a pattern) is
// the exception left unnamed: "ro" matches most of a club and "rossi" a few rows, which want different plans, and
// its planning is small beside its execution.
import type { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapter, SqlQuery, SqlQueryable } from '@prisma/driver-adapter-utils';

type StatementNameGenerator = NonNullable<NonNullable<ConstructorParameters<typeof PrismaPg>[1]>['statementNameGenerator']>;

/** Texts named per process, at most (Prisma's former engine kept 100 per connection): the hot ones come first. */
export const STATEMENT_NAMES_MAX = 200;
/** Texts with more parameters than this stay unnamed. */
export const STATEMENT_PARAMS_MAX = 64;
/** Texts seen once and remembered, waiting for a second sight (forgotten all at once when full). */
const SEEN_ONCE_MAX = 2_000;

/** Matching a pattern: the best plan depends on the pattern's value. */
const PATTERN_MATCH = /\b(I?LIKE|SIMILAR TO)\b|~/i;

/** The unnamed statement: pg parses it on every call. */
const UNNAMED = '';

export interface StatementNames {
  /** The name to send `query` under ('' = unnamed). */
  name: StatementNameGenerator;
  /**
   * PostgreSQL refused a prepared statement whose result changed under it (a migration changed a column's type:
   * "cached plan must not change result type", on every connection that prepared it, until it is closed). The text
   * gets a new name, which each connection prepares afresh.
   */
  replan(sql: string): void;
}

export function statementNames({ max = STATEMENT_NAMES_MAX, maxParams = STATEMENT_PARAMS_MAX } = {}): StatementNames {
  const names = new Map<string, string>();
  const seenOnce = new Set<string>();
  let issued = 0;
  const giveName = (sql: string) => {
    const name = `campobase_${++issued}`;
    names.set(sql, name);
    return name;
  };
  return {
    name: ({ sql, args }) => {
      const known = names.get(sql);
      if (known !== undefined) return known;
      if (names.size >= max || args.length > maxParams || PATTERN_MATCH.test(sql)) return UNNAMED;
      if (!seenOnce.delete(sql)) {
        if (seenOnce.size >= SEEN_ONCE_MAX) seenOnce.clear();
        seenOnce.add(sql);
        return UNNAMED;
      }
      return giveName(sql);
    },
    replan: (sql) => {
      if (names.has(sql)) giveName(sql);
    },
  };
}

/** PostgreSQL's refusal of a prepared statement whose result columns changed since it was prepared. */
export function isStalePreparedStatement(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; originalCode?: string; message?: string } } | null)?.cause;
  return (cause?.originalCode ?? cause?.code) === '0A000' && /cached plan must not change result type/.test(cause?.message ?? '');
}

/**
 * Gives a statement refused as stale a new name, and runs it again once under it where that is safe: outside a
 * transaction (the statement was refused before it ran). Inside one the transaction is already aborted, so the
 * request fails once; the next one prepares the new name.
 */
export function replanStaleStatements(adapter: SqlDriverAdapter, names: StatementNames): SqlDriverAdapter {
  const guard = <Q extends SqlQueryable>(queryable: Q, retry: boolean): Q => {
    // The class's own method, looked up on each call (what wraps the class's methods later is still passed through).
    const inherited = Object.getPrototypeOf(queryable) as Record<'queryRaw' | 'executeRaw', (this: Q, query: SqlQuery) => Promise<unknown>>;
    for (const method of ['queryRaw', 'executeRaw'] as const) {
      const run = (query: SqlQuery) => inherited[method].call(queryable, query);
      (queryable as Record<typeof method, unknown>)[method] = async (query: SqlQuery) => {
        try {
          return await run(query);
        } catch (error) {
          if (!isStalePreparedStatement(error)) throw error;
          names.replan(query.sql);
          if (!retry) throw error;
          return run(query);
        }
      };
    }
    return queryable;
  };
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (isolationLevel) => guard(await startTransaction(isolationLevel), false);
  return guard(adapter, true);
}
