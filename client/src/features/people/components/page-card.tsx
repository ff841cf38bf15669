// The frame of a person page section: a titled card, an optional action beside the title, and label/value rows
// (a <dl>) as on the club page.
import { Box, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

export function PageCard({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId} bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }} minW="0">
      <Flex justify="space-between" align="center" gap="3" mb="4" wrap="wrap">
        <Heading as="h2" size="md" id={headingId}>
          {title}
        </Heading>
        {action}
      </Flex>
      {children}
    </Box>
  );
}

export function DataGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid as="dl" columns={{ base: 1, sm: 2 }} gap="4">
      {children}
    </SimpleGrid>
  );
}

/** A label and its value; an empty value reads "Non indicato". */
export function DataItem({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <Box gridColumn={wide ? { sm: 'span 2' } : undefined} minW="0">
      <Text as="dt" fontSize="xs" textTransform="uppercase" letterSpacing="wide" color="fg.muted" fontWeight="semibold">
        {label}
      </Text>
      <Box as="dd" m="0" mt="1" overflowWrap="anywhere" color={empty ? 'fg.muted' : undefined}>
        {empty ? 'Non indicato' : children}
      </Box>
    </Box>
  );
}
