// Inviting a collaborator and changing a role: the same rules on the Collaboratori page and on the server.
import { z } from 'zod';
import { MSG } from '../messages';

/** The roles a collaborator can be given (the owner is only ever made by transferring ownership). */
export const INVITABLE_ROLES = ['admin', 'segreteria', 'tesoriere', 'allenatore', 'lettura'] as const;

const role = z.enum(INVITABLE_ROLES, { error: MSG.collaboratorRoleInvalid });
const groupIds = z.array(z.uuid({ error: MSG.collaboratorGroupsInvalid })).max(100).optional();
const email = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z
    .string({ error: MSG.collaboratorEmailRequired })
    .min(1, { error: MSG.collaboratorEmailRequired })
    .pipe(z.email({ error: MSG.emailInvalid }).max(254, { error: MSG.textTooLong })),
);

/** A coach is scoped to the groups they coach: without one they would see nobody. */
function coachNeedsGroups(value: { role: string; groupIds?: string[] }, ctx: z.RefinementCtx) {
  if (value.role === 'allenatore' && !value.groupIds?.length) ctx.addIssue({ code: 'custom', path: ['groupIds'], message: MSG.collaboratorGroupsRequired });
}

export const inviteCollaboratorInput = z.object({ email, role, groupIds }).superRefine(coachNeedsGroups);
export type InviteCollaboratorInput = z.input<typeof inviteCollaboratorInput>;

export const changeCollaboratorRoleInput = z.object({ role, groupIds }).superRefine(coachNeedsGroups);
export type ChangeCollaboratorRoleInput = z.input<typeof changeCollaboratorRoleInput>;
