// "Primi passi" (issue 34 point 7): what a new club has still to do, each step done when the club's data shows it,
// so the dashboard's list shrinks as the club works and is gone once every step is done. Only the steps the member
// may take are listed (a coach has none); the client hides the list when it is empty or the member dismissed it.
import type { RequestContext } from '../../context';
import { can, clubMember } from '../../access/authorize';
import { clubDb } from '../../access/request-db';

export type FirstStepKey = 'people' | 'collaborators' | 'season';

export interface FirstStep {
  key: FirstStepKey;
  done: boolean;
}

export async function getFirstSteps(ctx: RequestContext): Promise<FirstStep[]> {
  const actor = clubMember(ctx);
  const db = clubDb(ctx); // the steps are shown to those who may take them: never a coach, so never narrowed
  const clubId = actor.clubId;
  const steps: Array<{ key: FirstStepKey; allowed: boolean; done: () => Promise<boolean> }> = [
    // Anyone registered, by an import or by hand.
    { key: 'people', allowed: can(actor, 'import.run'), done: async () => (await db.person.count({ where: { clubId }, take: 1 })) > 0 },
    // A second member of the club, or an invitation sent and not withdrawn.
    {
      key: 'collaborators',
      allowed: can(actor, 'collaborators.manage'),
      done: async () =>
        (await db.membership.count({ where: { clubId }, take: 2 })) > 1 ||
        (await db.collaboratorInvitation.count({ where: { clubId, revokedAt: null }, take: 1 })) > 0,
    },
    // The season's label chosen in Impostazioni (otherwise it follows the calendar, September to August).
    { key: 'season', allowed: can(actor, 'club.write'), done: async () => (await db.club.count({ where: { id: clubId, seasonLabel: { not: null } } })) > 0 },
  ];
  const allowed = steps.filter((s) => s.allowed);
  return Promise.all(allowed.map(async (s) => ({ key: s.key, done: await s.done() })));
}
