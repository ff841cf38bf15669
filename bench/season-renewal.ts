// Benchmark (not a test): the guided season renewal (issue 35 point 3) of a club of --people athletes who are all
// soci too, on embedded PGlite and on PostgreSQL. For each database: a fresh database, the real app (createApp, no
// job queue); the athletes seeded as for the people list (seedAthletes: youth categories by birth year, ~30% in a
// second group, ~3% archived), the "Under N" categories given their band (ages up to N - 1, Senior 18 and over),
// every person admitted to the register (set-based), half of them renewed for the current season with a quota. Then,
// over HTTP (app.inject, the client's own requests): the proposal, the run (every socio, 95% of the active
// athletes: the others leave their groups; athletes moved to next season's category), a second run (refused), the
// undo, and the run again after the undo. Checks: the renewals written equal the soci chosen, the undo leaves no
// renewal of the run and the memberships as they were.
//   npm run bench:season-renewal [-- [--db pglite,postgres] [--people 5000]]
// Target (issue 35 point 5): a renewal of 5,000 people < 10 s on either database.
// Results: a table on stdout and bench/results/season-renewal.json.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { log, logTargets, writeResults, type Target } from './throwaway-database';
import { seedAthletes } from './seed-people';
import { openBenchClub } from './support/bench-club';

const { values: args } = parseArgs({ options: { db: { type: 'string', default: 'pglite,postgres' }, people: { type: 'string', default: '5000' } } });
const PEOPLE = Number(args.people);
const DATABASES = args.db.split(',').map((s) => s.trim()) as Array<'pglite' | 'postgres'>;
const TARGET_SECONDS = 10;
const round = (n: number) => Math.round(n * 100) / 100;

interface DatabaseResult {
  database: string;
  people: number;
  soci: number;
  athletesChosen: number;
  seedSeconds: number;
  proposalSeconds: number;
  runSeconds: number;
  undoSeconds: number;
  rerunSeconds: number;
  renewed: number;
  moved: number;
  left: number;
}

