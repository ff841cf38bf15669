// At start on PGlite: runs left `writing` or `undoing` by a process that stopped in the middle of committing them
// slice by slice (import-commit.ts) are finished the way they were meant to end all or nothing: an import in
// progress is put back (failed, nothing of it left), an undo in progress is completed. Only PGlite commits in
// slices, and only one process at a time opens its directory, so a run in either state has no other owner.
import type { AppDeps } from '../../context';
import { commitsInSlices } from './import-commit';
import { abandonRun, finishUndo } from './import-undo.service';

/** Answers how many interrupted runs were finished. */
export async function recoverInterruptedImports(deps: Pick<AppDeps, 'database' | 'systemDb' | 'log' | 'config'>): Promise<number> {
  if (!commitsInSlices(deps)) return 0;
  // The system client: the runs of every club, each then reverted within its own club.
  const runs = await deps.systemDb.importRun.findMany({
    where: { status: { in: ['writing', 'undoing'] } },
    select: { id: true, clubId: true, status: true },
    orderBy: { createdAt: 'asc' },
  });
  for (const run of runs) {
    const sliceRows = deps.config.importSliceRows;
    if (run.status === 'writing') await abandonRun(deps.systemDb, run.clubId, run.id, { sliceRows });
    else await finishUndo(deps.systemDb, run.clubId, run.id, sliceRows);
    deps.log.warn({ runId: run.id, clubId: run.clubId, was: run.status }, 'import: a run interrupted by a stop was finished at start');
  }
  return runs.length;
}
