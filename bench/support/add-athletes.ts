// `tsx bench/support/add-athletes.ts <count>`: adds `count` athletes (bench/seed-people.ts) to the only club of the
// database the settings name (DATA_DIR or DATABASE_URL), the server stopped: the demo club holds at most 2,000 people
// of a kind, and bench:first-page opens a list of 3,000.
import { loadConfig } from '../../server/config';
import { openAppDatabase } from '../../server/db/database';
import { seedAthletes } from '../seed-people';

const count = Number(process.argv[2]);
if (!Number.isInteger(count) || count < 1) throw new Error('usage: add-athletes.ts <count>');
const db = openAppDatabase(loadConfig());
try {
  await db.migrated;
  const club = await db.prisma.club.findFirstOrThrow({ select: { id: true } });
  await seedAthletes(db.prisma, club.id, { count });
} finally {
  await db.close();
}
