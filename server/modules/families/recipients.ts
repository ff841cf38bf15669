// Who receives for a person (DESIGN.md, "Who receives for whom"): an adult themselves; a minor their guardians who
// chose to receive communications and have an address, or, while the club has recorded none, the minor's own
// address (often a parent's, as clubs entered it before guardians existed). Every module that writes to a person
// asks here instead of reading e-mail columns itself.
import { Prisma } from '../../generated/prisma/client.js';

/**
 * SQL columns for the person row aliased `p` (one of `people`), on `today` (a YYYY-MM-DD date): `recipient_email`
 * (one address, or several separated by ", " for a minor's guardians) and `recipient_names` (the guardians' names
 * when they are the recipients, else null). `for: 'payment'` picks a minor's paying guardians instead of those who
 * receive the club's communications (fee reminders go to whoever pays).
 */
export function recipientColumns(today: string, purpose: { for: 'communications' | 'payment' } = { for: 'communications' }): Prisma.Sql {
  const minor = Prisma.sql`(p.birthday IS NOT NULL AND p.birthday > (${today}::date - interval '18 years')::date)`;
  const guardians = (column: Prisma.Sql) => Prisma.sql`(
    SELECT string_agg(${column}, ', ' ORDER BY gs.created_at, gs.id)
    FROM guardianships gs JOIN people g ON g.id = gs.guardian_id
    WHERE gs.minor_id = p.id AND ${purpose.for === 'payment' ? Prisma.sql`gs.pays` : Prisma.sql`gs.receives_communications`} AND g.email_primary IS NOT NULL)`;
  return Prisma.sql`
    CASE WHEN ${minor} THEN COALESCE(${guardians(Prisma.sql`g.email_primary`)}, p.email_primary) ELSE p.email_primary END AS recipient_email,
    CASE WHEN ${minor} THEN ${guardians(Prisma.sql`g.firstname || ' ' || g.lastname`)} END AS recipient_names`;
}
