import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { Wordmark } from '../../components/ui/wordmark';
import { useDocumentTitle } from '../../lib/document-title';

/** `signedIn`: inside the admin area (its layout gives the page landmark, the menu and the club's colours). */
export default function NotFoundPage({ signedIn = false }: { signedIn?: boolean }) {
  useDocumentTitle('Pagina non trovata');
  const body = (
    <Stack gap="5" align="center" textAlign="center" maxW="md">
      {!signedIn && <Wordmark fontSize="2xl" />}
      {/* brand.fg: the club's colour darkened where needed to read on white */}
      <Text fontSize="6xl" fontWeight="800" color={signedIn ? 'brand.fg' : 'brand.solid'} lineHeight="1" aria-hidden="true">
        404
      </Text>
      <Heading as="h1" size="2xl">
        Pagina non trovata
      </Heading>
      <Text color="fg.muted">L&apos;indirizzo che hai aperto non esiste o è stato spostato.</Text>
      <Button asChild size="lg">
        {signedIn ? <RouterLink to="/dashboard">Torna alla dashboard</RouterLink> : <RouterLink to="/">Torna alla home</RouterLink>}
      </Button>
    </Stack>
  );
  if (signedIn) return <Center py={{ base: '10', md: '16' }}>{body}</Center>;
  return (
    <Center as="main" minH="100dvh" px="4">
      {body}
    </Center>
  );
}
