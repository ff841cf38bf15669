// The states of a list besides its rows: loading, empty, failed (with a retry).
import { Box, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

function Frame({ children, role }: { children: ReactNode; role?: 'status' | 'alert' }) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="xl" px="6" py="12" textAlign="center" role={role} aria-live={role === 'status' ? 'polite' : undefined}>
      <Stack gap="3" align="center">
        {children}
      </Stack>
    </Box>
  );
}

export function ListLoading({ label = 'Caricamento...' }: { label?: string }) {
  return (
    <Frame role="status">
      <Spinner color="brand.solid" borderWidth="3px" />
      <Text color="fg.muted">{label}</Text>
    </Frame>
  );
}

export function ListEmpty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Frame>
      <Text color="fg.muted">{children}</Text>
      {action}
    </Frame>
  );
}

export function ListError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Frame role="alert">
      <Text color="fg.error" fontWeight="medium">
        {message}
      </Text>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          Riprova
        </Button>
      )}
    </Frame>
  );
}
