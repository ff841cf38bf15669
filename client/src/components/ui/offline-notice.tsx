// What a page shows instead of its data when there is no network (the personal area opened offline from the service
// worker's copy, a session that could not be checked): a clear sentence, not a broken page, and a way to try again.
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';

export const OFFLINE_TITLE = 'Sei offline';

export function OfflineNotice({ onRetry, compact = false }: { onRetry?: () => void; compact?: boolean }) {
  if (compact) {
    return (
      <Box role="status" bg="orange.50" color="orange.900" borderBottomWidth="1px" borderColor="orange.200" px="4" py="2" textAlign="center" fontSize="sm">
        <strong>{OFFLINE_TITLE}:</strong> quello che vedi potrebbe non essere aggiornato e non puoi salvare modifiche finché la connessione non torna.
      </Box>
    );
  }
  return (
    <Stack as="section" role="status" aria-labelledby="offline-title" gap="3" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '5', md: '8' }} maxW="xl" mx="auto" mt={{ base: '2', md: '8' }}>
      <Heading as="h1" id="offline-title" size="xl">
        {OFFLINE_TITLE}
      </Heading>
      <Text color="fg.muted">
        Sei offline: il telefono o il computer non è collegato a Internet. I dati si vedono di nuovo appena torna la connessione, senza perdere
        l’accesso.
      </Text>
      <Button alignSelf={{ base: 'stretch', sm: 'flex-start' }} variant="outline" onClick={onRetry ?? (() => window.location.reload())}>
        Riprova
      </Button>
    </Stack>
  );
}
