import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { Wordmark } from '../../components/ui/wordmark';
import { useDocumentTitle } from '../../lib/document-title';

export default function NotFoundPage() {
  useDocumentTitle('Pagina non trovata');
  return (
    <Center as="main" minH="100dvh" px="4">
      <Stack gap="5" align="center" textAlign="center" maxW="md">
        <Wordmark fontSize="2xl" />
        <Text fontSize="6xl" fontWeight="800" color="brand.solid" lineHeight="1" aria-hidden="true">
          404
        </Text>
        <Heading as="h1" size="2xl">
          Pagina non trovata
        </Heading>
        <Text color="fg.muted">L&apos;indirizzo che hai aperto non esiste o è stato spostato.</Text>
        <Button asChild size="lg">
          <RouterLink to="/">Torna alla home</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