async function benchDatabase(database: 'pglite' | 'postgres'): Promise<DatabaseResult | null> {
  const club = await openBenchClub(database, 'season-renewal', 'ASD Bench Rinnovo');
  if (!club) return null;
  const { app, db, clubId } = club;
  try {
    const headers = { ...club.headers, 'content-type': 'application/json' };
    const ask = async (query: string, variables: Record<string, unknown> = {}) => {
      const t0 = performance.now();
      const res = await app.inject({ method: 'POST', url: '/graphql', headers, payload: JSON.stringify({ query, variables }) });
      const seconds = (performance.now() - t0) / 1000;
      const body = res.json<{ data?: Record<string, any>; errors?: Array<{ message: string }> }>();
      if (body.errors) throw new Error(`${query.slice(0, 60)}: ${JSON.stringify(body.errors)}`);
      return { data: Object.values(body.data!)[0], seconds };
    };

    log(`[${database}] seeding ${PEOPLE.toLocaleString('en')} athletes, all soci...`);
    const t0 = performance.now();
    await seedAthletes(db, clubId, { count: PEOPLE });
    await db.$executeRawUnsafe(`UPDATE groups SET age_max = substring(name from 'Under (\\d+)')::int - 1 WHERE club_id = '${clubId}' AND name ~ '^Under \\d+$'`);
    await db.$executeRawUnsafe(`UPDATE groups SET age_min = 18 WHERE club_id = '${clubId}' AND name = 'Senior'`);
    const season = (await ask('{ currentSeason { id } }')).data as { id: string };
    await db.$executeRawUnsafe(`
      INSERT INTO register_members (club_id, person_id, number, admitted_on, updated_at)
      SELECT club_id, id, row_number() OVER (ORDER BY id), DATE '2020-09-01', now() FROM people WHERE club_id = '${clubId}'`);
    await db.$executeRawUnsafe(`INSERT INTO register_counters (club_id, next_number) SELECT '${clubId}', count(*) + 1 FROM register_members WHERE club_id = '${clubId}'`);
    await db.$executeRawUnsafe(`
      INSERT INTO register_member_seasons (club_id, member_id, season_id, renewed_on, quota_cents)
      SELECT club_id, id, '${season.id}', DATE '2020-09-01' + 1, 5000 FROM register_members WHERE club_id = '${clubId}' AND number % 2 = 0`);
    await db.$executeRawUnsafe('VACUUM ANALYZE');
    const seedSeconds = round((performance.now() - t0) / 1000);

    const PROPOSAL = '{ seasonRenewalProposal { toSeason { id } members { memberId } athletes { roleId nextCategoryId } lastRun { id } } }';
    const proposal = await ask(PROPOSAL);
    const memberIds = (proposal.data.members as Array<{ memberId: string }>).map((m) => m.memberId);
    const athletes = (proposal.data.athletes as Array<{ roleId: string }>).map((a) => a.roleId);
    const chosen = athletes.filter((_, i) => i % 20 !== 0);
    log(`[${database}] proposal: ${memberIds.length} soci, ${athletes.length} athletes in ${round(proposal.seconds)} s`);

    const RUN = `mutation($input: RunSeasonRenewalInput!) { runSeasonRenewal(input: $input) { __typename ... on MutationRunSeasonRenewalSuccess { data { message run { id renewedMembers movedAthletes leftAthletes } } } ... on BaseError { message } } }`;
    const input = { memberIds, athleteRoleIds: chosen, quotaCents: 3000 };
    const run = await ask(RUN, { input });
    if (run.data.__typename !== 'MutationRunSeasonRenewalSuccess') throw new Error(JSON.stringify(run.data));
    const done = run.data.data.run as { id: string; renewedMembers: number; movedAthletes: number; leftAthletes: number };
    log(`[${database}] run: ${run.data.data.message} in ${round(run.seconds)} s`);
    const written = await db.registerMemberSeason.count({ where: { renewalRunId: done.id } });
    if (written !== memberIds.length || done.renewedMembers !== memberIds.length) throw new Error(`renewals ${written}, expected ${memberIds.length}`);
    const again = await ask(RUN, { input });
    if (again.data.__typename !== 'ConflictError') throw new Error(`second run not refused: ${JSON.stringify(again.data)}`);

    const membershipsBefore = await db.groupMember.count({ where: { clubId } });
    const UNDO = `mutation($id: ID!) { undoSeasonRenewal(id: $id) { __typename ... on BaseError { message } } }`;
    const undo = await ask(UNDO, { id: done.id });
    if (undo.data.__typename !== 'MutationUndoSeasonRenewalSuccess') throw new Error(JSON.stringify(undo.data));
    if (await db.registerMemberSeason.count({ where: { renewalRunId: done.id } })) throw new Error('undo left renewals');
    log(`[${database}] undo in ${round(undo.seconds)} s (memberships ${membershipsBefore} -> ${await db.groupMember.count({ where: { clubId } })})`);
    const rerun = await ask(RUN, { input });
    if (rerun.data.__typename !== 'MutationRunSeasonRenewalSuccess') throw new Error(JSON.stringify(rerun.data));
    log(`[${database}] run after the undo in ${round(rerun.seconds)} s`);

    return {
      database,
      people: PEOPLE,
      soci: memberIds.length,
      athletesChosen: chosen.length,
      seedSeconds,
      proposalSeconds: round(proposal.seconds),
      runSeconds: round(run.seconds),
      undoSeconds: round(undo.seconds),
      rerunSeconds: round(rerun.seconds),
      renewed: done.renewedMembers,
      moved: done.movedAthletes,
      left: done.leftAthletes,
    };
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
  target: `[${r.database}] renewal of ${r.people.toLocaleString('en')} people < ${TARGET_SECONDS} s`,
  value: `run ${r.runSeconds} s (proposal ${r.proposalSeconds} s, undo ${r.undoSeconds} s, run after undo ${r.rerunSeconds} s)`,
  met: r.runSeconds < TARGET_SECONDS,
}));
logTargets('Targets', targets);
await writeResults('season-renewal', startedAt, loadAtStart, { people: PEOPLE, targets, results });
process.exit(0);
