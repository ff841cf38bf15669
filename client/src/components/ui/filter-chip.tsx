// An active filter that came with the address (e.g. "Aggiunti oggi" from a dashboard link), removable with its ×.
import { Badge, CloseButton } from '@chakra-ui/react';

export function FilterChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Badge colorPalette="brand" variant="subtle" size="lg" borderRadius="full" ps="3" pe="1" gap="1" alignSelf="flex-start">
      {label}
      <CloseButton size="2xs" variant="ghost" aria-label={`Rimuovi filtro ${label}`} onClick={onRemove} />
    </Badge>
  );
}
