import { Center, Spinner, Text, VStack } from '@chakra-ui/react';

/** Full-area loading state with a visible, announced label. */
export function PageSpinner({ label = 'Caricamento...' }: { label?: string }) {
  return (
    <Center minH="50vh" p="8" role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted">{label}</Text>
      </VStack>
    </Center>
  );
}
