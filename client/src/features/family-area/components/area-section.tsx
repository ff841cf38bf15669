// One section of a person's page in the personal area: a card with its heading (the page's section links point at
// its id) and a short line saying what it holds.
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface AreaSectionProps {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

export function AreaSection({ id, title, description, children }: AreaSectionProps) {
  return (
    // scroll margin: the sticky header and the section links stay above the heading reached by a link
    <Box as="section" id={id} aria-labelledby={`${id}-titolo`} bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }} scrollMarginTop={{ base: '32', lg: '20' }}>
      <Stack gap="4">
        <Stack gap="1">
          <Heading as="h2" id={`${id}-titolo`} size="lg">
            {title}
          </Heading>
          {description && (
            <Text color="fg.muted" fontSize="sm">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Box>
  );
}

/** A titled part inside a section (Contatti, Storico...). */
export function AreaSubsection({ title, children, description }: { title: string; children: ReactNode; description?: ReactNode }) {
  return (
    <Stack gap="3" borderTopWidth="1px" pt="4">
      <Stack gap="1">
        <Heading as="h3" size="md">
          {title}
        </Heading>
        {description && (
          <Text color="fg.muted" fontSize="sm">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Stack>
  );
}

/** A line of the section's list: a bordered box. */
export function AreaItem({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" p="3" aria-label={label}>
      {children}
    </Box>
  );
}

/** Nothing to list. */
export function AreaEmpty({ children }: { children: ReactNode }) {
  return (
    <Text color="fg.muted" fontSize="sm">
      {children}
    </Text>
  );
}
