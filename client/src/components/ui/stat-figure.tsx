// One figure of a statistics page (a total, a rate) in its card: what it is, the number, a line of context.
import { Box, Text } from '@chakra-ui/react';

export function StatFigure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Box as="section" aria-label={label} bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }}>
      <Text fontSize="sm" color="fg.muted" fontWeight="medium">
        {label}
      </Text>
      <Text fontSize="3xl" fontWeight="bold" lineHeight="1.2">
        {value}
      </Text>
      {hint && (
        <Text fontSize="sm" color="fg.muted">
          {hint}
        </Text>
      )}
    </Box>
  );
}
