// "Convocati": the day's call-ups with the answers as they come (the page polls), the counts, the reminder to who has
// not answered (the server's message stays on screen), the school-absence letters (all the minors in one PDF, or one
// athlete's) and withdrawing one call-up, asked first. A call-up made in deroga shows its reason; the checks as they
// stand now show when something blocks the athlete today.
import { useMutation } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { CALL_UP_RESPONSE_LABELS } from '../../../../../schema/validation/calendar';
import { DownloadIcon, MailIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import type { CallUpsPage_ListQuery } from '../../../gql/graphql';
import { downloadFileOrMessage } from '../../../lib/authorized-file';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { moment, RESPONSE_PALETTE, schoolLetterFilename, schoolLettersUrl } from '../call-ups-labels';
import { RemindCallUpsMutation, WithdrawCallUpMutation } from '../call-ups-staff-documents';
import { SchoolLetterTemplateButton, SchoolOfAthlete } from './school-letters';

type Success = Extract<CallUpsPage_ListQuery['callUps'], { __typename: 'QueryCallUpsSuccess' }>;
export type CallUpEntry = Success['data'][number];

export interface CalledUpSectionProps {
  eventId: string;
  occursOn: string;
  /** null while loading or when refused. */
  entries: readonly CallUpEntry[] | null;
  loading: boolean;
  /** The refusal or the failure, when the list could not be read. */
  error: string | null;
  /** When the answers were last read (the poll). */
  updatedAt: Date | null;
  mayWrite: boolean;
  /** club.write: the letter's template is the club's. */
  mayEditTemplate: boolean;
  onRetry: () => void;
  onChanged: () => void;
}

function Count({ label, value, palette }: { label: string; value: number; palette: string }) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="lg" px="3" py="2" data-testid={`count-${label}`}>
      <Text fontSize="xs" color="fg.muted" fontWeight="medium">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="bold" lineHeight="1.1" color={value > 0 ? `${palette}.fg` : 'fg'}>
        {value}
      </Text>
    </Box>
  );
}

