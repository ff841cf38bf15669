// Prepared statements for the app's PostgreSQL pools (issue 16 point 3). Prisma's pg adapter sends every statement
// unnamed, so PostgreSQL parses, analyses and plans it again on every call; a name makes pg parse it once per
// connection and then only bind and execute it (about 0.5 ms less per list page, a third more pages per second
// at 50 clients: README "Throughput"). @prisma/adapter-pg takes the names from `statementNameGenerator`.
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

export function statementNames({ max = STATEMENT_NAMES_MAX, maxParams = STATEMENT_PARAMS_MAX } = {}): StatementNameGenerator {
  const names = new Map<string, string>();
  const seenOnce = new Set<string>();
  return ({ sql, args }) => {
    const known = names.get(sql);
    if (known !== undefined) return known;
    if (names.size >= max || args.length > maxParams || PATTERN_MATCH.test(sql)) return UNNAMED;
    if (!seenOnce.delete(sql)) {
      if (seenOnce.size >= SEEN_ONCE_MAX) seenOnce.clear();
      seenOnce.add(sql);
      return UNNAMED;
    }
    const name = `campobase_${names.size + 1}`;
    names.set(sql, name);
    return name;
  };
}
