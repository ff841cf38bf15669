// How a group's type is named on screen: the group-type table's name (Atleti, Dirigente, Allenatori, Staff, Socio,
// Volontario), shared by the groups screens, the feed and anything else that shows a group's type.
import { GROUP_TYPES, PERSON_KIND_INFO, type PersonKindKey } from '../../../schema/constants';

export function groupTypeLabel(type: PersonKindKey): string {
  return GROUP_TYPES.find((t) => t.key === type)?.name ?? PERSON_KIND_INFO[type].plural;
}
