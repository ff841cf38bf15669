// Security page (user menu "Sicurezza"): change the password, two-factor sign-in, see where the account is signed in
// and end sessions. At /account/sicurezza: /sicurezza is the public site's security notice (footer link). A club
// that requires the second factor and refused this session leads here, and the page says why.
import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import { MSG } from '../../../../../schema/messages';
import { useDocumentTitle } from '../../../lib/document-title';
import { readClubToken, readSessionToken } from '../../../lib/session-storage';
import { useClubLock } from '../../../lib/two-factor-lock';
import { AccountCard } from '../../../components/ui/account-card';
import { ChangePasswordForm } from '../components/change-password-form';
import { SessionsList } from '../components/sessions-list';
import { TwoFactorSettings } from '../components/two-factor-settings';

const TITLE = 'Sicurezza';

export default function SecurityPage() {
  useDocumentTitle(TITLE);
  const clubLocked = useClubLock(readSessionToken(), readClubToken());
  return (
    <Stack gap="6" maxW="4xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="fg.muted">Password, verifica in due passaggi e dispositivi con cui hai effettuato l'accesso.</Text>
      </Stack>
      {clubLocked && (
        <Alert.Root status="warning" borderRadius="md" role="alert">
          <Alert.Indicator />
          <Alert.Description>{MSG.twoFactorRequiredByClub}</Alert.Description>
        </Alert.Root>
      )}
      {/* Always in this place: moving it would remount it and lose the recovery codes it is showing. */}
      <AccountCard id="verifica-due-passaggi" title="Verifica in due passaggi" description="Un codice dal tuo telefono, oltre alla password, ogni volta che accedi.">
        <TwoFactorSettings />
      </AccountCard>
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
