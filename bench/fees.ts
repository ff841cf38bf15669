// Benchmark (not a test): fees and receipts (issue 37 point 7), on embedded PGlite and on PostgreSQL. For each
// database: a fresh database and the real app (no job queue), a club of --members athletes (bench/seed-people.ts)
// charged a plan of two instalments (the first one overdue), and --receipts of them paying their first instalment
// (charges, payments and allocations inserted in bulk: the seeding is not what is measured). Then, over the app's
// HTTP handling (app.inject), each figure from the `Server-Timing: app;dur=` the server reports:
// - issueReceiptsForPeriod: the receipts of every payment of the period, numbered without gaps (wall time), and the
//   first download of 20 of their PDFs (made from the frozen content then);
// - overdueCharges(first: 50) at offsets 0, the middle and the end, 30 times each: p95 server time;
// - familyStatement of a family of three children with charges and payments, 30 times: p95.
//   npm run bench:fees [-- [--db pglite,postgres] [--members 10000] [--receipts 1000]]
// Targets: 1,000 receipts in bulk < 30 s with PDFs available; the overdue list over 10,000 members p95 < 50 ms on
// PostgreSQL; a family statement < 200 ms. Results: a table on stdout and bench/results/fees.json.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { seedAthletes } from './seed-people';
import { openBenchClub } from './support/bench-club';
import { log, logTargets, stats, writeResults, type Stats, type Target } from './throwaway-database';

const { values: args } = parseArgs({ options: { db: { type: 'string', default: 'pglite,postgres' }, members: { type: 'string', default: '10000' }, receipts: { type: 'string', default: '1000' } } });
const MEMBERS = Number(args.members);
const RECEIPTS = Math.min(Number(args.receipts), MEMBERS);
const DATABASES = args.db.split(',').map((s) => s.trim()) as Array<'pglite' | 'postgres'>;
const round = (n: number) => Math.round(n * 100) / 100;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface DatabaseResult {
  database: string;
  members: number;
  receipts: number;
  bulkSeconds: number;
  firstPdfMs: Stats;
  overdue: Stats;
  overdueTotal: number;
  statement: Stats;
}

