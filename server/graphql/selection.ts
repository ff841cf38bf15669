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
