// The active flag of a record as the spec's badges (§4): Attivo / Disattivo.
import { Badge } from '@chakra-ui/react';

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge colorPalette={active ? 'green' : 'gray'} variant="subtle">
      {active ? 'Attivo' : 'Disattivo'}
    </Badge>
  );
}
