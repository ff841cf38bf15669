// What a query selects below the field being resolved, for resolvers that start work early.
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/** Whether `name` is selected directly under the current field (through inline fragments and fragment spreads). */
export function selectsField(info: GraphQLResolveInfo, name: string): boolean {
  const visit = (set: SelectionSetNode | undefined): boolean =>
    !!set?.selections.some((s) => {
      if (s.kind === Kind.FIELD) return s.name.value === name;
      if (s.kind === Kind.INLINE_FRAGMENT) return visit(s.selectionSet);
      return visit(info.fragments[s.name.value]?.selectionSet);
    });
  return info.fieldNodes.some((node) => visit(node.selectionSet));
}

/**
 * The planned Prisma selection of a prismaField, never empty: a mutation answering a union whose client asks only
 * for `__typename` (not `data`) gets `select: {}`, which Prisma refuses. Reading it here also marks it as used.
 */
export function plannedSelection<T extends { select?: object }>(query: T): T {
  return query.select && Object.keys(query.select).length === 0 ? { ...query, select: { id: true } } : { ...query };
}
