// "Avvisi" in the personal area (issue 39): the notices the family received from its clubs, newest first, mailed or
// not (who has no e-mail reads them only here). Each one: club, title, date, whom it is about, "Urgente", "Nuovo" until
// opened. Opening one (a button: keyboard and screen readers) shows its text and records the opening once; an urgent
// one not confirmed yet asks "Confermo la lettura".
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, chakra, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { AttachmentList, type Attachment } from '../../../components/attachment-list';
import { ChevronRightIcon } from '../../../components/icons';
import { ListError, ListLoading } from '../../../components/ui/list-status';
import type { FamilyArea_NoticesQuery } from '../../../gql/graphql';
import { downloadAuthorizedFile } from '../../../lib/authorized-file';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { ConfirmMyNoticeMutation, MyNoticesQuery, OpenMyNoticeMutation } from '../family-area-documents';
import { italianDayOf } from '../family-labels';
import { AreaEmpty, AreaSection } from './area-section';

type MyNotice = Extract<FamilyArea_NoticesQuery['myNotices'], { __typename: 'QueryMyNoticesSuccess' }>['data'][number];

/** An attachment, with the session (GET /api/area/avvisi/{recipient}/allegati/{file}), saved under its name. */
const openAttachment = (attachment: Attachment) => downloadAuthorizedFile(attachment.url, attachment.filename);

const REFETCH = { refetchQueries: ['FamilyArea_Notices'], awaitRefetchQueries: true };

function NoticeItem({ notice, open, onToggle }: { notice: MyNotice; open: boolean; onToggle: () => void }) {
  const [confirm, confirming] = useMutation(ConfirmMyNoticeMutation, REFETCH);
  const [said, setSaid] = useState<string | null>(null);
  const panelId = `avviso-${notice.recipientId}`;
  const unread = !notice.openedAt;
  const onConfirm = async () => {
    try {
      const outcome = readMutationResult((await confirm({ variables: { recipientId: notice.recipientId } })).data?.confirmMyNotice);
      notify(outcome.ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, outcome.ok ? outcome.data.message : outcome.message);
      if (outcome.ok) setSaid(outcome.data.message);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    }
  };
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" borderColor={unread ? 'brand.emphasized' : undefined} aria-label={notice.title} overflow="hidden">
      <chakra.button
        type="button"
        w="100%"
        textAlign="start"
        p="3"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        _hover={{ bg: 'bg.muted' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' }}
      >
        <Flex gap="2" align="flex-start">
          <Stack gap="1" flex="1" minW="0">
            <HStack gap="2" wrap="wrap">
              <Text as="span" fontWeight={unread ? 'bold' : 'semibold'} overflowWrap="anywhere">
                {notice.title}
              </Text>
              {notice.urgent && (
                <Badge colorPalette="red" variant="subtle" size="sm">
                  Urgente
                </Badge>
              )}
              {unread && (
                <Badge colorPalette="brand" variant="solid" size="sm">
                  Nuovo
                </Badge>
              )}
            </HStack>
            <Text as="span" fontSize="sm" color="fg.muted" overflowWrap="anywhere">
              {`${notice.clubName} · ${italianDayOf(notice.sentAt)} · per ${notice.forNames}`}
            </Text>
          </Stack>
          <ChevronRightIcon color="fg.muted" mt="1" flexShrink={0} transform={open ? 'rotate(90deg)' : undefined} transition="transform 0.15s" />
        </Flex>
      </chakra.button>
      {open && (
        <Stack id={panelId} gap="3" px="3" pb="3" pt="1">
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
            {notice.body}
          </Text>
          <AttachmentList attachments={notice.attachments} onOpen={openAttachment} action="Scarica" id={`${panelId}-allegati`} />
          {notice.urgent &&
            (notice.confirmedAt ? (
              <Text fontSize="sm" color="green.fg" role="status">
                {said ?? `Hai confermato la lettura il ${italianDayOf(notice.confirmedAt)}.`}
              </Text>
            ) : (
              <Stack gap="2" align={{ base: 'stretch', sm: 'flex-start' }}>
                <Text fontSize="sm" color="orange.fg">
                  La società ti chiede di confermare di aver letto questo avviso.
                </Text>
                <Button colorPalette="brand" onClick={() => void onConfirm()} loading={confirming.loading} loadingText="Conferma in corso...">
                  Confermo la lettura
                </Button>
              </Stack>
            ))}
        </Stack>
      )}
    </Box>
  );
}

export function MyNoticesSection() {
  const { data, error, refetch } = useQuery(MyNoticesQuery, { fetchPolicy: 'cache-and-network' });
  const [openMine] = useMutation(OpenMyNoticeMutation, REFETCH);
  const [openId, setOpenId] = useState<string | null>(null);
  /** The receipts whose opening was recorded in this visit: once each. */
  const recorded = useRef(new Set<string>());
  const answer = data?.myNotices;
  const notices = answer?.__typename === 'QueryMyNoticesSuccess' ? answer.data : null;

  const toggle = (notice: MyNotice) => {
    const opening = openId !== notice.recipientId;
    setOpenId(opening ? notice.recipientId : null);
    if (opening && !notice.openedAt && !recorded.current.has(notice.recipientId)) {
      recorded.current.add(notice.recipientId);
      void openMine({ variables: { recipientId: notice.recipientId } }).catch(() => recorded.current.delete(notice.recipientId));
    }
  };

  let body;
  if (notices && notices.length === 0) body = <AreaEmpty>Nessun avviso ricevuto.</AreaEmpty>;
  else if (notices)
    body = (
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Avvisi ricevuti">
        {notices.map((n) => (
          <NoticeItem key={n.recipientId} notice={n} open={openId === n.recipientId} onToggle={() => toggle(n)} />
        ))}
      </Stack>
    );
  else if (answer && 'message' in answer) body = <ListError message={answer.message} onRetry={() => void refetch().catch(() => undefined)} />;
  else if (error) body = <ListError message={messageOfError(error)} onRetry={() => void refetch().catch(() => undefined)} />;
  else body = <ListLoading label="Caricamento degli avvisi..." />;

  const unread = notices?.filter((n) => !n.openedAt).length ?? 0;
  return (
    <AreaSection id="avvisi" title="Avvisi" description={unread ? `I messaggi delle società: ${unread === 1 ? '1 nuovo' : `${unread} nuovi`}.` : 'I messaggi che le società mandano a te e alla tua famiglia.'}>
      {body}
    </AreaSection>
  );
}
