// A colour shown read-only: the swatch and its hex, or "Non impostato".
import { Box, HStack, Text } from '@chakra-ui/react';
import { isHexColor } from '../club-palette';

export function ColorSwatch({ value }: { value: string | null | undefined }) {
  if (!isHexColor(value)) return <Text color="fg.muted">Non impostato</Text>;
  return (
    <HStack gap="2">
      <Box boxSize="6" borderRadius="md" bg={value} borderWidth="1px" borderColor="border.emphasized" aria-hidden="true" />
      <Text fontFamily="mono">{value}</Text>
    </HStack>
  );
}
