// Benchmark (not a test): the libro soci as the legal register (issue 35 point 2) of a club of --members soci, on
// embedded PGlite and on PostgreSQL. For each database: a fresh database, the real app (createApp, no job queue); the
// people seeded as for the people list (seedAthletes), every one admitted to the register (set-based, numbers 1..N,
// ~1 in 10 with an exit), then over HTTP (app.inject, the client's own requests) GET /api/member-register.pdf and
// .xlsx of all time, timed as wall time, while /healthz is asked every 100 ms: its slowest answer says how long the
// event loop was held (the PDF is laid out in a worker thread; the rows are read in batches). Checks: the PDF's
// pages (pdfinfo) all say "Pagina n di N" and the last number is in it (pdftotext); the XLSX has one row per socio.
//   npm run bench:register-pdf [-- [--db pglite,postgres] [--members 5000] [--runs 2]]
// Target (issue 35 point 5): the libro soci PDF of 5,000 members < 10 s on either database.
// Results: a table on stdout and bench/results/register-pdf.json.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as XLSX from '@e965/xlsx';
import { log, logTargets, writeResults, type Target } from './throwaway-database';
import { seedAthletes } from './seed-people';
import { openBenchClub } from './support/bench-club';

const { values: args } = parseArgs({
  options: { db: { type: 'string', default: 'pglite,postgres' }, members: { type: 'string', default: '5000' }, runs: { type: 'string', default: '2' } },
});
const MEMBERS = Number(args.members);
const RUNS = Number(args.runs);
const DATABASES = args.db.split(',').map((s) => s.trim()) as Array<'pglite' | 'postgres'>;
const TARGET_SECONDS = 10;
const round = (n: number) => Math.round(n * 100) / 100;

interface DatabaseResult {
  database: string;
  members: number;
  pages: number;
  pdfBytes: number;
  /** Wall time of each PDF request, seconds. */
  pdfSeconds: number[];
  xlsxSeconds: number[];
  /** The slowest /healthz answer while the downloads ran, ms. */
  healthzMaxMs: number;
  healthzAnswers: number;
}

async function benchDatabase(database: 'pglite' | 'postgres'): Promise<DatabaseResult | null> {
  const club = await openBenchClub(database, 'register-pdf', 'ASD Bench Libro Soci');
  if (!club) return null;
  const { app, db, clubId, dataDir } = club;
  try {
    const { headers } = club;

    log(`[${database}] seeding ${MEMBERS.toLocaleString('en')} people, all in the register...`);
    await seedAthletes(db, clubId, { count: MEMBERS });
    await db.$executeRawUnsafe(`
      INSERT INTO register_members (club_id, person_id, number, admitted_on, board_decision, board_decision_on, exit_on, exit_cause, updated_at)
      SELECT club_id, id, n, DATE '2020-09-01' + (n % 1500)::int, 'Verbale n. ' || (n % 40 + 1), DATE '2020-08-28' + (n % 1500)::int,
             CASE WHEN n % 10 = 0 THEN DATE '2026-06-30' END, CASE WHEN n % 10 = 0 THEN 'recesso'::"MemberExitCause" END, now()
      FROM (SELECT club_id, id, row_number() OVER (ORDER BY lastname, firstname, id) AS n FROM people WHERE club_id = '${clubId}') p`);
    await db.$executeRawUnsafe('VACUUM ANALYZE');
    const members = await db.registerMember.count({ where: { clubId } });

    // /healthz every 100 ms while the downloads run: the slowest answer is the longest the event loop was held.
    let probing = true;
    let healthzMaxMs = 0;
    let healthzAnswers = 0;
    const probe = (async () => {
      while (probing) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: '/healthz' });
        if (res.statusCode !== 200) throw new Error(`/healthz answered ${res.statusCode}`);
        healthzMaxMs = Math.max(healthzMaxMs, performance.now() - t0);
        healthzAnswers++;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const timed = async (format: 'pdf' | 'xlsx') => {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/member-register.${format}`, headers });
      if (res.statusCode !== 200) throw new Error(`${format}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return { seconds: round((performance.now() - t0) / 1000), bytes: res.rawPayload };
    };
    const pdfSeconds: number[] = [];
    const xlsxSeconds: number[] = [];
    let pdf: Buffer = Buffer.alloc(0);
    for (let run = 0; run < RUNS; run++) {
      const p = await timed('pdf');
      pdfSeconds.push(p.seconds);
      pdf = p.bytes;
      log(`[${database}] PDF of ${members} soci in ${p.seconds} s`);
      const x = await timed('xlsx');
      xlsxSeconds.push(x.seconds);
      const rows = XLSX.utils.sheet_to_json(XLSX.read(x.bytes).Sheets['Libro soci']).length;
      if (rows !== members) throw new Error(`XLSX rows ${rows}, expected ${members}`);
      log(`[${database}] XLSX in ${x.seconds} s`);
    }
    probing = false;
    await probe;

    const file = path.join(dataDir, 'libro-soci.pdf');
    writeFileSync(file, pdf);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', maxBuffer: 256 * 2 ** 20 });
    const footers = [...text.matchAll(/Pagina (\d+) di (\d+)/g)];
    if (footers.length !== pages || footers.some((m, i) => Number(m[1]) !== i + 1 || Number(m[2]) !== pages)) throw new Error('page numbers do not run 1..N');
    if (!new RegExp(`^\\s+${members} \\S`, 'm').test(text)) throw new Error(`number ${members} missing from the PDF`);
    log(`[${database}] ${pages} pages, ${(pdf.length / 2 ** 20).toFixed(1)} MB; /healthz slowest ${Math.round(healthzMaxMs)} ms over ${healthzAnswers} answers`);
    return { database, members, pages, pdfBytes: pdf.length, pdfSeconds, xlsxSeconds, healthzMaxMs: Math.round(healthzMaxMs), healthzAnswers };
  } finally {
    await club.close();
  }
}

const startedAt = new Date();
const loadAtStart = os.loadavg();
const results: DatabaseResult[] = [];
for (const database of DATABASES) {
  const result = await benchDatabase(database);
  if (result) results.push(result);
}
const targets: Target[] = results.map((r) => ({
  target: `[${r.database}] libro soci PDF of ${r.members.toLocaleString('en')} members < ${TARGET_SECONDS} s`,
  value: `${Math.max(...r.pdfSeconds)} s at worst over ${r.pdfSeconds.length} (${r.pages} pages; XLSX ${Math.max(...r.xlsxSeconds)} s; /healthz slowest ${r.healthzMaxMs} ms)`,
  met: Math.max(...r.pdfSeconds) < TARGET_SECONDS,
}));
logTargets('Targets', targets);
await writeResults('register-pdf', startedAt, loadAtStart, { members: MEMBERS, targets, results });
process.exit(0);
