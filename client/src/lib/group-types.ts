// How a group's type is named on screen: the group-type table's name (Atleti, Dirigente, Allenatori, Staff, Socio,
// Volontario), shared by the groups screens, the feed and anything else that shows a group's type.
import { GROUP_TYPES, PERSON_KIND_INFO, type PersonKindKey } from '../../../schema/constants';

export function groupTypeLabel(type: PersonKindKey): string {
  return GROUP_TYPES.find((t) => t.key === type)?.name ?? PERSON_KIND_INFO[type].plural;
}

/** A category's age band on screen ("7–8 anni", "fino a 8 anni", "da 16 anni"), or null when it has none. */
export function ageBandText(ageMin: number | null | undefined, ageMax: number | null | undefined): string | null {
  if (ageMin != null && ageMax != null) return ageMin === ageMax ? `${ageMin} anni` : `${ageMin}–${ageMax} anni`;
  if (ageMax != null) return `fino a ${ageMax} anni`;
  if (ageMin != null) return `da ${ageMin} anni`;
  return null;
}
