// One athlete on the attendance sheet (issue 38 point 3): the whole row is the checkbox "present" (a big target for a
// thumb; a tap marks them absent, another present again) and, when absent, the reason one tap away (Malattia, Scuola,
// Infortunio, Altro with its own words). Optional: an absence without a reason is saved as it is.
import { Badge, Box, Button, Checkbox, Flex, Input } from '@chakra-ui/react';
import { memo } from 'react';
import { ABSENCE_REASONS } from '../attendance-labels';

export interface MarkState {
  present: boolean;
  /** The chosen chip, or null. */
  chip: string | null;
  /** The words of "Altro". */
  text: string;
}

/** The reason sent for an absence: the chip's word, "Altro"'s own words (or "Altro"), none. */
export const reasonOf = (mark: MarkState): string | null => (mark.present ? null : mark.chip === 'Altro' ? mark.text.trim() || 'Altro' : mark.chip);

/** A stored reason back into chip and words. */
export function markOf(present: boolean | null, reason: string | null): MarkState {
  if (present !== false || !reason) return { present: present !== false, chip: null, text: '' };
  const chip = ABSENCE_REASONS.find((r) => r !== 'Altro' && r === reason);
  return chip ? { present: false, chip, text: '' } : { present: false, chip: 'Altro', text: reason === 'Altro' ? '' : reason };
}

interface AthleteMarkProps {
  personId: string;
  name: string;
  mark: MarkState;
  onChange: (personId: string, mark: MarkState) => void;
}

export const AthleteMark = memo(function AthleteMark({ personId, name, mark, onChange }: AthleteMarkProps) {
  const absent = !mark.present;
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" bg={absent ? 'red.subtle' : 'bg'} borderColor={absent ? 'red.muted' : 'border'} data-testid="attendance-row" data-absent={absent || undefined}>
      <Checkbox.Root
        checked={mark.present}
        onCheckedChange={(d) => onChange(personId, { ...mark, present: d.checked === true })}
        colorPalette="green"
        size="lg"
        w="100%"
        minH="14"
        px="4"
        py="3"
        gap="3"
        cursor="pointer"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label flex="1" minW="0" fontSize="md" fontWeight="medium" overflowWrap="anywhere">
          {name}
        </Checkbox.Label>
        <Badge aria-hidden colorPalette={absent ? 'red' : 'green'} size="md" flexShrink="0">
          {absent ? 'Assente' : 'Presente'}
        </Badge>
      </Checkbox.Root>
      {absent && (
        <Box px="4" pb="3">
          <Flex role="group" aria-label={`Motivo dell'assenza di ${name}`} gap="2" wrap="wrap">
            {ABSENCE_REASONS.map((reason) => {
              const chosen = mark.chip === reason;
              return (
                <Button
                  key={reason}
                  size="sm"
                  minH="10"
                  borderRadius="full"
                  variant={chosen ? 'solid' : 'outline'}
                  colorPalette={chosen ? 'red' : 'gray'}
                  bg={chosen ? undefined : 'bg'}
                  aria-pressed={chosen}
                  onClick={() => onChange(personId, { ...mark, chip: chosen ? null : reason })}
                >
                  {reason}
                </Button>
              );
            })}
          </Flex>
          {mark.chip === 'Altro' && (
            <Input
              mt="2"
              bg="bg"
              size="md"
              maxLength={200}
              aria-label={`Altro motivo per ${name}`}
              placeholder="Scrivi il motivo (facoltativo)"
              value={mark.text}
              onChange={(e) => onChange(personId, { ...mark, text: e.target.value })}
            />
          )}
        </Box>
      )}
    </Box>
  );
});
