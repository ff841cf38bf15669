// The framed section of the account pages (and of the collaborators and invitation pages): a heading, an optional
// line under it, the content.
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function AccountCard({ title, description, children, id }: { title: string; description?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <Box as="section" aria-labelledby={id} bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
      <Stack gap="5">
        <Stack gap="1">
          <Heading as="h2" size="lg" id={id}>
            {title}
          </Heading>
          {description && <Text color="fg.muted">{description}</Text>}
        </Stack>
        {children}
      </Stack>
    </Box>
  );
}
