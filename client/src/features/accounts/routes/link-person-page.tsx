// /collega-profilo?token=...: the landing page of the link a club mails to a person (invitePersonLink). Behind the
// login like every account page (RequireAuth brings the user back here after signing in); the account confirms,
// and from then on the club's notices about that record reach it.
import { useMutation } from '@apollo/client/react';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { MSG } from '../../../../../schema/messages';
import { graphql } from '../../../gql';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError, resultMessage } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { AccountCard } from '../../../components/ui/account-card';

const AcceptPersonLinkMutation = graphql(`
  mutation LinkPerson_Accept($token: String!) {
    acceptPersonLink(token: $token) {
      __typename
      ... on MutationAcceptPersonLinkSuccess {
        data {
          message
          clubName
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

const TITLE = 'Collega la tua scheda';

export default function LinkPersonPage() {
  useDocumentTitle(TITLE);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = useSession().account?.email;
  const [accept, { loading }] = useMutation(AcceptPersonLinkMutation);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(token ? null : { ok: false, message: MSG.personLinkInvalid });

  async function confirm() {
    try {
      const result = (await accept({ variables: { token } })).data?.acceptPersonLink;
      const ok = result?.__typename === 'MutationAcceptPersonLinkSuccess';
      setOutcome({ ok, message: ok ? result.data.message : resultMessage(result) });
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
        id="collega-scheda"
        title="Conferma che la scheda è tua"
        description={`Una società ti ha invitato a collegare la scheda che tiene su di te al tuo account${email ? ` (${email})` : ''}: riceverai i suoi avvisi sulla tua scheda. Se non è il tuo account, esci e accedi con quello giusto.`}
      >
        {outcome ? (
          <Stack gap="4">
            <Text role="status" color={outcome.ok ? 'fg.success' : 'fg.error'} fontWeight="semibold">
              {outcome.message}
            </Text>
            {outcome.ok && (
              <Button asChild alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
                <RouterLink to="/area">Apri l’area personale</RouterLink>
              </Button>
            )}
          </Stack>
        ) : (
          <Button alignSelf="flex-start" onClick={() => void confirm()} loading={loading} loadingText="Collegamento in corso...">
            Collega la scheda al mio account
          </Button>
        )}
      </AccountCard>
    </Stack>
  );
}
