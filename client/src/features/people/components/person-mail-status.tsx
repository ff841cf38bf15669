// How mail reaches the person (issue "communications"), on their page, only when something is worth saying: a blocked
// address (3 permanent failures: nothing is mailed to it) with "Sblocca indirizzo" for who may write the person, the
// failures before a block, a temporary last failure, notices by e-mail turned off (by them, or by a spam complaint).
// Loaded lazily by person-page.tsx, and only for a person with an e-mail address.
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { MailBlockAlert, MailMessage } from '../../../components/mail-status/mail-block-alert';
import { staffBlockedText, staffMailNotes, type MailStatusView } from '../../../components/mail-status/mail-status-labels';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { ClearEmailBlockMutation, PersonMailStatusQuery } from './person-mail-status-documents';

export function PersonMailStatus({ roleId, canWrite }: { roleId: string; canWrite: boolean }) {
  const { data } = useQuery(PersonMailStatusQuery, { variables: { roleId }, fetchPolicy: 'cache-and-network' });
  const [clear, { loading }] = useMutation(ClearEmailBlockMutation);
  /** The status the clearing answered (MailStatus has no id: the query's copy is not updated by the cache). */
  const [cleared, setCleared] = useState<MailStatusView | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const answer = data?.personMailStatus;
  const status = cleared ?? (answer?.__typename === 'QueryPersonMailStatusSuccess' ? answer.data : null);

  const onClear = async () => {
    try {
      const outcome = readMutationResult((await clear({ variables: { roleId } })).data?.clearEmailBlock);
      if (!outcome.ok) return notify(MESSAGE_LEVEL.error, outcome.message);
      setCleared(outcome.data.status);
      setMessage(outcome.data.message);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    }
  };

  // a refused or failed reading says nothing here: the rest of the page is what matters
  const notes = status ? staffMailNotes(status) : [];
  if (!status || (!status.blocked && notes.length === 0 && !message)) return null;
  return (
    <Stack gap="2" aria-label="Posta elettronica" role="group">
      {status.blocked && <MailBlockAlert text={staffBlockedText(status)} action={canWrite ? { label: 'Sblocca indirizzo', onClick: () => void onClear(), loading } : undefined} />}
      <MailMessage message={message} />
      {notes.length > 0 && (
        <Alert.Root status="info" borderRadius="md" size="sm">
          <Alert.Indicator />
          <Alert.Content>
            {notes.map((note) => (
              <Alert.Description key={note}>{`${note}.`}</Alert.Description>
            ))}
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}
