// "Avvisi per e-mail" in the personal area (issue "communications"): for the account's own person in each club, the
// address the club writes to and "Ricevi gli avvisi per e-mail" (off: only the obbligatori and urgent ones are mailed;
// all stay readable in "Avvisi"). A blocked address (3 mails came back) says why, with "Sblocca il mio indirizzo".
// The server's messages in a live status region.
import { useMutation, useQuery } from '@apollo/client/react';
import { Stack, Switch, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { MailBlockAlert, MailMessage } from '../../../components/mail-status/mail-block-alert';
import { ownBlockedText } from '../../../components/mail-status/mail-status-labels';
import { ListError } from '../../../components/ui/list-status';
import type { FamilyArea_MailSettingsQuery } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult, type MutationOutcome } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { AreaItem, AreaSection } from './area-section';
import { ClearMyEmailBlockMutation, MyMailSettingsQuery, SaveMyMailSettingsMutation } from './my-mail-settings-documents';

type Settings = Extract<FamilyArea_MailSettingsQuery['myMailSettings'], { __typename: 'QueryMyMailSettingsSuccess' }>['data'][number];

/** MailStatus has no id for the cache: the list is read again after a change. */
const REFETCH = { refetchQueries: ['FamilyArea_MailSettings'], awaitRefetchQueries: true };

function ClubMail({ settings, onMessage }: { settings: Settings; onMessage: (message: string) => void }) {
  const { status } = settings;
  const helpId = useId();
  const [save] = useMutation(SaveMyMailSettingsMutation, REFETCH);
  const [clear, clearing] = useMutation(ClearMyEmailBlockMutation, REFETCH);
  const run = async (act: () => Promise<MutationOutcome<{ message: string }>>) => {
    try {
      const outcome = await act();
      if (outcome.ok) onMessage(outcome.data.message);
      else notify(MESSAGE_LEVEL.error, outcome.message);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    }
  };
  const onToggle = (noticesByEmail: boolean) =>
    void run(async () => readMutationResult((await save({ variables: { input: { personId: status.personId, noticesByEmail } } })).data?.saveMyMailSettings));
  const onClear = () => void run(async () => readMutationResult((await clear({ variables: { personId: status.personId } })).data?.clearMyEmailBlock));

  return (
    <AreaItem label={settings.clubName}>
      <Stack gap="3">
        <Stack gap="0" minW="0">
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {settings.clubName}
          </Text>
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            {status.email ?? 'Nessun indirizzo e-mail: gli avvisi sono solo qui, nell’area personale.'}
          </Text>
        </Stack>
        <Stack gap="0.5">
          <Switch.Root checked={status.noticesByEmail} onCheckedChange={(d) => onToggle(d.checked)} colorPalette="brand">
            <Switch.HiddenInput aria-describedby={helpId} />
            <Switch.Control />
            <Switch.Label>Ricevi gli avvisi per e-mail</Switch.Label>
          </Switch.Root>
          <Text id={helpId} fontSize="sm" color="fg.muted" ps="12">
            Gli avvisi obbligatori e urgenti arrivano comunque.
          </Text>
        </Stack>
        {status.blocked && <MailBlockAlert text={ownBlockedText(status)} action={{ label: 'Sblocca il mio indirizzo', onClick: onClear, loading: clearing.loading }} />}
      </Stack>
    </AreaItem>
  );
}

export function MyMailSettingsSection() {
  const { data, error, refetch } = useQuery(MyMailSettingsQuery, { fetchPolicy: 'cache-and-network' });
  const [message, setMessage] = useState<string | null>(null);
  const answer = data?.myMailSettings;
  const list = answer?.__typename === 'QueryMyMailSettingsSuccess' ? answer.data : null;
  const retry = () => void refetch().catch(() => undefined);

  let body;
  if (list)
    body = (
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Avvisi per e-mail, per società">
        {list.map((settings) => (
          <ClubMail key={settings.status.personId} settings={settings} onMessage={setMessage} />
        ))}
      </Stack>
    );
  else if (answer && 'message' in answer) body = <ListError message={answer.message} onRetry={retry} />;
  else if (error) body = <ListError message={messageOfError(error)} onRetry={retry} />;
  // nothing to choose (no own person in any club), or still loading: no section
  if (!body || list?.length === 0) return null;
  return (
    <AreaSection id="avvisi-email" title="Avvisi per e-mail" description="Come ricevi gli avvisi delle società: li trovi comunque sempre qui, in «Avvisi».">
      {body}
      <MailMessage message={message} />
    </AreaSection>
  );
}
