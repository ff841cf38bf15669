// /canali (channels.read; issue 39 point 4): the club's group channels, one per group (a coach: the groups they
// coach), archived ones last: the group, the last message (author, text, how long ago), what is new, whether the
// member turned its notifications off. A channel opens its conversation (/canali/:groupId).
import { useQuery } from '@apollo/client/react';
import { Heading, Stack, Text } from '@chakra-ui/react';
import { ChannelSummaryList } from '../../../components/channels/channel-summary-list';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { GroupChannelsQuery } from '../channels-documents';

const TITLE = 'Canali';

export function ChannelsPage() {
  useDocumentTitle(TITLE);
  const { data, error, refetch } = useQuery(GroupChannelsQuery, { fetchPolicy: 'cache-and-network' });
  const answer = data?.groupChannels;
  const channels = answer?.__typename === 'QueryGroupChannelsSuccess' ? answer.data : null;
  const retry = () => void refetch().catch(() => undefined);

  let body;
  if (channels && channels.length === 0) body = <ListEmpty>Nessun canale: i canali nascono con i gruppi. Crea un gruppo e il suo canale sarà qui.</ListEmpty>;
  else if (channels) {
    const unread = channels.reduce((sum, c) => sum + (c.unread > 0 ? 1 : 0), 0);
    body = (
      <Stack gap="3">
        <Text color="fg.muted" fontSize="sm" aria-live="polite">
          {`${channels.length === 1 ? '1 canale' : `${channels.length} canali`}${unread ? `, ${unread === 1 ? '1 con messaggi nuovi' : `${unread} con messaggi nuovi`}` : ''}`}
        </Text>
        <ChannelSummaryList channels={channels} linkTo={(groupId) => `/canali/${groupId}`} label="Canali dei gruppi" />
      </Stack>
    );
  } else if (answer && 'message' in answer) body = <ListError message={answer.message} onRetry={retry} />;
  else if (error) body = <ListError message={messageOfError(error)} onRetry={retry} />;
  else body = <ListLoading label="Caricamento dei canali..." />;

  return (
    <Stack gap="6" maxW="4xl" w="100%" minW="0">
      <Stack gap="1" minW="0">
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="fg.muted">Un canale per gruppo: lo staff e le famiglie si scrivono, con allegati. Chi modera può nascondere un messaggio o lasciare la parola solo allo staff.</Text>
      </Stack>
      {body}
    </Stack>
  );
}
