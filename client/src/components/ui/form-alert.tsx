// The one form-level message (role="alert": read out as soon as it appears).
import { Alert } from '@chakra-ui/react';

export function FormAlert({ message, status = 'error' }: { message: string | undefined; status?: 'error' | 'success' | 'info' | 'warning' }) {
  if (!message) return null;
  return (
    <Alert.Root status={status} role="alert" borderRadius="md">
      <Alert.Indicator />
      <Alert.Title fontWeight="medium">{message}</Alert.Title>
    </Alert.Root>
  );
}
