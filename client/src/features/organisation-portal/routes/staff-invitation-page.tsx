// /organizzazione/invito?token=...: the landing page of the link an organisation's admin mails to a new staff member
// (inviteOrganisationStaff). Behind the login like every account page (RequireAuth brings a signed-out visitor back
// here after signing in, or after signing up and opening the link again); the account accepts, joins the staff with
// the invited role, the profile menu gains "Organizzazione", and a button opens the organisation's portal.
import { useApolloClient, useMutation } from '@apollo/client/react';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AccountCard } from '../../../components/ui/account-card';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { useSession } from '../../../lib/session';
import { AcceptStaffInvitationMutation, MyOrganisationsQuery } from '../organisation-portal-documents';
import { MSG } from '../../../../../schema/messages';

const TITLE = "Invito nello staff di un'organizzazione";
/** The server's answer to any bad link (STAFF_MSG.invalid), said here at once when the link has no token. */
const INVALID = MSG.staffInviteInvalid;

type Outcome = { ok: true; message: string; organisationId: string; organisationName: string } | { ok: false; message: string };

export default function StaffInvitationPage() {
  useDocumentTitle(TITLE);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { account } = useSession();
  const client = useApolloClient();
  const [accept, { loading }] = useMutation(AcceptStaffInvitationMutation);
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { ok: false, message: INVALID });

  async function confirm() {
    try {
      const result = readMutationResult((await accept({ variables: { token } })).data?.acceptOrganisationStaffInvitation);
      if (!result.ok) return setOutcome({ ok: false, message: result.message });
      setOutcome({ ok: true, ...result.data });
      // The account is now staff: the profile menu's "Organizzazione" and the portal's list read it again.
      await client.refetchQueries({ include: [MyOrganisationsQuery] }).catch(() => undefined);
    } catch (e) {
      setOutcome({ ok: false, message: messageOfError(e) });
    }
  }

  return (
    <Stack gap="6" maxW="2xl">
      <Heading as="h1" size="2xl">
        {TITLE}
      </Heading>
      <AccountCard
        id="accetta-invito-organizzazione"
        title="Unisciti allo staff"
        description={`Una federazione, un ente o una lega ti ha invitato nel suo staff su CampoBase con il tuo account${account?.email ? ` (${account.email})` : ''}, con il ruolo scritto nell’email. Accettando, vedi le sue società affiliate dalla voce Organizzazione del menu del profilo. Se non è il tuo account, esci e accedi con quello giusto.`}
      >
        {outcome ? (
          <Stack gap="4">
            <Text role="status" color={outcome.ok ? 'fg.success' : 'fg.error'} fontWeight="semibold">
              {outcome.message}
            </Text>
            {outcome.ok && (
              <Button asChild alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
                <RouterLink to={`/organizzazione/${outcome.organisationId}`}>Apri {outcome.organisationName}</RouterLink>
              </Button>
            )}
          </Stack>
        ) : (
          <Button alignSelf={{ base: 'stretch', sm: 'flex-start' }} onClick={() => void confirm()} loading={loading} loadingText="Accettazione in corso...">
            Accetta l’invito
          </Button>
        )}
      </AccountCard>
    </Stack>
  );
}
