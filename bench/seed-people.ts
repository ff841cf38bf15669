// Seeds many athletes into one club for the benchmarks: the youth categories and a few groups, every athlete in
// the category of their birth year, some in a second group. Chunked: one transaction per CHUNK people, each
// table written with multi-row INSERTs (scripts/seed/bulk-insert.ts), the same code the demo club uses.
import type { PrismaClient } from '../server/generated/prisma/client.js';
import { insertGroups, insertPeople, type PersonSeed } from '../scripts/seed/bulk-insert';
import { AGE_CATEGORIES, categoryIndexForAge } from '../scripts/seed/demo-club';
import { createPeopleFactory } from '../scripts/seed/fake-people';

const EXTRA_ATHLETE_GROUPS = ['Squadra agonistica', 'Femminile', 'Corso estivo'];
const CHUNK = 10_000;

export interface SeedAthletesOptions {
  count: number;
  seed?: number;
  onProgress?: (done: number) => void;
}

export interface SeededAthletes {
  groupIds: string[];
  seconds: number;
}

/** `count` athletes in the club, with the categories and groups above; about 3% archived. */
export async function seedAthletes(db: PrismaClient, clubId: string, { count, seed = 7, onProgress }: SeedAthletesOptions): Promise<SeededAthletes> {
  const started = performance.now();
  const groupIds = await insertGroups(db, clubId, [
    ...AGE_CATEGORIES.map((c) => ({ name: c.name, type: 'athlete' as const })),
    ...EXTRA_ATHLETE_GROUPS.map((name) => ({ name, type: 'athlete' as const })),
  ]);
  const extraGroups = groupIds.slice(AGE_CATEGORIES.length);
  const factory = createPeopleFactory(seed);
  const { faker } = factory;
  const thisYear = new Date().getFullYear();

  for (let done = 0; done < count; ) {
    const size = Math.min(CHUNK, count - done);
    const people: PersonSeed[] = [];
    for (let i = 0; i < size; i++) {
      const profile = factory.person({ minAge: 5, maxAge: 40 });
      const age = thisYear - profile.birthday.getUTCFullYear();
      const groups = [groupIds[categoryIndexForAge(age)]];
      if (faker.number.int(99) < 30) groups.push(faker.helpers.arrayElement(extraGroups));
      people.push({
        profile,
        roles: [
          {
            kind: 'athlete',
            archivedAt: faker.number.int(99) < 3 ? factory.daysFromToday(-faker.number.int({ min: 1, max: 700 })) : null,
            athlete: { medicalExaminationExpirationDate: factory.daysFromToday(faker.number.int({ min: -60, max: 365 })) },
            groupIds: groups,
          },
        ],
      });
    }
    await db.$transaction((tx) => insertPeople(tx, clubId, people), { timeout: 600_000, maxWait: 60_000 });
    done += size;
    onProgress?.(done);
  }
  return { groupIds, seconds: (performance.now() - started) / 1000 };
}
