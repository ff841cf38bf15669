// In the edit panel of a person: ask the person to link the record to their own CampoBase account (a link mailed
// to the email on the record; see invitePersonLink). The club's notices about the record reach only a linked account.
import { useMutation } from '@apollo/client/react';
import { Badge, Button, Flex, Text } from '@chakra-ui/react';
import { graphql } from '../../../gql';
import { messageOfError, resultMessage } from '../../../lib/errors';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';

const InvitePersonLinkMutation = graphql(`
  mutation PersonLinkInvite_Invite($personId: ID!) {
    invitePersonLink(personId: $personId) {
      __typename
      ... on MutationInvitePersonLinkSuccess {
        data {
          message
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

export function PersonLinkInvite({ person }: { person: { id: string; emailPrimary?: string | null; hasLinkedAccount: boolean } }) {
  const [invite, { loading }] = useMutation(InvitePersonLinkMutation);

  async function send() {
    try {
      const result = (await invite({ variables: { personId: person.id } })).data?.invitePersonLink;
      const ok = result?.__typename === 'MutationInvitePersonLinkSuccess';
      notify(ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, ok ? result.data.message : resultMessage(result));
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    }
  }

  return (
    <Flex gap="3" align="center" justify="space-between" wrap="wrap" borderWidth="1px" borderRadius="lg" p="3" mb="4">
      <Text fontSize="sm" color="fg.muted" flex="1" minW="12rem">
        {person.hasLinkedAccount
          ? 'La scheda è collegata all’account CampoBase della persona: riceve gli avvisi della società.'
          : 'Invita la persona a collegare la scheda al suo account CampoBase: riceverà gli avvisi della società.'}
      </Text>
      {person.hasLinkedAccount && <Badge colorPalette="green">Account collegato</Badge>}
      <Button
        size="sm"
        variant="outline"
        onClick={() => void send()}
        loading={loading}
        disabled={!person.emailPrimary}
        title={person.emailPrimary ? `Invia il link a ${person.emailPrimary}` : 'Aggiungi prima un indirizzo email alla scheda'}
      >
        {person.hasLinkedAccount ? 'Invia di nuovo l’invito' : 'Invita a collegare l’account'}
      </Button>
    </Flex>
  );
}
