// /avviso/:token: a notice opened from its mail's link (issue 39), with no account: the club, the title, the text and
// whom it is for (a parent receives for their children); the first opening is recorded by the server. An urgent
// notice asks "Confermo la lettura" until confirmed, and says it was confirmed on every later visit. An unknown link
// says so, not an error. A notice that is not obbligatorio ends with the choice of notices by e-mail: "Non ricevere più
// avvisi per e-mail" (then "Ricevi di nuovo..."); the mail's "Disiscriviti" link (?disiscrivi=1) brings the focus there.
import { useMutation } from '@apollo/client/react';
import { Alert, Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { AttachmentList } from '../../components/attachment-list';
import { FormAlert } from '../../components/ui/form-alert';
import { PageSpinner } from '../../components/ui/page-spinner';
import { PublicFrame } from '../../components/ui/public-frame';
import type { NoticeLinkPage_OpenMutation } from '../../gql/graphql';
import { messageOfError } from '../../lib/errors';
import { MESSAGE_LEVEL, notify } from '../../lib/notify';
import { ConfirmNoticeByTokenMutation, OpenNoticeByTokenMutation, ResubscribeByTokenMutation, UnsubscribeByTokenMutation } from './notice-link-documents';
import { moment } from './notices-labels';

const FOOTER = 'Avvisi con CampoBase';

type Opened = NonNullable<NoticeLinkPage_OpenMutation['openNoticeByToken']>;

/**
 * Notices by e-mail, from the link: off ("Non ricevere più...") or on again, the server's message in a status region.
 * `arrived`: opened from the mail's "Disiscriviti" link: the focus comes here, with what keeps arriving anyway.
 */
function MailChoice({ token, noticesByEmail, arrived }: { token: string; noticesByEmail: boolean; arrived: boolean }) {
  const [subscribed, setSubscribed] = useState(noticesByEmail);
  const [message, setMessage] = useState<string | null>(null);
  const [unsubscribe, off] = useMutation(UnsubscribeByTokenMutation);
  const [resubscribe, on] = useMutation(ResubscribeByTokenMutation);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (arrived) heading.current?.focus();
  }, [arrived]);

  const onChange = async () => {
    try {
      const { data } = subscribed ? await unsubscribe({ variables: { token } }) : await resubscribe({ variables: { token } });
      const outcome = data && ('unsubscribeByToken' in data ? data.unsubscribeByToken : data.resubscribeByToken);
      if (!outcome) return;
      if ('data' in outcome) {
        setMessage(outcome.data.message);
        setSubscribed(!subscribed);
      } else notify(MESSAGE_LEVEL.error, outcome.message);
    } catch (err) {
      notify(MESSAGE_LEVEL.error, messageOfError(err));
    }
  };
  return (
    <Stack as="section" aria-labelledby="avviso-email" gap="3" borderTopWidth="1px" pt="4">
      <Heading as="h2" size="sm" id="avviso-email" ref={heading} tabIndex={-1} scrollMarginTop="4" _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}>
        Avvisi per e-mail
      </Heading>
      {arrived && <Text fontSize="sm">Gli avvisi obbligatori e urgenti arriveranno comunque.</Text>}
      <Text role="status" fontSize="sm" color="fg.muted">
        {message}
      </Text>
      <Button variant="outline" size="sm" alignSelf={{ base: 'stretch', sm: 'flex-start' }} loading={off.loading || on.loading} onClick={() => void onChange()}>
        {subscribed ? 'Non ricevere più avvisi per e-mail' : 'Ricevi di nuovo gli avvisi per e-mail'}
      </Button>
    </Stack>
  );
}

