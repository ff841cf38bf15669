// Groups, posts and people for the group and feed tests, made through the real services as the owner of the club.
import type { PersonKindKey } from '../../schema/constants';
import type { AppDeps, RequestContext } from '../../server/context';
import { saveGroup } from '../../server/modules/groups/save-group.service';
import { savePost } from '../../server/modules/posts/save-post.service';
import { createClub, type TestClub } from './factories';
import { clubContext, createPerson } from './people-factories';

export { clubContext };

/** A club with its owner's service context. */
export async function createClubWithContext(deps: AppDeps): Promise<{ club: TestClub; ctx: RequestContext }> {
  const club = await createClub(deps);
  return { club, ctx: await clubContext(deps, club) };
}

export async function createGroup(ctx: RequestContext, input: { name: string; type?: PersonKindKey; isHidden?: boolean }) {
  const { group } = await saveGroup(ctx, { type: 'athlete', ...input });
  return group;
}

export async function createPost(
  ctx: RequestContext,
  input: { title?: string; caption?: string; priority?: number; groupIds?: string[] } = {},
) {
  const { post } = await savePost(ctx, { title: 'Allenamento', caption: 'Si parte alle 18', ...input });
  return post;
}

/** A person role of `kind` (through savePerson); `archived` archives it (one way) as the archive would. */
export async function createRole(ctx: RequestContext, kind: PersonKindKey, opts: { firstname?: string; lastname?: string; archived?: boolean } = {}) {
  const { roleId } = await createPerson(ctx, kind, { profile: { firstname: opts.firstname ?? 'Mario', lastname: opts.lastname ?? 'Rossi' } });
  if (opts.archived) await ctx.deps.systemDb.personRole.update({ where: { id: roleId }, data: { archivedAt: new Date(), isActive: false } });
  return roleId;
}

/** Everything a club's groups and feed hold, to prove a refused write changed nothing. */
export async function registrySnapshot(deps: AppDeps) {
  const [groups, members, posts, targets] = await Promise.all([
    deps.systemDb.group.findMany({ orderBy: { id: 'asc' } }),
    deps.systemDb.groupMember.findMany({ orderBy: { id: 'asc' } }),
    deps.systemDb.post.findMany({ orderBy: { id: 'asc' } }),
    deps.systemDb.postGroup.findMany({ orderBy: [{ postId: 'asc' }, { groupId: 'asc' }] }),
  ]);
  return { groups, members, posts, targets };
}
