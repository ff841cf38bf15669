// Benchmark (not a test): notices (issue 39 point 6), on embedded PGlite and on PostgreSQL. For each database: a fresh
// database, the real app with its job queue on and a real SMTP server (smtp-server, counting what it accepts), a club
// of --recipients adults with an e-mail each (rows inserted in bulk: the seeding is not what is measured). Then:
// - queued: sendNotice to all of them (hand-picked), 5 times, scheduled an hour ahead so that each run measures the
//   recording alone (the notice and its recipients in one transaction): the wall time of the request;
// - history: noticeHistory of one of those notices as its screen asks it (the counts and a page of 100 recipients by
//   name, at the start, middle and end), 30 times each: p95 of the server time (`Server-Timing: app;dur=`); and all
//   5,000 in one answer, 10 times, reported beside it;
// - delivery: one notice sent now, delivered by the notice-delivery job at NOTICE_MAILS_PER_MINUTE (--rate) through
//   the mail outbox and the job queue to the SMTP server, while a reader asks for the club's notices and the people
//   list every 200 ms: the time until the server has every mail, the rate achieved, and the readers' p95.
//   npm run bench:notices [-- [--db pglite,postgres] [--recipients 5000] [--rate 6000]]
// Targets: queued < 2 s; the history p95 < 100 ms; delivery at the configured rate without blocking the other
// requests (their p95 < 1 s meanwhile). Results: a table on stdout and bench/results/notices.json.
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { NOTICE_DELIVERY_QUEUE } from '../server/modules/notices/notice-delivery.job';
import { seedAthletes } from './seed-people';
import { openBenchClub } from './support/bench-club';
import { log, logTargets, stats, writeResults, type Stats, type Target } from './throwaway-database';

const { values: args } = parseArgs({ options: { db: { type: 'string', default: 'pglite,postgres' }, recipients: { type: 'string', default: '5000' }, rate: { type: 'string', default: '6000' } } });
const RECIPIENTS = Number(args.recipients);
const RATE = Number(args.rate);
const DATABASES = args.db.split(',').map((s) => s.trim()) as Array<'pglite' | 'postgres'>;

interface DatabaseResult {
  database: string;
  recipients: number;
  queued: Stats;
  history: Stats;
  wholeHistory: Stats;
  delivery: { seconds: number; mails: number; perMinute: number; configuredPerMinute: number; readers: Stats };
}

async function countingSmtp() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, received: () => received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const SEND = 'mutation($input: SendNoticeInput!) { sendNotice(input: $input) { __typename ... on MutationSendNoticeSuccess { data { recipients notice { id } } } ... on BaseError { message } } }';

