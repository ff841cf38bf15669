// "Il calendario sul telefono" in the personal area (issue 38 point 4): a private link with the events of the family's
// groups in a club (trainings, matches, other events of the children's and one's own groups), to subscribe to in
// Google Calendar, Apple Calendar or Outlook; shown once when made, revocable. One button per club of the family.
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Flex, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { FeedLink } from '../../../components/calendar-feeds/feed-link';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { CreateMyCalendarFeedMutation, MyCalendarFeedsQuery, RevokeMyCalendarFeedMutation } from '../family-area-documents';
import { AreaSection } from './area-section';

const CREATED = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Rome' });

export function FamilyCalendarSection({ clubs }: { clubs: Array<{ clubId: string; clubName: string }> }) {
  const feeds = useQuery(MyCalendarFeedsQuery, { fetchPolicy: 'cache-and-network' });
  const refetch = { refetchQueries: ['FamilyArea_CalendarFeeds'], awaitRefetchQueries: true };
  const [create, creating] = useMutation(CreateMyCalendarFeedMutation, refetch);
  const [revoke, revoking] = useMutation(RevokeMyCalendarFeedMutation, refetch);
  const [made, setMade] = useState<{ clubId: string; url: string } | null>(null);
  const [revokingId, setRevokingId] = useState<string | null>(null);

  const make = async (clubId: string) => {
    try {
      const outcome = readMutationResult((await create({ variables: { clubId } })).data?.createMyCalendarFeed);
      notify(outcome.ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, outcome.ok ? outcome.data.message : outcome.message);
      if (outcome.ok) setMade({ clubId, url: outcome.data.url });
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    }
  };
  const confirmRevoke = async () => {
    if (!revokingId) return;
    try {
      const outcome = readMutationResult((await revoke({ variables: { id: revokingId } })).data?.revokeMyCalendarFeed);
      notify(outcome.ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, outcome.ok ? outcome.data.message : outcome.message);
      if (outcome.ok) setRevokingId(null);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    }
  };

  const active = (feeds.data?.myCalendarFeeds ?? []).filter((f) => !f.revoked);
  const many = clubs.length > 1;
  return (
    <AreaSection
      id="calendario"
      title="Il calendario sul telefono"
      description="Allenamenti, partite ed eventi dei gruppi della tua famiglia nel calendario del telefono (Google, Apple, Outlook), aggiornati da soli. Chi ha il link vede il calendario: tienilo per te."
    >
      {made && <FeedLink url={made.url} />}
      <Wrap gap="2">
        {clubs.map((club) => (
          <Button key={club.clubId} variant="outline" onClick={() => void make(club.clubId)} loading={creating.loading} loadingText="Creazione in corso...">
            {many ? `Crea il link: ${club.clubName}` : 'Crea il link del calendario'}
          </Button>
        ))}
      </Wrap>
      {active.length > 0 && (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Link del calendario attivi">
          {active.map((feed) => (
            <Flex as="li" key={feed.id} gap="2" justify="space-between" align="center" borderWidth="1px" borderRadius="md" p="2" wrap="wrap">
              <Text fontSize="sm">{`${many ? `${feed.clubName}: ` : ''}link creato il ${CREATED.format(new Date(feed.createdAt))}`}</Text>
              <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRevokingId(feed.id)}>
                Revoca
              </Button>
            </Flex>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={revokingId !== null}
        title="Revocare il link?"
        message="Il calendario abbonato con questo link non riceverà più aggiornamenti."
        confirmLabel="Revoca"
        loading={revoking.loading}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevokingId(null)}
      />
    </AreaSection>
  );
}
