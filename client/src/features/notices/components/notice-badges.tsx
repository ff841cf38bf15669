// A notice's kind beside its title, in the list and in its history: "Urgente", or "Obbligatorio" (mailed even to who
// turned notices by e-mail off). An urgent notice is always obbligatorio: its badge says enough.
import { Badge } from '@chakra-ui/react';

export function NoticeBadges({ urgent, required, size }: { urgent: boolean; required: boolean; size?: 'sm' | 'md' }) {
  if (urgent)
    return (
      <Badge colorPalette="red" variant="subtle" size={size}>
        Urgente
      </Badge>
    );
  if (required)
    return (
      <Badge colorPalette="purple" variant="subtle" size={size}>
        Obbligatorio
      </Badge>
    );
  return null;
}
