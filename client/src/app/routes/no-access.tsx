// What a page of the authenticated area shows instead of itself when the member's role does not allow it (a direct
// address, an old bookmark, a role changed meanwhile) or when the account has no club at all: a clear message and a
// way back, inside the usual layout. The server would refuse the page's requests anyway.
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ShieldIcon } from '../../components/icons';
import { roleLabel } from '../../features/collaborators/collaborator-roles';
import { useDocumentTitle } from '../../lib/document-title';

function Message({ title, children, action }: { title: string; children: ReactNode; action: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Stack as="section" aria-labelledby="no-access-title" gap="4" maxW="xl" mx="auto" mt={{ base: '4', md: '12' }} align="flex-start">
      <ShieldIcon boxSize="10" color="fg.muted" aria-hidden="true" />
      <Heading as="h1" id="no-access-title" size="2xl">
        {title}
      </Heading>
      <Text color="fg.muted">{children}</Text>
      {action}
    </Stack>
  );
}

export function NoPermissionPage({ role, clubName }: { role: string; clubName: string }) {
  return (
    <Message
      title="Non hai i permessi per questa pagina"
      action={
        <Button asChild>
          <RouterLink to="/dashboard">Torna alla dashboard</RouterLink>
        </Button>
      }
    >
      Il tuo ruolo in {clubName} è <strong>{roleLabel(role)}</strong>, che non comprende questa pagina. Se ti serve, chiedi al
      titolare o a un amministratore della società di cambiare il tuo ruolo.
    </Message>
  );
}

export function NoClubPage() {
  return (
    <Message
      title="Nessuna società attiva"
      action={
        <Button asChild variant="outline">
          <RouterLink to="/modifica-utente">Vai al tuo profilo</RouterLink>
        </Button>
      }
    >
      Il tuo account non fa parte di nessuna società attiva, quindi questa pagina non ha dati da mostrare. Se una società ti ha
      invitato, apri il link che hai ricevuto per email.
    </Message>
  );
}
