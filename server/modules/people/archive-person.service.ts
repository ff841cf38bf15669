// Archiving one role (spec §4): the same path as a selection's (archive-people.service.ts archiveRoles), for one id.
import type { PersonKindKey } from '../../../schema/constants';
import type { RequestContext } from '../../context';
import { archiveRoles } from './archive-people.service';

/**
 * Archives the role `id` of the viewer's club (of `kind` when given: the legacy routes are per kind) and answers its
 * id. Archiving an archived role changes nothing and notifies nobody again.
 */
export async function archivePerson(ctx: RequestContext, kind: PersonKindKey | undefined, id: unknown): Promise<string> {
  await archiveRoles(ctx, id, { kind, selection: false });
  return id as string;
}
