// "Archivia società" on the club page (owner only, permission club.archive): what archiving means, asked once more in
// a dialog, then archiveClub. The archived club has left the account's list: the session goes on in another of its
// clubs, else without one, and nothing of the archived club stays in the cache.
import { useApolloClient, useMutation } from '@apollo/client/react';
import { Box, Button, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ArchiveIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { ArchiveClubMutation } from '../club-documents';

function Consequences({ clubName }: { clubName: string }) {
  return (
    <Stack gap="3" color="fg.muted">
      <List.Root gap="2" ps="5">
        <List.Item>
          Da subito nessun collaboratore potrà più accedere a <strong>{clubName}</strong>, te compreso: la società sparisce
          dall&apos;elenco delle società di ognuno.
        </List.Item>
        <List.Item>
          Nessun dato viene cancellato: anagrafiche, documenti, gruppi e feed restano conservati così come sono, senza limiti di
          tempo, finché la società non ne chiede la cancellazione.
        </List.Item>
        <List.Item>Per riattivare la società scrivi all&apos;assistenza CampoBase.</List.Item>
      </List.Root>
    </Stack>
  );
}

export function ArchiveClubSection({ clubId, clubName }: { clubId: string; clubName: string }) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const session = useSession();
  const [archive] = useMutation(ArchiveClubMutation);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const outcome = readMutationResult((await archive({ variables: { id: clubId } })).data?.archiveClub);
      if (!outcome.ok) {
        notify(MESSAGE_LEVEL.error, outcome.message);
        return;
      }
      notify(MESSAGE_LEVEL.success, outcome.data.message);
      const me = await session.refreshAccount();
      const next = me?.profile.clubs[0];
      if (next) await session.selectClub(next.id);
      else await client.clearStore();
      await navigate('/dashboard', { replace: true });
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  return (
    <Box as="section" aria-labelledby="archive-club-title" bg="bg" borderWidth="1px" borderColor="border.error" borderRadius="xl" p={{ base: '4', md: '6' }}>
      <Stack gap="3" align="flex-start">
        <Heading as="h2" size="md" id="archive-club-title">
          Archivia società
        </Heading>
        <Text color="fg.muted">
          Chiude la società per tutti i collaboratori e conserva i dati. Solo il titolare può farlo.
        </Text>
        <Button colorPalette="red" variant="outline" onClick={() => setAsking(true)}>
          <ArchiveIcon />
          Archivia società
        </Button>
      </Stack>
      <ConfirmDialog
        open={asking}
        title={`Archiviare ${clubName}?`}
        message={<Consequences clubName={clubName} />}
        confirmLabel="Archivia società"
        loading={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </Box>
  );
}
