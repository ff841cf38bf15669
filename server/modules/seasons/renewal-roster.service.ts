// What a season's groups were (issue 35 point 3): a season renewed keeps its composition in season_rosters, so a
// past season shows its own groups while the live ones go on with the next; a season not renewed (the running or
// a prepared one) shows the groups as they are. One statement.
import type { RequestContext } from '../../context';
import { clubDb } from '../../access/request-db';
import { authorizeMember } from '../../access/authorize';
import { CLUB, clubSql } from '../../access/club-sql';
import { isUuid } from '../../lib/club-rows';

export interface SeasonRosterGroup {
  groupId: string;
  name: string;
  type: string;
  people: Array<{ roleId: string; personId: string; firstname: string; lastname: string }>;
}

/** The season's groups with their people, categories first by age then groups by name; null for an unknown season (or another club's). */
export async function seasonRoster(ctx: RequestContext, seasonId: unknown): Promise<{ snapshot: boolean; groups: SeasonRosterGroup[] } | null> {
  const { clubId } = authorizeMember(ctx, 'groups.read');
  const db = clubDb(ctx);
  if (!isUuid(seasonId)) return null;
  const season = await db.clubSeason.findFirst({ where: { id: seasonId } });
  if (!season) return null;
  const snapshot = (await db.seasonRoster.count({ where: { seasonId } })) > 0;
  // A closed season never renewed has no composition of its own: the live groups are the later seasons'.
  if (!snapshot && season.status === 'closed') return { snapshot, groups: [] };
  const rows = await db.$queryRaw<Array<{ groupId: string; name: string; type: string; roleId: string; personId: string; firstname: string; lastname: string }>>(clubSql(clubId)`
    WITH members AS (
      SELECT s.group_id, s.role_id FROM season_rosters s WHERE s.club_id = ${CLUB} AND s.season_id = ${seasonId}::uuid AND ${snapshot}
      UNION ALL
      SELECT gm.group_id, gm.role_id FROM group_members gm JOIN person_roles r ON r.id = gm.role_id
      WHERE gm.club_id = ${CLUB} AND r.archived_at IS NULL AND NOT ${snapshot})
    SELECT g.id::text AS "groupId", g.name, g.type::text AS type, r.id::text AS "roleId", p.id::text AS "personId", p.firstname, p.lastname
    FROM members m JOIN groups g ON g.id = m.group_id JOIN person_roles r ON r.id = m.role_id JOIN people p ON p.id = r.person_id
    WHERE g.archived_at IS NULL
    ORDER BY (g.type <> 'athlete'), CASE WHEN g.type = 'athlete' THEN g.age_max END NULLS LAST, CASE WHEN g.type = 'athlete' THEN g.age_min END NULLS LAST, g.name, g.id, r.sort_name, r.id`);
  const groups = new Map<string, SeasonRosterGroup>();
  for (const row of rows) {
    const group = groups.get(row.groupId) ?? { groupId: row.groupId, name: row.name, type: row.type, people: [] };
    group.people.push({ roleId: row.roleId, personId: row.personId, firstname: row.firstname, lastname: row.lastname });
    groups.set(row.groupId, group);
  }
  return { snapshot, groups: [...groups.values()] };
}