function EntryRow({ entry, mayWrite, letterBusy, onLetter, onWithdraw, onChanged }: { entry: CallUpEntry; mayWrite: boolean; letterBusy: boolean; onLetter: () => void; onWithdraw: () => void; onChanged: () => void }) {
  const nameId = `convocato-${entry.id}`;
  return (
    <Box as="li" py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} aria-labelledby={nameId} data-testid="called-up">
      <Flex gap="3" wrap="wrap" align="flex-start" justify="space-between">
        <Stack gap="1" minW="0" flex="1 1 16rem">
          <Flex gap="2" wrap="wrap" align="center">
            <Text id={nameId} fontWeight="semibold" overflowWrap="anywhere">
              {entry.name}
            </Text>
            {entry.response ? (
              <Badge colorPalette={RESPONSE_PALETTE[entry.response]} variant="solid">
                {CALL_UP_RESPONSE_LABELS[entry.response]}
              </Badge>
            ) : (
              <Badge colorPalette="gray">Non ha risposto</Badge>
            )}
            {entry.overrideReason && <Badge colorPalette="orange">In deroga</Badge>}
          </Flex>
          {entry.responseNote && (
            <Text fontSize="sm" overflowWrap="anywhere">
              {`«${entry.responseNote}»`}
            </Text>
          )}
          <Text fontSize="sm" color="fg.muted">
            {[
              entry.respondedAt ? `Risposto ${moment(entry.respondedAt)}` : entry.deadline ? `Risposta attesa entro ${moment(entry.deadline)}` : null,
              entry.remindedAt ? `Sollecitato ${moment(entry.remindedAt)}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {entry.overrideReason && (
            <Text fontSize="sm" overflowWrap="anywhere">
              {`Motivo della deroga: ${entry.overrideReason}`}
            </Text>
          )}
          {entry.blockersNow.length > 0 ? (
            <Text fontSize="sm" color="fg.error" overflowWrap="anywhere">
              {`Requisiti mancanti: ${entry.blockersNow.join('; ')}`}
            </Text>
          ) : (
            entry.blockersAtCallUp.length > 0 && (
              <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                {`Ora in regola (alla convocazione: ${entry.blockersAtCallUp.join('; ')})`}
              </Text>
            )
          )}
          {entry.minor && <SchoolOfAthlete personId={entry.personId} name={entry.name} school={entry.school ?? null} mayWrite={mayWrite} onSaved={onChanged} />}
        </Stack>
        <Flex gap="2" wrap="wrap">
          {entry.minor && (
            <Button size="sm" variant="outline" loading={letterBusy} onClick={onLetter} aria-label={`Lettera per la scuola di ${entry.name}`}>
              <DownloadIcon />
              Lettera per la scuola
            </Button>
          )}
          {mayWrite && (
            <Button size="sm" variant="outline" colorPalette="red" onClick={onWithdraw} aria-label={`Ritira la convocazione di ${entry.name}`}>
              Ritira
            </Button>
          )}
        </Flex>
      </Flex>
    </Box>
  );
}

export function CalledUpSection({ eventId, occursOn, entries, loading, error, updatedAt, mayWrite, mayEditTemplate, onRetry, onChanged }: CalledUpSectionProps) {
  const headingId = useId();
  const [remind, reminding] = useMutation(RemindCallUpsMutation);
  const [withdraw, withdrawing] = useMutation(WithdrawCallUpMutation);
  const [remindMessage, setRemindMessage] = useState<string | null>(null);
  const [letterMessage, setLetterMessage] = useState<string | null>(null);
  const [letterBusy, setLetterBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState<CallUpEntry | null>(null);

  const onRemind = async () => {
    try {
      const outcome = readMutationResult((await remind({ variables: { eventId, occursOn } })).data?.remindCallUps);
      setRemindMessage(outcome.ok ? outcome.data.message : outcome.message);
      notify(outcome.ok ? (outcome.data.reminded ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.info) : MESSAGE_LEVEL.error, outcome.ok ? outcome.data.message : outcome.message);
      if (outcome.ok) onChanged();
    } catch (err) {
      setRemindMessage(messageOfError(err));
      notify(MESSAGE_LEVEL.error, messageOfError(err));
    }
  };

  const onWithdraw = async (entry: CallUpEntry) => {
    try {
      const outcome = readMutationResult((await withdraw({ variables: { id: entry.id } })).data?.withdrawCallUp);
      setAsking(null);
      if (!outcome.ok) {
        notify(MESSAGE_LEVEL.error, outcome.message);
        return;
      }
      notify(MESSAGE_LEVEL.success, `${entry.name}: ${outcome.data.message}`);
      onChanged();
    } catch (err) {
      setAsking(null);
      notify(MESSAGE_LEVEL.error, messageOfError(err));
    }
  };

  const onLetter = async (entry?: CallUpEntry) => {
    const key = entry?.id ?? 'all';
    setLetterBusy(key);
    setLetterMessage(null);
    try {
      const message = await downloadFileOrMessage(schoolLettersUrl(eventId, occursOn, entry?.personId), schoolLetterFilename(occursOn, entry?.name));
      if (message) {
        setLetterMessage(message);
        notify(MESSAGE_LEVEL.error, message);
      }
    } finally {
      setLetterBusy(null);
    }
  };

  const list = entries ?? [];
  const count = (response: CallUpEntry['response']) => list.filter((e) => e.response === response).length;

  let body;
  if (!entries) {
    body = error ? <ListError message={error} onRetry={onRetry} /> : loading ? <ListLoading label="Caricamento dei convocati..." /> : null;
  } else if (!entries.length) {
    body = <ListEmpty>Nessun atleta convocato per questo giorno: sceglili nell'elenco «Da convocare».</ListEmpty>;
  } else {
    body = (
      <Stack gap="4">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" aria-label="Risposte" role="group">
          <Count label="Sì" value={count('si')} palette="green" />
          <Count label="No" value={count('no')} palette="red" />
          <Count label="Forse" value={count('forse')} palette="orange" />
          <Count label="Non hanno risposto" value={count(null)} palette="gray" />
        </SimpleGrid>
        <Flex gap="2" wrap="wrap" direction={{ base: 'column', sm: 'row' }}>
          {mayWrite && (
            <Button variant="outline" loading={reminding.loading} disabled={count(null) === 0} onClick={() => void onRemind()}>
              <MailIcon />
              Sollecita chi non ha risposto
            </Button>
          )}
          {list.some((e) => e.minor) && (
            <Button variant="outline" loading={letterBusy === 'all'} onClick={() => void onLetter()}>
              <DownloadIcon />
              Lettere per la scuola (PDF)
            </Button>
          )}
          {mayEditTemplate && <SchoolLetterTemplateButton />}
        </Flex>
        {remindMessage && (
          <Box role="status" borderWidth="1px" borderColor="blue.muted" bg="blue.subtle" borderRadius="md" p="3" data-testid="remind-result">
            <Text>{remindMessage}</Text>
          </Box>
        )}
        {letterMessage && (
          <Box role="alert" borderWidth="1px" borderColor="red.muted" bg="red.subtle" borderRadius="md" p="3">
            <Text>{letterMessage}</Text>
          </Box>
        )}
        <Box as="ul" listStyleType="none" bg="bg" borderWidth="1px" borderRadius="xl" px={{ base: '3', md: '4' }} aria-label="Atleti convocati">
          {list.map((entry) => (
            <EntryRow key={entry.id} entry={entry} mayWrite={mayWrite} letterBusy={letterBusy === entry.id} onLetter={() => void onLetter(entry)} onWithdraw={() => setAsking(entry)} onChanged={onChanged} />
          ))}
        </Box>
      </Stack>
    );
  }

  return (
    <Stack as="section" gap="4" aria-labelledby={headingId}>
      <Flex gap="2" wrap="wrap" align="baseline" justify="space-between">
        <Heading as="h2" id={headingId} size="lg">
          {entries ? `Convocati (${entries.length})` : 'Convocati'}
        </Heading>
        {updatedAt && (
          <Text fontSize="xs" color="fg.muted" data-testid="called-up-updated">
            {`Risposte aggiornate alle ${updatedAt.toLocaleTimeString('it-IT', { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'Europe/Rome' })}`}
          </Text>
        )}
      </Flex>
      {body}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? `Ritirare la convocazione di ${asking.name}?` : ''}
        message={asking ? `Il link ricevuto non servirà più per rispondere. Potrai convocare di nuovo ${asking.name} dall'elenco «Da convocare».` : ''}
        confirmLabel="Ritira"
        cancelLabel="Indietro"
        loading={withdrawing.loading}
        onConfirm={() => asking && void onWithdraw(asking)}
        onCancel={() => setAsking(null)}
      />
    </Stack>
  );
}
