// The club's import history: the runs recorded by importPeople (dry runs are not), newest first. Read through the
// club-scoped client only, so another club's run id answers like an unknown one.
import type { RequestContext } from '../../context';
import { clubMember } from '../../access/authorize';
import { clubDb } from '../../access/request-db';
import { isUuid } from '../../lib/club-rows';

export const IMPORT_RUNS_ORDER = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];

/** The `where` of the club's runs, after checking import.run (whoever may import may see what was imported). */
export function importRunsWhere(ctx: RequestContext) {
  clubMember(ctx);
  return {};
}

/** One run of the club, or null (unknown, malformed or another club's id). */
export async function findImportRun<T extends object>(ctx: RequestContext, id: unknown, query: T = {} as T) {
  clubMember(ctx);
  if (!isUuid(id)) return null;
  return clubDb(ctx).importRun.findFirst({ ...query, where: { id } });
}
