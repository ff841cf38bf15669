// One labelled detail of a card (a key's scopes, a webhook's events): a small caps label over its value.
import { Box, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="1" minW="0">
      <Text fontSize="xs" fontWeight="medium" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Box fontSize="sm">{children}</Box>
    </Stack>
  );
}
