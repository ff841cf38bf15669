// Security page (user menu "Sicurezza"): change the password, see where the account is signed in and end sessions.
// At /account/sicurezza: /sicurezza is the public site's security notice (footer link).
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useDocumentTitle } from '../../../lib/document-title';
import { AccountCard } from '../../../components/ui/account-card';
import { ChangePasswordForm } from '../components/change-password-form';
import { SessionsList } from '../components/sessions-list';

const TITLE = 'Sicurezza';

export default function SecurityPage() {
  useDocumentTitle(TITLE);
  return (
    <Stack gap="6" maxW="4xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="fg.muted">Password e dispositivi con cui hai effettuato l'accesso.</Text>
      </Stack>
      <AccountCard
        id="cambia-password"
        title="Cambia password"
        description="Dopo il cambio resterai connesso solo su questo dispositivo: sugli altri servirà accedere con la nuova password."
      >
        <ChangePasswordForm />
      </AccountCard>
      <AccountCard
        id="sessioni-attive"
        title="Sessioni attive"
        description="Se non riconosci un dispositivo, termina la sessione e cambia la password."
      >
        <SessionsList />
      </AccountCard>
    </Stack>
  );
}
