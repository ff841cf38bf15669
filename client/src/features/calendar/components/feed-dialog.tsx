// "Calendario privato" of a group or a person (issue 38 point 4): a link that Google Calendar, Apple Calendar and
// Outlook subscribe to, shown once (the server keeps only its hash), with a copy button and how to subscribe; the
// links made before for the same group or person, each with "Revoca" (its address answers no more).
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FeedLink } from '../../../components/calendar-feeds/feed-link';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ListError, ListLoading } from '../../../components/ui/list-status';
import { PanelCancelButton } from '../../../components/ui/unsaved-changes';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { CalendarFeedsQuery, CreateCalendarFeedMutation, RevokeCalendarFeedMutation } from '../calendar-documents';

const CREATED = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' });

export interface FeedTarget {
  kind: 'group' | 'person';
  id: string;
  name: string;
}

export function FeedDialog({ target, onClose }: { target: FeedTarget | null; onClose: () => void }) {
  const feeds = useQuery(CalendarFeedsQuery, { variables: { kind: target?.kind ?? 'group', targetId: target?.id ?? '' }, skip: !target, fetchPolicy: 'cache-and-network' });
  const refetch = { refetchQueries: ['CalendarPage_Feeds'], awaitRefetchQueries: true };
  const [create, creating] = useMutation(CreateCalendarFeedMutation, refetch);
  const [revoke, revoking] = useMutation(RevokeCalendarFeedMutation, refetch);
  const [url, setUrl] = useState<string | null>(null);
  const [revokingId, setRevokingId] = useState<string | null>(null);

  const close = () => {
    setUrl(null);
    onClose();
  };
  const make = async () => {
    if (!target) return;
    try {
      const outcome = readMutationResult((await create({ variables: { kind: target.kind, targetId: target.id } })).data?.createCalendarFeed);
      notify(outcome.ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, outcome.ok ? outcome.data.message : outcome.message);
      if (outcome.ok) setUrl(outcome.data.url);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    }
  };
  const confirmRevoke = async () => {
    if (!revokingId) return;
    try {
      const outcome = readMutationResult((await revoke({ variables: { id: revokingId } })).data?.revokeCalendarFeed);
      notify(outcome.ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, outcome.ok ? outcome.data.message : outcome.message);
      if (outcome.ok) setRevokingId(null);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    }
  };
  const list = feeds.data?.calendarFeeds;
  return (
    <>
      <FormDialog
        open={target !== null}
        title={target?.kind === 'person' ? `Calendario privato di ${target.name}` : `Calendario privato del gruppo ${target?.name ?? ''}`}
        onClose={close}
        footer={<PanelCancelButton>Chiudi</PanelCancelButton>}
      >
        <Stack gap="5">
          <Text fontSize="sm">
            {target?.kind === 'person'
              ? `Un link privato con gli allenamenti, le partite e gli eventi dei gruppi di ${target.name}: chi lo aggiunge al proprio calendario li vede sul telefono, aggiornati da soli.`
              : 'Un link privato con gli allenamenti, le partite e gli eventi del gruppo: chi lo aggiunge al proprio calendario li vede sul telefono, aggiornati da soli.'}{' '}
            Chi ha il link vede il calendario: dallo solo a chi serve, e revocalo se finisce in mani sbagliate.
          </Text>
          {url ? (
            <FeedLink url={url} />
          ) : (
            <Box>
              <Button onClick={() => void make()} loading={creating.loading} loadingText="Creazione in corso...">
                Crea un link privato
              </Button>
            </Box>
          )}
          <Stack gap="2">
            <Text fontWeight="semibold">{target?.kind === 'person' ? 'Link creati per questa persona' : 'Link creati per questo gruppo'}</Text>
            {feeds.error && !list ? (
              <ListError message={messageOfError(feeds.error)} onRetry={() => void feeds.refetch().catch(() => undefined)} />
            ) : !list ? (
              <ListLoading label="Caricamento dei link..." />
            ) : list.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                Nessun link ancora.
              </Text>
            ) : (
              <Stack as="ul" gap="2" listStyleType="none" aria-label="Link creati">
                {list.map((feed) => (
                  <Flex as="li" key={feed.id} gap="2" justify="space-between" align="center" borderWidth="1px" borderRadius="md" p="2" wrap="wrap">
                    <Text fontSize="sm">{`Creato il ${CREATED.format(new Date(feed.createdAt))}${feed.revoked ? ' (revocato)' : ''}`}</Text>
                    {!feed.revoked && (
                      <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRevokingId(feed.id)}>
                        Revoca
                      </Button>
                    )}
                  </Flex>
                ))}
              </Stack>
            )}
          </Stack>
        </Stack>
      </FormDialog>
      <ConfirmDialog
        open={revokingId !== null}
        title="Revocare il link?"
        message="Chi si era abbonato non riceverà più gli aggiornamenti del calendario."
        confirmLabel="Revoca"
        loading={revoking.loading}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevokingId(null)}
      />
    </>
  );
}
