// The libro soci page's list (issue 35 point 2): the register by number, all time or one season, narrowed by a
// search over the members' names (and tax code, or the number itself). memberRegister (seasons.graphql.ts) stays
// the plain listing; this field adds the search the page needs.
import type { Prisma } from '../../generated/prisma/client.js';
import { PAGE_SIZE } from '../../../schema/constants';
import { builder } from '../../graphql/builder';
import { MAX_PAGE_SIZE } from '../../graphql/enums';
import { likeLiteral } from '../../lib/search';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import { memberRegisterWhere } from './register.service';

/** Every word of `search` must occur (case ignored) in the surname, the first name or the tax code; a number is the register number. */
export async function registerSearchWhere(ctx: RequestContext, seasonId: string | null | undefined, search: string | null | undefined): Promise<Prisma.RegisterMemberWhereInput> {
  const where = await memberRegisterWhere(ctx, seasonId);
  const words = (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  if (!words.length) return where;
  const wordWhere = (w: string): Prisma.RegisterMemberWhereInput => {
    const text = { contains: likeLiteral(w), mode: 'insensitive' as const };
    const inPerson: Prisma.RegisterMemberWhereInput = { person: { OR: [{ lastname: text }, { firstname: text }, { taxIdCode: text }] } };
    return /^\d{1,9}$/.test(w) ? { number: Number(w) } : inPerson;
  };
  return { AND: [where, ...words.map(wordWhere)] };
}

builder.queryFields((t) => ({
  memberRegisterSearch: t.prismaConnection({
    type: 'RegisterMember',
    cursor: 'id',
    defaultSize: PAGE_SIZE,
    maxSize: MAX_PAGE_SIZE,
    description: 'The membership register by number, all time or one season (seasonId), narrowed by `search` (name, tax code or number).',
    args: { seasonId: t.arg.id(), search: t.arg.string() },
    resolve: async (query, _root, { seasonId, search }, ctx) =>
      clubDb(ctx).registerMember.findMany({ ...query, where: await registerSearchWhere(ctx, seasonId, search), orderBy: [{ number: 'asc' }, { id: 'asc' }] }),
    totalCount: async (_connection, { seasonId, search }, ctx) => clubDb(ctx).registerMember.count({ where: await registerSearchWhere(ctx, seasonId, search) }),
  }),
}));
