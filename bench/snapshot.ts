// `npm run bench:snapshot [-- --runs N]`: how long a snapshot of the embedded database in DATA_DIR takes, and how
// long queries wait meanwhile (e.g. after `DATA_DIR=/tmp/cb-demo npm run db:demo`). Stop the server first.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/adapters';
import { takeSnapshot } from '../server/db/snapshots';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const config = loadConfig();
const dataDir = path.join(config.dataDir, 'pglite');
const backupsDir = await mkdtemp(path.join(os.tmpdir(), 'campobase-snapshot-bench-'));
const db = openDatabase({ kind: 'pglite', dataDir });
try {
  const pglite = db.pglite!;
  await pglite.waitReady;
  const people = await pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM people');
  console.log(`database ${dataDir}: ${people.rows[0]?.n ?? 0} people`);
  const figures = [];
  for (let i = 0; i < runs; i++) {
    const r = await takeSnapshot(pglite, dataDir, { backupsDir, keep: 1, reason: 'bench' });
    // blockedMs: queries wait this long (checkpoint + copy); the flush to disk afterwards does not block them.
    figures.push({ run: i + 1, MB: +(r.bytes / 1e6).toFixed(1), blockedMs: r.blockedMs, totalMs: r.totalMs });
  }
  console.table(figures);
} finally {
  await db.close();
  await rm(backupsDir, { recursive: true, force: true });
}
