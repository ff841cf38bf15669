// "Canali" in the personal area (issue 39 point 4): the channels of the family's groups (an adult's own, a guardian's
// children's), each with whom it is for, the club, the last message and what is new; one opens its conversation
// (/area/canali/:groupId). A minor whose guardian has no access yet reads why there is none (the server's note).
import { useQuery } from '@apollo/client/react';
import { Text } from '@chakra-ui/react';
import { ChannelSummaryList } from '../../../components/channels/channel-summary-list';
import { unreadLabel } from '../../../components/channels/channel-labels';
import { ListError, ListLoading } from '../../../components/ui/list-status';
import { messageOfError } from '../../../lib/errors';
import { MyChannelsQuery } from '../family-channels-documents';
import { AreaEmpty, AreaSection } from './area-section';

export function MyChannelsSection() {
  const { data, error, refetch } = useQuery(MyChannelsQuery, { fetchPolicy: 'cache-and-network' });
  const answer = data?.myChannels;
  const mine = answer?.__typename === 'QueryMyChannelsSuccess' ? answer.data : null;
  const retry = () => void refetch().catch(() => undefined);

  let body;
  if (mine)
    body = (
      <>
        {mine.note && (
          <Text fontSize="sm" bg="bg.muted" borderRadius="md" px="3" py="2">
            {mine.note}
          </Text>
        )}
        {mine.channels.length > 0 ? (
          <ChannelSummaryList channels={mine.channels} linkTo={(groupId) => `/area/canali/${groupId}`} label="I canali dei tuoi gruppi" family />
        ) : (
          !mine.note && <AreaEmpty>Nessun canale: quando tu o i tuoi figli sarete in un gruppo, il suo canale comparirà qui.</AreaEmpty>
        )}
      </>
    );
  else if (answer && 'message' in answer) body = <ListError message={answer.message} onRetry={retry} />;
  else if (error) body = <ListError message={messageOfError(error)} onRetry={retry} />;
  else body = <ListLoading label="Caricamento dei canali..." />;

  const unread = mine?.channels.reduce((sum, c) => sum + c.unread, 0) ?? 0;
  return (
    <AreaSection id="canali" title="Canali" description={unread ? `I messaggi dei gruppi: ${unreadLabel(unread)}.` : 'Un canale per gruppo, per scriversi con allenatori e società.'}>
      {body}
    </AreaSection>
  );
}