async function benchDatabase(database: 'pglite' | 'postgres'): Promise<DatabaseResult | null> {
  const smtp = await countingSmtp();
  const club = await openBenchClub(database, 'notices', 'ASD Bench Avvisi', {
    smtpUrl: smtp.url,
    mailFrom: 'CampoBase <noreply@campobase.test>',
    jobsEnabled: true,
    noticeMailsPerMinute: RATE,
    noticeRecipientsPerDay: 1_000_000,
  });
  if (!club) {
    await smtp.close();
    return null;
  }
  const { app, deps, db, clubId, headers, staff } = club;
  try {
    log(`[${database}] seeding ${RECIPIENTS} people...`);
    await seedAthletes(db, clubId, { count: RECIPIENTS });
    // Adults with an address each: every one is a recipient of their own (no guardians to resolve).
    await db.$executeRaw`UPDATE people SET birthday = DATE '1990-01-01', email_primary = 'p' || id::text || '@example.it' WHERE club_id = ${clubId}::uuid`;
    await db.$executeRawUnsafe('ANALYZE');
    const personIds = (await db.person.findMany({ where: { clubId }, select: { id: true }, orderBy: { id: 'asc' }, take: RECIPIENTS })).map((p) => p.id);
    for (let i = 0; !deps.periodicTasks?.has(NOTICE_DELIVERY_QUEUE); i++) {
      if (i > 600) throw new Error('the job queue did not start');
      await new Promise((r) => setTimeout(r, 100));
    }

    // No quiet hours: the delivery measured is the rate's, whatever the hour of the run (in the club's default
    // 22:00-07:00 a normal notice would wait for the morning).
    const quiet = await staff('mutation { saveNoticeSettings(input: {quietStart: null, quietEnd: null}) { __typename } }', {});
    if (quiet.value.__typename !== 'MutationSaveNoticeSettingsSuccess') throw new Error(JSON.stringify(quiet.value));

    log(`[${database}] queuing 5 notices to ${personIds.length} people...`);
    const queued: number[] = [];
    const noticeIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const sendAt = new Date(Date.now() + 3600_000).toISOString();
      const t = performance.now();
      const { value } = await staff(SEND, { input: { title: `Avviso ${i}`, body: 'Testo.', audience: { personIds }, sendAt } });
      queued.push(performance.now() - t);
      if (value.__typename !== 'MutationSendNoticeSuccess' || value.data.recipients !== personIds.length) throw new Error(JSON.stringify(value));
      noticeIds.push(value.data.notice.id);
    }

    // The history as its screen asks it (the counts and a page of 100 by name, at the start, middle and end), and
    // every recipient in one answer (an export's worth).
    const HISTORY = 'query($id: ID!, $first: Int, $offset: Int) { noticeHistory(noticeId: $id, first: $first, offset: $offset) { ... on QueryNoticeHistorySuccess { data { notice { title } matching counts { total emailed opened confirmed } recipients { personId name forNames email delivery deliveryError emailedAt openedAt confirmedAt remindedAt } } } } }';
    const history: number[] = [];
    for (const offset of [0, Math.floor(personIds.length / 2), personIds.length - 100]) {
      for (let i = 0; i < 30; i++) {
        const { value, ms } = await staff(HISTORY, { id: noticeIds[0], first: 100, offset });
        if (value.data.recipients.length !== 100 || value.data.counts.total !== personIds.length) throw new Error('history: wrong page');
        history.push(ms);
      }
    }
    const wholeHistory: number[] = [];
    for (let i = 0; i < 10; i++) {
      const { value, ms } = await staff(HISTORY, { id: noticeIds[0] });
      if (value.data.recipients.length !== personIds.length) throw new Error('history: wrong count');
      wholeHistory.push(ms);
    }
    for (const id of noticeIds) await staff('mutation($id: ID!) { cancelNotice(noticeId: $id) { __typename } }', { id });

    log(`[${database}] delivering one notice to ${personIds.length} people at ${RATE} a minute...`);
    const readers: number[] = [];
    let reading = true;
    const reader = (async () => {
      for (let i = 0; reading; i++) {
        const t = performance.now();
        const query = i % 2 ? '{ notices { id recipientCount } }' : '{ people(kind: athlete, first: 50) { totalCount edges { node { id } } } }';
        const res = await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify({ query }) });
        if (res.statusCode >= 500) throw new Error(`reader: ${res.statusCode}`);
        readers.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const before = smtp.received();
    const started = performance.now();
    await staff(SEND, { input: { title: 'Consegna', body: 'Testo della consegna.', audience: { personIds } } });
    while (smtp.received() - before < personIds.length) {
      if (performance.now() - started > 30 * 60_000) throw new Error(`delivery: ${smtp.received() - before} of ${personIds.length} after 30 minutes`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const seconds = (performance.now() - started) / 1000;
    reading = false;
    await reader;
    const delivery = { seconds: Math.round(seconds * 10) / 10, mails: personIds.length, perMinute: Math.round((personIds.length / seconds) * 60), configuredPerMinute: RATE, readers: stats(readers) };
    const result = { database, recipients: personIds.length, queued: stats(queued), history: stats(history), wholeHistory: stats(wholeHistory), delivery };
    log(`[${database}] queued max ${result.queued.max} ms; history p95 ${result.history.p95} ms; delivered ${delivery.mails} in ${delivery.seconds} s (${delivery.perMinute}/min), readers p95 ${delivery.readers.p95} ms`);
    return result;
  } finally {
    await club.close();
    await smtp.close();
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
  { target: `[${r.database}] a notice to ${r.recipients} recipients queued < 2 s`, value: `max ${r.queued.max} ms (p50 ${r.queued.p50} ms, 5 runs)`, met: r.queued.max < 2000 },
  {
    target: `[${r.database}] the history of a notice with ${r.recipients} recipients p95 < 100 ms server time (its screen: the counts and a page of 100)`,
    value: `${r.history.p95} ms (every recipient in one answer: p95 ${r.wholeHistory.p95} ms)`,
    met: r.history.p95 < 100,
  },
  {
    target: `[${r.database}] delivered through SMTP at the configured rate (${r.delivery.configuredPerMinute}/min), other requests p95 < 1 s meanwhile`,
    value: `${r.delivery.mails} mails in ${r.delivery.seconds} s (${r.delivery.perMinute}/min); readers p95 ${r.delivery.readers.p95} ms (${r.delivery.readers.n} requests)`,
    // Paced: no faster than configured (a tenth of slack for the ticks' rounding), and the readers unblocked.
    met: r.delivery.perMinute <= r.delivery.configuredPerMinute * 1.1 && r.delivery.readers.p95 < 1000,
  },
]);
logTargets('Targets', targets);
await writeResults('notices', startedAt, loadAtStart, { recipients: RECIPIENTS, rate: RATE, targets, results });
process.exit(0);
