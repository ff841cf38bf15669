// `tsx bench/support/link-family.ts`: makes the demo owner's account a parent too (the server stopped), so that the
// personal area (/area) has a family to show: a new person of the club linked to the owner's account, guardian of
// the two youngest minor athletes. The link is a plain row here; the product makes it only through the mailed
// invitation the account accepts (server/modules/people/person-link.service.ts).
import { loadConfig } from '../../server/config';
import { openAppDatabase } from '../../server/db/database';
import { personKeys } from '../../server/modules/people/save-person.service';

const db = openAppDatabase(loadConfig());
try {
  await db.migrated;
  const { prisma } = db;
  const membership = await prisma.membership.findFirstOrThrow({ where: { role: 'owner' }, select: { accountId: true, clubId: true } });
  const minors = await prisma.person.findMany({
    where: { clubId: membership.clubId, roles: { some: { kind: 'athlete', archivedAt: null } }, birthday: { not: null } },
    orderBy: { birthday: 'desc' },
    take: 2,
    select: { id: true },
  });
  const name = { firstname: 'Giulia', lastname: 'Genitore' };
  const parent = await prisma.person.create({ data: { clubId: membership.clubId, ...name, ...personKeys(name), accountId: membership.accountId, emailPrimary: 'genitore.demo@example.it' } });
  await prisma.guardianship.createMany({ data: minors.map((m) => ({ clubId: membership.clubId, minorId: m.id, guardianId: parent.id, relationship: 'genitore' as const })) });
} finally {
  await db.close();
}
