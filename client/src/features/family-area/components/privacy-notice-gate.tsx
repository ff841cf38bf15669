// A new version of a club's privacy notice, asked at the next sign-in to the personal area (issue 36 point 2): while
// the account has a club's current notice to accept, a dialog shows it (the text, and whether it changed since the
// version accepted before) and waits for "Ho letto l'informativa". It cannot be dismissed; "Esci" stays in the header.
// Nothing is shown offline, or for an account linked to nobody (the page says that already).
import { Box, Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { graphql } from '../../../gql';
import { messageOfError } from '../../../lib/errors';
import { FormAlert } from '../../../components/ui/form-alert';

const PendingNoticesQuery = graphql(`
  query PrivacyNoticeGate_Pending {
    myPendingPrivacyNotices {
      id
      clubName
      version
      title
      text
      changed
    }
  }
`);

const AcceptNoticeMutation = graphql(`
  mutation PrivacyNoticeGate_Accept($noticeId: ID!) {
    acceptPrivacyNotice(noticeId: $noticeId) {
      __typename
      ... on BaseError {
        message
      }
    }
  }
`);

export function PrivacyNoticeGate() {
  const { data, refetch } = useQuery(PendingNoticesQuery, { fetchPolicy: 'network-only', errorPolicy: 'ignore' });
  const [accept, { loading }] = useMutation(AcceptNoticeMutation);
  const [error, setError] = useState<string | null>(null);
  const notice = data?.myPendingPrivacyNotices?.[0];
  if (!notice) return null;

  const confirm = async () => {
    setError(null);
    try {
      const { data: answer } = await accept({ variables: { noticeId: notice.id } });
      const result = answer?.acceptPrivacyNotice;
      if (result && 'message' in result) setError(result.message);
      else await refetch();
    } catch (e) {
      setError(messageOfError(e));
    }
  };

  return (
    <Dialog.Root open placement="center" scrollBehavior="inside" size={{ base: 'full', md: 'lg' }} closeOnEscape={false} closeOnInteractOutside={false} role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header borderBottomWidth="1px">
              <Dialog.Title>Informativa privacy di {notice.clubName}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body py="5" px={{ base: '4', md: '6' }}>
              <Stack gap="4">
                <Text color="fg.muted">
                  {notice.changed
                    ? `La società ha aggiornato l'informativa (versione ${notice.version}): leggila prima di continuare.`
                    : `Prima di continuare, leggi l'informativa privacy della società (versione ${notice.version}).`}
                </Text>
                <Box borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle">
                  <Text fontWeight="semibold" mb="2">
                    {notice.title}
                  </Text>
                  <Text whiteSpace="pre-wrap">{notice.text}</Text>
                </Box>
                <Text fontSize="sm" color="fg.muted">
                  I consensi (dati sanitari, foto e video, comunicazioni) restano quelli che hai dato: li trovi nella scheda di ogni persona.
                </Text>
                {error && <FormAlert message={error} />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer borderTopWidth="1px" pt="4">
              <Button colorPalette="brand" loading={loading} loadingText="Invio in corso..." onClick={() => void confirm()}>
                Ho letto l'informativa
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
