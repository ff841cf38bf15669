// A call-up as the athlete or a guardian sees it (issue 38 point 2), with its answer: yes, no or maybe with a note,
// until the deadline. The same card in the personal area and on the mail link's page; who answers is the caller's.
import { Badge, Box, Button, chakra, Flex, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { CALL_UP_RESPONSE_LABELS, type CallUpResponse } from '../../../../schema/validation/calendar';
import type { CallUp_ViewFragment } from '../../gql/graphql';

const italianDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('it-IT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const italianMoment = (instant: string) => new Date(instant).toLocaleString('it-IT', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' });
const PALETTE: Record<CallUpResponse, string> = { si: 'green', no: 'red', forse: 'orange' };

export interface CallUpCardProps {
  callUp: CallUp_ViewFragment;
  onAnswer: (response: CallUpResponse, note: string) => Promise<void>;
  /** The heading level of the card's title (h2 on its own page, h3 in a list). */
  headingAs?: 'h2' | 'h3';
}

export function CallUpCard({ callUp, onAnswer, headingAs = 'h3' }: CallUpCardProps) {
  const [note, setNote] = useState(callUp.responseNote ?? '');
  const [busy, setBusy] = useState<CallUpResponse | null>(null);
  const answer = async (response: CallUpResponse) => {
    setBusy(response);
    try {
      await onAnswer(response, note);
    } finally {
      setBusy(null);
    }
  };
  const match = callUp.opponent ? ` ${callUp.home ? 'contro' : 'in trasferta contro'} ${callUp.opponent}` : '';
  const noteId = `nota-${callUp.id}`;
  return (
    <Box as="article" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }} aria-labelledby={`convocazione-${callUp.id}`}>
      <Stack gap="3">
        <Stack gap="1">
          <Flex gap="2" align="center" wrap="wrap">
            <Badge colorPalette="brand" variant="subtle">
              {`Convocazione · ${callUp.kind}`}
            </Badge>
            {callUp.response && (
              <Badge colorPalette={PALETTE[callUp.response]} variant="solid">
                {`Risposta: ${CALL_UP_RESPONSE_LABELS[callUp.response]}`}
              </Badge>
            )}
          </Flex>
          <Heading as={headingAs} id={`convocazione-${callUp.id}`} size="md" overflowWrap="anywhere">
            {`${callUp.personName}: ${callUp.title}${match}`}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {callUp.clubName}
          </Text>
        </Stack>
        <Stack gap="1" fontSize="sm">
          <Text>
            <Text as="span" fontWeight="semibold">
              Quando:{' '}
            </Text>
            {`${italianDay(callUp.date)}, ore ${callUp.startTime}`}
          </Text>
          {callUp.venue && (
            <Text overflowWrap="anywhere">
              <Text as="span" fontWeight="semibold">
                Dove:{' '}
              </Text>
              {callUp.venue}
            </Text>
          )}
          {callUp.meetingTime && (
            <Text overflowWrap="anywhere">
              <Text as="span" fontWeight="semibold">
                Ritrovo:{' '}
              </Text>
              {`ore ${callUp.meetingTime}${callUp.meetingPlace ? `, ${callUp.meetingPlace}` : ''}`}
            </Text>
          )}
          {callUp.deadline && (
            <Text color={callUp.open ? 'fg.muted' : 'fg.error'}>
              {callUp.open ? `Rispondi entro ${italianMoment(callUp.deadline)}.` : 'Il tempo per rispondere è scaduto.'}
            </Text>
          )}
        </Stack>
        {callUp.open && (
          <Stack gap="3">
            <Stack gap="1">
              <chakra.label htmlFor={noteId} fontSize="sm" fontWeight="medium">
                Nota per l’allenatore (facoltativa)
              </chakra.label>
              <Textarea id={noteId} value={note} onChange={(e) => setNote(e.target.value)} maxLength={300} rows={2} placeholder="Es. arrivo alle 15:30" />
            </Stack>
            <HStack gap="2" wrap="wrap" role="group" aria-label="La tua risposta">
              {(['si', 'no', 'forse'] as const).map((response) => (
                <Button
                  key={response}
                  flex={{ base: '1', sm: 'none' }}
                  minW="24"
                  colorPalette={PALETTE[response]}
                  variant={callUp.response === response ? 'solid' : 'outline'}
                  aria-pressed={callUp.response === response}
                  loading={busy === response}
                  disabled={busy !== null}
                  onClick={() => void answer(response)}
                >
                  {CALL_UP_RESPONSE_LABELS[response]}
                </Button>
              ))}
            </HStack>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
