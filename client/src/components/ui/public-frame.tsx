// The frame of the public pages opened from a link with no account (a parent on a phone: the online registration,
// a call-up's answer): the club's name on top, the page's title, its details, the page, a line of footer.
import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title';

export function PublicFrame({ kicker, title, details, footer = 'Iscrizioni online con CampoBase', children }: { kicker?: string | undefined; title: string; details?: ReactNode; footer?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Box minH="100dvh" bg="bg.subtle" display="flex" flexDirection="column">
      <Box as="header" bg="brand.700" color="white">
        <Container maxW="3xl" px={{ base: '4', md: '6' }} py="3">
          <Text fontWeight="semibold" fontSize={{ base: 'md', md: 'lg' }} lineClamp={2}>
            {kicker ?? 'CampoBase'}
          </Text>
        </Container>
      </Box>
      <Container as="main" maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '5', md: '10' }} flex="1">
        <Stack gap="5">
          <Stack gap="2">
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
              {title}
            </Heading>
            {details}
          </Stack>
          {children}
        </Stack>
      </Container>
      <Box as="footer" py="6" textAlign="center">
        <Text fontSize="sm" color="fg.muted">
          {footer}
        </Text>
      </Box>
    </Box>
  );
}

