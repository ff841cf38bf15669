// The group filter of a people list and its `tp` query parameter (spec §2). Links into a list name the group in
// three ways: the groups page sends the group's name, the categories page `<id>_<name>`, anything may send the id.
import { foldText } from '../../../../schema/text';

export interface GroupOption {
  id: string;
  name: string;
}

/** The group a `tp` value names among the list's groups, or null (no tp, or no such group). */
export function resolveGroupFilter(tp: string | null | undefined, groups: readonly GroupOption[]): GroupOption | null {
  const value = tp?.trim();
  if (!value) return null;
  const byId = groups.find((g) => g.id === value);
  if (byId) return byId;
  const underscore = value.indexOf('_');
  if (underscore > 0) {
    const byPrefix = groups.find((g) => g.id === value.slice(0, underscore));
    if (byPrefix) return byPrefix;
  }
  const wanted = foldText(value);
  return groups.find((g) => foldText(g.name) === wanted) ?? null;
}

/** What the list writes back into `tp` when the user picks a group: its name, as the groups page links do. */
export function tpValueOf(group: GroupOption | null): string | null {
  return group ? group.name : null;
}
