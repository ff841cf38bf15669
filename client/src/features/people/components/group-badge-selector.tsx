// The group filter of a people list (spec §2 "badge selector"): 'Tutti' and one toggle per group of the list's kind.
import { Button, Wrap } from '@chakra-ui/react';
import type { GroupOption } from '../group-filter';

export interface GroupBadgeSelectorProps {
  groups: readonly GroupOption[];
  selectedId: string | null;
  onSelect: (group: GroupOption | null) => void;
}

function Toggle({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <Button
      size="xs"
      borderRadius="full"
      px="3"
      variant={pressed ? 'solid' : 'outline'}
      colorPalette={pressed ? 'brand' : 'gray'}
      aria-pressed={pressed}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

export function GroupBadgeSelector({ groups, selectedId, onSelect }: GroupBadgeSelectorProps) {
  if (!groups.length) return null;
  return (
    <Wrap gap="2" role="group" aria-label="Filtra per gruppo">
      <Toggle pressed={selectedId === null} onClick={() => onSelect(null)}>
        Tutti
      </Toggle>
      {groups.map((g) => (
        <Toggle key={g.id} pressed={selectedId === g.id} onClick={() => onSelect(g)}>
          {g.name}
        </Toggle>
      ))}
    </Wrap>
  );
}
