// /canali/:groupId (channels.read; issue 39 point 4): a group's channel as the staff use it: the shared conversation
// (components/channels/channel-conversation.tsx) with the staff's operations: writing (channels.write), hiding and
// restoring messages and opening or closing the channel to the families (channels.moderate; the server says which in
// mayPost and mayModerate), muting, the read mark. The newest page is asked every 15 seconds while open.
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ChannelConversation, type ChannelOperations } from '../../../components/channels/channel-conversation';
import { ListError, ListLoading } from '../../../components/ui/list-status';
import { openAuthorizedFile } from '../../../lib/authorized-file';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import {
  GroupChannelQuery,
  HideChannelMessageMutation,
  MarkChannelReadMutation,
  MuteChannelMutation,
  PostChannelMessageMutation,
  RestoreChannelMessageMutation,
  SetChannelPostingMutation,
} from '../channels-documents';

const POLL_MS = 15_000;

function NotFound({ message }: { message: string }) {
  return (
    <Stack gap="4" maxW="4xl" align="flex-start">
      <Heading as="h1" size="2xl">
        Canale non trovato
      </Heading>
      <Text color="fg.muted">{message}</Text>
      <Button asChild variant="outline">
        <RouterLink to="/canali">Torna ai canali</RouterLink>
      </Button>
    </Stack>
  );
}

export function ChannelPage() {
  const { groupId = '' } = useParams();
  const client = useApolloClient();
  // from the server each time: a cached page's read mark would put "Nuovi messaggi" in the wrong place
  const { data, error, refetch } = useQuery(GroupChannelQuery, { variables: { groupId, before: null }, fetchPolicy: 'network-only', pollInterval: POLL_MS });
  const answer = data?.groupChannel;
  const page = answer?.__typename === 'QueryGroupChannelSuccess' ? answer.data : null;
  useDocumentTitle(page ? `Canale ${page.groupName}` : 'Canale');

  const [post] = useMutation(PostChannelMessageMutation);
  const [hide] = useMutation(HideChannelMessageMutation);
  const [restore] = useMutation(RestoreChannelMessageMutation);
  const [posting] = useMutation(SetChannelPostingMutation);
  const [mute] = useMutation(MuteChannelMutation);
  const [markRead] = useMutation(MarkChannelReadMutation);

  const ops = useMemo<ChannelOperations>(
    () => ({
      loadOlder: async (before) => {
        const { data: older, error: failed } = await client.query({ query: GroupChannelQuery, variables: { groupId, before }, fetchPolicy: 'network-only' });
        const result = older?.groupChannel;
        if (result?.__typename === 'QueryGroupChannelSuccess') return result.data;
        throw new Error(result && 'message' in result ? result.message : messageOfError(failed));
      },
      post: async (body, files) =>
        readMutationResult((await post({ variables: { input: { groupId, body }, attachments: files.length ? files : undefined } })).data?.postChannelMessage),
      hide: async (messageId, reason) => readMutationResult((await hide({ variables: { input: { messageId, reason: reason || undefined } } })).data?.hideChannelMessage),
      restore: async (messageId) => readMutationResult((await restore({ variables: { messageId } })).data?.restoreChannelMessage),
      setPosting: async (familiesMayPost) => readMutationResult((await posting({ variables: { groupId, familiesMayPost } })).data?.setChannelPosting),
      mute: async (muted) => readMutationResult((await mute({ variables: { groupId, muted } })).data?.muteChannel),
      markRead: () => markRead({ variables: { groupId } }),
      refresh: () => refetch(),
      openAttachment: (attachment) => openAuthorizedFile(attachment.url),
      attachmentAction: 'Apri',
    }),
    [client, groupId, post, hide, restore, posting, mute, markRead, refetch],
  );

  const retry = () => void refetch().catch(() => undefined);
  if (page) return <ChannelConversation key={groupId} page={page} ops={ops} back={{ to: '/canali', label: 'Canali' }} subtitle={`Il canale del gruppo tra lo staff di ${page.clubName} e le famiglie.`} />;
  if (answer && 'message' in answer) {
    if (answer.code === 'NOT_FOUND') return <NotFound message={answer.message} />;
    return <ListError message={answer.message} onRetry={retry} />;
  }
  if (error) return <ListError message={messageOfError(error)} onRetry={retry} />;
  return <ListLoading label="Caricamento del canale..." />;
}