async function benchDatabase(database: 'pglite' | 'postgres'): Promise<DatabaseResult | null> {
  const club = await openBenchClub(database, 'fees', 'ASD Bench Quote');
  if (!club) return null;
  const { app, db, clubId, staff } = club;
  try {

    log(`[${database}] seeding ${MEMBERS} athletes...`);
    await seedAthletes(db, clubId, { count: MEMBERS });
    const season = (await staff('{ currentSeason { id } }')).value;
    const plan = (
      await staff(`mutation($input: SaveFeePlanInput!) { saveFeePlan(input: $input) { ... on MutationSaveFeePlanSuccess { data { plan { id instalments { id } } } } } }`, {
        input: { seasonId: season.id, name: 'Quota annuale', kind: 'quota_associativa', sport: 'Calcio', instalments: [{ label: 'Prima rata', dueOn: day(-20), amountCents: 12000 }, { label: 'Seconda rata', dueOn: day(90), amountCents: 8000 }] },
      })
    ).value.data.plan;
    const people = await db.person.findMany({ where: { clubId }, select: { id: true }, orderBy: { id: 'asc' } });
    const [first, second] = plan.instalments as Array<{ id: string }>;
    for (let i = 0; i < people.length; i += 2000) {
      await db.charge.createMany({
        data: people.slice(i, i + 2000).flatMap((p) => [
          { clubId, personId: p.id, seasonId: season.id, planId: plan.id, instalmentId: first.id, description: 'Quota annuale: Prima rata', dueOn: new Date(`${day(-20)}T00:00:00Z`), amountCents: 12000 },
          { clubId, personId: p.id, seasonId: season.id, planId: plan.id, instalmentId: second.id, description: 'Quota annuale: Seconda rata', dueOn: new Date(`${day(90)}T00:00:00Z`), amountCents: 8000 },
        ]),
      });
    }
    const firstCharges = await db.charge.findMany({ where: { clubId, instalmentId: first.id }, select: { id: true, personId: true }, orderBy: { personId: 'asc' }, take: RECEIPTS });
    for (let i = 0; i < firstCharges.length; i += 500) {
      const slice = firstCharges.slice(i, i + 500);
      const payments = await db.payment.createManyAndReturn({
        data: slice.map((c) => ({ clubId, payerId: c.personId, method: 'bonifico' as const, paidOn: new Date(`${day(-1)}T00:00:00Z`), amountCents: 12000, reference: 'CRO bench' })),
        select: { id: true, payerId: true },
      });
      await db.paymentAllocation.createMany({ data: payments.map((p) => ({ clubId, paymentId: p.id, chargeId: slice.find((c) => c.personId === p.payerId)!.id, amountCents: 12000 })) });
    }
    await db.$executeRawUnsafe('ANALYZE');

    log(`[${database}] issuing ${RECEIPTS} receipts in bulk...`);
    const t0 = performance.now();
    const bulk = (await staff('mutation($f: String!, $t: String!) { issueReceiptsForPeriod(from: $f, to: $t) { __typename ... on MutationIssueReceiptsForPeriodSuccess { data { issued left } } ... on BaseError { message } } }', { f: day(-30), t: day(0) })).value;
    const bulkSeconds = round((performance.now() - t0) / 1000);
    if (bulk.data?.issued !== RECEIPTS) throw new Error(JSON.stringify(bulk));
    const numbers = (await db.receipt.findMany({ where: { clubId }, select: { number: true }, orderBy: { number: 'asc' } })).map((r) => r.number);
    if (numbers.some((n, i) => n !== i + 1)) throw new Error('receipt numbers with a gap or a duplicate');
    const sample = await db.receipt.findMany({ where: { clubId }, select: { id: true }, take: 20 });
    const pdfTimes: number[] = [];
    for (const r of sample) {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/receipts/${r.id}.pdf`, headers: club.headers });
      if (res.statusCode !== 200 || !res.rawPayload.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw new Error(`receipt PDF: ${res.statusCode}`);
      pdfTimes.push(performance.now() - t);
    }
    log(`[${database}] ${RECEIPTS} receipts in ${bulkSeconds} s; first PDF download p50 ${stats(pdfTimes).p50} ms`);

    const overdueTotal = (await staff('{ overdueCharges(first: 1) { totalCount } }')).value.totalCount as number;
    const overdueTimes: number[] = [];
    for (const offset of [0, Math.floor(overdueTotal / 2), Math.max(0, overdueTotal - 50)]) {
      for (let i = 0; i < 30; i++) overdueTimes.push((await staff('query($o: Int) { overdueCharges(first: 50, offset: $o) { totalCount items { id openCents dueOn person { firstname lastname } } } }', { o: offset })).ms);
    }

    // A family of three children: one parent paying for them, charges and two payments.
    const [parent, ...children] = people.slice(-4).map((p) => p.id);
    await db.guardianship.createMany({ data: children.map((minorId) => ({ clubId, minorId, guardianId: parent, relationship: 'genitore' as const })) });
    await staff('mutation($input: RecordPaymentInput!) { recordPayment(input: $input) { __typename } }', { input: { payerId: parent, method: 'pos', paidOn: day(0), amountCents: 20000 } });
    const statementTimes: number[] = [];
    for (let i = 0; i < 30; i++) statementTimes.push((await staff('query($id: ID!) { familyStatement(payerId: $id) { openCents people { name openCents charges { description openCents } } payments { amountCents } } }', { id: parent })).ms);
    const result = { database, members: MEMBERS, receipts: RECEIPTS, bulkSeconds, firstPdfMs: stats(pdfTimes), overdue: stats(overdueTimes), overdueTotal, statement: stats(statementTimes) };
    log(`[${database}] overdue list (${overdueTotal} charges) p95 ${result.overdue.p95} ms; family statement p95 ${result.statement.p95} ms`);
    return result;
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
const targets: Target[] = results.flatMap((r) => [
  { target: `[${r.database}] ${r.receipts} receipts in bulk < 30 s, PDFs available`, value: `${r.bulkSeconds} s; a PDF's first download p95 ${r.firstPdfMs.p95} ms`, met: r.bulkSeconds < 30 },
  { target: `[${r.database}] overdue list over ${r.members} members p95 < 50 ms server time${r.database === 'postgres' ? '' : ' (the target is PostgreSQL\'s)'}`, value: `${r.overdue.p95} ms (${r.overdueTotal} overdue charges)`, met: r.overdue.p95 < 50 },
  { target: `[${r.database}] a family statement < 200 ms`, value: `p95 ${r.statement.p95} ms`, met: r.statement.p95 < 200 },
]);
logTargets('Targets', targets);
await writeResults('fees', startedAt, loadAtStart, { members: MEMBERS, receipts: RECEIPTS, targets, results });
process.exit(0);
