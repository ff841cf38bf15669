// /area/canali/:groupId, a group's channel in the personal area (issue 39 point 4): the shared conversation
// (components/channels/channel-conversation.tsx) with the family's operations: writing (unless the channel is for the
// staff only: the server's note instead), muting, the read mark; attachments are saved with the session. A group of
// no one in the family is "not found". The newest page is asked every 15 seconds while open.
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ChannelConversation, type ChannelOperations } from '../../../components/channels/channel-conversation';
import { ListError, ListLoading } from '../../../components/ui/list-status';
import { OfflineNotice } from '../../../components/ui/offline-notice';
import { downloadAuthorizedFile } from '../../../lib/authorized-file';
import { useDocumentTitle } from '../../../lib/document-title';
import { isNetworkFailure, messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MarkMyChannelReadMutation, MuteMyChannelMutation, MyChannelQuery, PostMyChannelMessageMutation } from '../family-channels-documents';

const POLL_MS = 15_000;

export default function FamilyChannelPage() {
  const { groupId = '' } = useParams();
  const client = useApolloClient();
  // from the server each time: a cached page's read mark would put "Nuovi messaggi" in the wrong place
  const { data, error, refetch } = useQuery(MyChannelQuery, { variables: { groupId, before: null }, fetchPolicy: 'network-only', pollInterval: POLL_MS });
  const answer = data?.myChannel;
  const page = answer?.__typename === 'QueryMyChannelSuccess' ? answer.data : null;
  useDocumentTitle(page ? `Canale ${page.groupName}` : 'Canale');

  const [post] = useMutation(PostMyChannelMessageMutation);
  const [mute] = useMutation(MuteMyChannelMutation);
  const [markRead] = useMutation(MarkMyChannelReadMutation);

  const ops = useMemo<ChannelOperations>(
    () => ({
      loadOlder: async (before) => {
        const { data: older, error: failed } = await client.query({ query: MyChannelQuery, variables: { groupId, before }, fetchPolicy: 'network-only' });
        const result = older?.myChannel;
        if (result?.__typename === 'QueryMyChannelSuccess') return result.data;
        throw new Error(result && 'message' in result ? result.message : messageOfError(failed));
      },
      post: async (body, files) =>
        readMutationResult((await post({ variables: { input: { groupId, body }, attachments: files.length ? files : undefined } })).data?.postMyChannelMessage),
      mute: async (muted) => readMutationResult((await mute({ variables: { groupId, muted } })).data?.muteMyChannel),
      markRead: () => markRead({ variables: { groupId } }),
      refresh: () => refetch(),
      openAttachment: (attachment) => downloadAuthorizedFile(attachment.url, attachment.filename),
      attachmentAction: 'Scarica',
    }),
    [client, groupId, post, mute, markRead, refetch],
  );

  const retry = () => void refetch().catch(() => undefined);
  if (page) {
    const forWhom = page.forNames.length ? `Per ${page.forNames.join(', ')} · ` : '';
    return <ChannelConversation key={groupId} page={page} ops={ops} back={{ to: '/area', label: 'Area personale' }} subtitle={`${forWhom}${page.clubName}`} />;
  }
  if (answer && 'message' in answer) {
    if (answer.code !== 'NOT_FOUND') return <ListError message={answer.message} onRetry={retry} />;
    return (
      <Stack gap="4" align="flex-start">
        <Heading as="h1" size="2xl">
          Canale non trovato
        </Heading>
        <Text color="fg.muted">{answer.message}</Text>
        <Button asChild variant="outline">
          <RouterLink to="/area">Torna all&apos;area personale</RouterLink>
        </Button>
      </Stack>
    );
  }
  if (error && isNetworkFailure(error)) return <OfflineNotice onRetry={retry} />;
  if (error) return <ListError message={messageOfError(error)} onRetry={retry} />;
  return <ListLoading label="Caricamento del canale..." />;
}
