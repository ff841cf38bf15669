// What a page of the authenticated area shows instead of itself when the member's role does not allow it (a direct
// address, an old bookmark, a role changed meanwhile) or when the account has no club at all: a clear message and a
// way back, inside the usual layout. The server would refuse the page's requests anyway. An account without a club
// is told what to do next (NoClubSteps): join with an invitation, or register a club.
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { MSG } from '../../../../schema/messages';
import { useSession } from '../../lib/session';
import { ShieldIcon } from '../../components/shell-icons';
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

/**
 * What an account without a club can do (issue 34 point 2): open the personal area (a member or a guardian, issue 36),
 * join the club that invites it (the link of the mail), or register a club of its own. On the dashboard and on every
 * club page such an account opens.
 */
export function NoClubSteps() {
  const { logout } = useSession();
  const navigate = useNavigate();
  return (
    <Stack as="section" aria-labelledby="no-club-steps" gap="4" maxW="2xl">
      <Heading as="h2" size="lg" id="no-club-steps">
        Cosa puoi fare
      </Heading>
      <Stack gap="3" borderWidth="1px" borderRadius="lg" p="4" bg="bg">
        <Stack gap="1">
          <Text fontWeight="semibold">Sei socio, atleta o genitore di un atleta?</Text>
          <Text color="fg.muted">Nell’area personale vedi i tuoi dati e quelli dei tuoi figli: iscrizioni, tessere, certificati medici e consensi.</Text>
        </Stack>
        <Button asChild alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
          <RouterLink to="/area">Apri l’area personale</RouterLink>
        </Button>
      </Stack>
      <Stack gap="1" borderWidth="1px" borderRadius="lg" p="4" bg="bg">
        <Text fontWeight="semibold">Collabori con una società?</Text>
        <Text color="fg.muted">{MSG.noClubHelp}</Text>
      </Stack>
      <Stack gap="3" borderWidth="1px" borderRadius="lg" p="4" bg="bg">
        <Stack gap="1">
          <Text fontWeight="semibold">Vuoi portare la tua società su CampoBase?</Text>
          <Text color="fg.muted">
            La registrazione crea la società e l’account del suo titolare, con l’indirizzo email che sceglierai: esci da questo account e registrala.
          </Text>
        </Stack>
        <Button variant="outline" alignSelf={{ base: 'stretch', sm: 'flex-start' }} onClick={() => void logout().then(() => navigate('/signup'))}>
          Esci e registra una società
        </Button>
      </Stack>
      <Text color="fg.muted" fontSize="sm">
        Fai parte dello staff di una federazione, di un ente o di una lega? La trovi nel menu del profilo, alla voce Organizzazione.
      </Text>
    </Stack>
  );
}

export function NoClubPage() {
  useDocumentTitle('Nessuna società attiva');
  return (
    <Stack gap="6" maxW="2xl" mx="auto" mt={{ base: '4', md: '12' }}>
      <Stack gap="2">
        <Heading as="h1" size="2xl">
          Nessuna società attiva
        </Heading>
        <Text color="fg.muted">Questa pagina mostra i dati di una società, e il tuo account non fa parte di nessuna società attiva.</Text>
      </Stack>
      <NoClubSteps />
    </Stack>
  );
}
