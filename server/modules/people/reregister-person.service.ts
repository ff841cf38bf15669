// Coming back (issue 15 point 3): an archived person registered again, e.g. last season's athlete for the new season.
// The archive stays one way for the archived record itself: it is never un-archived nor changed. A new role of the
// same kind is created for the same person (same profile), beside it; the person page shows both, with the history.
// The new role starts from the archived one's own fields (details, private note) so nothing has to be typed again;
// groups and documents stay with the archived role (they are last season's), and an athlete's certificate fields
// follow the certificate history. At most one active role per person and kind: a partial unique index decides races.
import { MSG } from '../../../schema/messages';
import { authorizePeopleKinds } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { athleteGroupsOf, clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import { ConflictError, ForbiddenError } from '../../lib/errors';
import type { Row } from '../../lib/partial-update';
import { mirrorCertificateHistory } from '../certificates/certificates.service';
import { PEOPLE_KINDS } from './people.kinds';
import { findClubRole } from './people.policy';
import { isUniqueViolation } from '../../db/sql-state';

export interface ReregisterPersonResult {
  /** The new, active role. */
  roleId: string;
  message: string;
}

/** Details columns never copied: a certificate document belongs to one role (a unique column) and stays with it. */
const NOT_COPIED = new Set(['roleId', 'medicalExaminationDocumentId']);

/**
 * Registers again the person of the archived role `roleId` (of the viewer's club, of a kind the viewer may write):
 * answers the new role. Refused: an unknown id or one of another club (NotFoundError), a role that is not archived
 * or a person already active in that kind (ConflictError), a coach (who registers nobody) or a role without people
 * write permission (ForbiddenError).
 */
export async function reregisterPerson(ctx: RequestContext, roleId: unknown): Promise<ReregisterPersonResult> {
  const { clubId, kinds } = authorizePeopleKinds(ctx, 'write');
  // As for a new registration: the new role would be in none of the coach's groups.
  if (athleteGroupsOf(ctx)) throw new ForbiddenError(MSG.coachCannotRegister);
  let singular = '';
  try {
    return await clubDb(ctx).$transaction(async (tx) => {
      const archived = await findClubRole(tx, clubId, roleId, kinds);
      const spec = PEOPLE_KINDS[archived.kind];
      singular = spec.singular;
      if (!archived.archivedAt) throw new ConflictError(MSG.reregisterNotArchived);
      const active = await tx.personRole.findFirst({ where: { clubId, personId: archived.personId, kind: archived.kind, archivedAt: null }, select: { id: true } });
      if (active) throw new ConflictError(MSG.reregisterActiveExists(spec.singular));

      const details = spec.details
        ? ((await tx.personRole.findUniqueOrThrow({ where: { id: archived.id }, select: { [spec.details]: true } })) as Row)[spec.details] as Row | null
        : null;
      const copied = details ? Object.fromEntries(Object.entries(details).filter(([key]) => !NOT_COPIED.has(key))) : null;
      const role = await tx.personRole.create({
        data: {
          clubId,
          personId: archived.personId,
          kind: archived.kind,
          notePrivate: archived.notePrivate,
          isActive: true,
          ...(spec.details && copied ? { [spec.details]: { create: copied } } : {}),
        },
        select: { id: true },
      });
      if (archived.kind === 'athlete') await mirrorCertificateHistory(tx, clubId, archived.personId);
      describeChange(tx, {
        action: 'create',
        entityType: 'person',
        entityId: archived.personId,
        personId: archived.personId,
        entityLabel: `${archived.person.firstname} ${archived.person.lastname}`,
        detail: `${spec.singular}: nuova registrazione dopo l'archiviazione`,
      });
      return { roleId: role.id, message: MSG.reregistered(spec.singular) };
    });
  } catch (e) {
    // Two registrations racing (this one, a save by tax code, an import): the partial unique index lets one win.
    if (isUniqueViolation(e)) throw new ConflictError(MSG.reregisterActiveExists(singular));
    throw e;
  }
}
