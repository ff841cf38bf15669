// /invito?token=...: the landing page of the link a club mails to a new collaborator (inviteCollaborator). Behind
// the login like every account page (RequireAuth brings the user back here after signing in, or after signing up
// and opening the link again); the account accepts, the club joins its list, and a button opens it.
import { useMutation } from '@apollo/client/react';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MSG } from '../../../../../schema/messages';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { useSession } from '../../../lib/session';
import { AccountCard } from '../../../components/ui/account-card';
import { AcceptInvitationMutation } from '../collaborator-documents';

const TITLE = 'Invito a collaborare';

type Outcome = { ok: true; message: string; clubName: string; membershipId: string } | { ok: false; message: string };

export default function InvitationPage() {
  useDocumentTitle(TITLE);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { account, refreshAccount, selectClub } = useSession();
  const [accept, { loading }] = useMutation(AcceptInvitationMutation);
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { ok: false, message: MSG.collaboratorInviteInvalid });
  const [opening, setOpening] = useState(false);

  async function confirm() {
    try {
      const result = readMutationResult((await accept({ variables: { token } })).data?.acceptCollaboratorInvitation);
      if (!result.ok) return setOutcome({ ok: false, message: result.message });
      setOutcome({ ok: true, ...result.data });
      // The club is now one of the account's: the session lists it (the current club stays until the button).
      await refreshAccount().catch(() => undefined);
    } catch (e) {
      setOutcome({ ok: false, message: messageOfError(e) });
    }
  }

  async function openClub(membershipId: string) {
    setOpening(true);
    try {
      if (await selectClub(membershipId)) void navigate('/dashboard');
      else setOutcome({ ok: false, message: MSG.unexpected });
    } catch (e) {
      setOutcome({ ok: false, message: messageOfError(e) });
    } finally {
      setOpening(false);
    }
  }

  return (
    <Stack gap="6" maxW="2xl">
      <Heading as="h1" size="2xl">
        {TITLE}
      </Heading>
      <AccountCard
        id="accetta-invito"
        title="Unisciti alla società"
        description={`Una società ti ha invitato a collaborare su CampoBase con il tuo account${account?.email ? ` (${account.email})` : ''}, con il ruolo scritto nell’email. Accettando, la società si aggiunge alle tue e ci lavori con quel ruolo. Se non è il tuo account, esci e accedi con quello giusto.`}
      >
        {outcome ? (
          <Stack gap="4">
            <Text role="status" color={outcome.ok ? 'fg.success' : 'fg.error'} fontWeight="semibold">
              {outcome.message}
            </Text>
            {outcome.ok && (
              <Button alignSelf={{ base: 'stretch', sm: 'flex-start' }} onClick={() => void openClub(outcome.membershipId)} loading={opening}>
                Vai a {outcome.clubName}
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