export default function NoticeLinkPage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const [open] = useMutation(OpenNoticeByTokenMutation);
  const [confirm, { loading: confirming }] = useMutation(ConfirmNoticeByTokenMutation);
  /** undefined while opening, null for an unknown link. */
  const [notice, setNotice] = useState<Opened | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [confirmMessage, setConfirmMessage] = useState<string | null>(null);
  const opened = useRef<string | null>(null);

  useEffect(() => {
    // once per link (React's development double effect, a re-render): the first opening is what the server records
    if (opened.current === token) return;
    opened.current = token;
    open({ variables: { token } })
      .then(({ data }) => setNotice(data?.openNoticeByToken ?? null))
      .catch((err: unknown) => setError(messageOfError(err)));
  }, [open, token]);

  if (error) {
    return (
      <PublicFrame title="Avviso" footer={FOOTER}>
        <FormAlert message={error} />
      </PublicFrame>
    );
  }
  if (notice === undefined) {
    return (
      <PublicFrame title="Avviso" footer={FOOTER}>
        <PageSpinner label="Apertura dell'avviso..." />
      </PublicFrame>
    );
  }
  if (notice === null) {
    return (
      <PublicFrame title="Avviso non trovato" footer={FOOTER}>
        <Text>Il link non è valido o non è completo: apri di nuovo l’avviso dall’email della società, copiando tutto l’indirizzo.</Text>
      </PublicFrame>
    );
  }

  const onConfirm = async () => {
    try {
      const { data } = await confirm({ variables: { token } });
      const outcome = data?.confirmNoticeByToken;
      if (outcome?.__typename === 'MutationConfirmNoticeByTokenSuccess') {
        setConfirmMessage(outcome.data.message);
        // the answer replaces the button in place (role="status"): no toast repeating it
        setNotice({ ...notice, confirmedAt: outcome.data.notice.confirmedAt });
      } else if (outcome) notify(MESSAGE_LEVEL.error, outcome.message);
    } catch (err) {
      notify(MESSAGE_LEVEL.error, messageOfError(err));
    }
  };
  const forOthers = notice.forNames && notice.forNames !== notice.recipientName;
  return (
    <PublicFrame
      kicker={notice.clubName}
      title={notice.title}
      footer={FOOTER}
      details={
        <HStack gap="2" wrap="wrap">
          {notice.urgent && (
            <Badge colorPalette="red" variant="solid">
              Urgente
            </Badge>
          )}
          <Text fontSize="sm" color="fg.muted">{`Inviato il ${moment(notice.sentAt)}`}</Text>
        </HStack>
      }
    >
      <Stack as="article" aria-label={`Avviso: ${notice.title}`} gap="4" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          {forOthers ? `Per ${notice.recipientName}, riguardo a ${notice.forNames}` : `Per ${notice.recipientName}`}
        </Text>
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere" fontSize={{ base: 'md', md: 'lg' }}>
          {notice.body}
        </Text>
        <AttachmentList attachments={notice.attachments} />
      </Stack>
      {notice.urgent && (
        <Box>
          {notice.confirmedAt ? (
            <Alert.Root status="success" borderRadius="md" role="status">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{confirmMessage ?? 'Hai confermato la lettura.'}</Alert.Title>
                <Alert.Description>{`Conferma registrata il ${moment(notice.confirmedAt)}.`}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : (
            <Stack gap="3" bg="bg" borderWidth="1px" borderColor="red.muted" borderRadius="xl" p={{ base: '4', md: '5' }}>
              <Text>La società chiede di confermare che hai letto questo avviso.</Text>
              <Button colorPalette="brand" size="lg" w={{ base: 'full', sm: 'auto' }} alignSelf={{ sm: 'flex-start' }} loading={confirming} onClick={() => void onConfirm()}>
                Confermo la lettura
              </Button>
            </Stack>
          )}
        </Box>
      )}
      {/* an obbligatorio notice (an urgent one always is) offers no way out of it */}
      {!notice.required && !notice.urgent && <MailChoice token={token} noticesByEmail={notice.noticesByEmail} arrived={params.get('disiscrivi') === '1'} />}
    </PublicFrame>
  );
}
