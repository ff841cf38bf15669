// Groups and categories are the same records (a category is a group of type athlete, spec §3): one list and one
// form serve both, told apart by this configuration. Plain data and pure helpers (unit-tested).
import { GROUP_TYPES, PERSON_KIND_INFO, type PersonKindKey } from '../../../../schema/constants';

export type GroupListMode = 'groups' | 'categories';

export interface GroupListConfig {
  mode: GroupListMode;
  /** Page title and menu label. */
  title: string;
  /** Types listed (sent as `groups(types:)`). */
  types: PersonKindKey[];
  /** Create button and new-form title. */
  newLabel: string;
  editLabel: string;
  /** "gruppo" / "categoria", for texts like "Archivia gruppo". */
  noun: string;
  searchLabel: string;
  emptyText: string;
  /** The same, for a role that may not create one. */
  emptyTextReadOnly: string;
  emptySearchText: string;
  /** The form asks for the type (groups) or saves type athlete (categories: name only). */
  askType: boolean;
}

/** Types a group (not a category) can have, in the order of the spec's form. */
export const GROUP_FORM_TYPES = GROUP_TYPES.filter((t) => t.key !== 'athlete');

export const GROUP_LIST_CONFIG: Record<GroupListMode, GroupListConfig> = {
  groups: {
    mode: 'groups',
    title: 'Gruppi',
    types: GROUP_FORM_TYPES.map((t) => t.key),
    newLabel: 'Nuovo gruppo',
    editLabel: 'Modifica gruppo',
    noun: 'gruppo',
    searchLabel: 'Cerca gruppo',
    emptyText: 'Non ci sono ancora gruppi: crea il primo con «Nuovo gruppo».',
    emptyTextReadOnly: 'Non ci sono ancora gruppi.',
    emptySearchText: 'Nessun gruppo corrisponde alla ricerca.',
    askType: true,
  },
  categories: {
    mode: 'categories',
    title: 'Categorie',
    types: ['athlete'],
    newLabel: 'Nuova categoria',
    editLabel: 'Modifica categoria',
    noun: 'categoria',
    searchLabel: 'Cerca categoria',
    emptyText: 'Non ci sono ancora categorie: crea la prima con «Nuova categoria».',
    emptyTextReadOnly: 'Non ci sono ancora categorie.',
    emptySearchText: 'Nessuna categoria corrisponde alla ricerca.',
    askType: false,
  },
};

/**
 * Where "Apri" goes: the people list of the group's kind, pre-filtered by `tp` (spec §2): the group's name for
 * groups, `<id>_<name>` for categories.
 */
export function openGroupPath(mode: GroupListMode, group: { id: string; name: string; type: PersonKindKey }): string {
  const tp = mode === 'categories' ? `${group.id}_${group.name}` : group.name;
  return `${PERSON_KIND_INFO[group.type].route}?tp=${encodeURIComponent(tp)}`;
}
