// The personal area's call-ups (issue 38 point 2): the family's call-ups from yesterday on, each answerable until its
// deadline. Nothing shows while there are none (the first screen stays about the people).
import { useMutation, useQuery } from '@apollo/client/react';
import { Heading, Stack, Text } from '@chakra-ui/react';
import type { CallUpResponse } from '../../../../schema/validation/calendar';
import { MESSAGE_LEVEL, notify } from '../../lib/notify';
import { messageOfError } from '../../lib/errors';
import { CallUpCard } from './call-up-card';
import { AnswerMyCallUpMutation, MyCallUpsQuery } from './call-ups-documents';

export function MyCallUpsSection() {
  const { data } = useQuery(MyCallUpsQuery, { fetchPolicy: 'cache-and-network' });
  const [answer] = useMutation(AnswerMyCallUpMutation);
  const callUps = data?.myCallUps ?? [];
  if (!callUps.length) return null;
  const onAnswer = (id: string) => async (response: CallUpResponse, note: string) => {
    try {
      const { data: result } = await answer({ variables: { id, input: { response, note: note.trim() || null } } });
      const outcome = result?.answerMyCallUp;
      if (outcome?.__typename === 'MutationAnswerMyCallUpSuccess') notify(MESSAGE_LEVEL.success, outcome.data.message);
      else if (outcome && 'message' in outcome) notify(MESSAGE_LEVEL.error, outcome.message);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    }
  };
  return (
    <Stack as="section" gap="3" aria-labelledby="convocazioni">
      <Stack gap="1">
        <Heading as="h2" id="convocazioni" size="lg">
          Convocazioni
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Rispondi per te o per i tuoi figli: l’allenatore vede subito la risposta.
        </Text>
      </Stack>
      {callUps.map((callUp) => (
        <CallUpCard key={callUp.id} callUp={callUp} onAnswer={onAnswer(callUp.id)} />
      ))}
    </Stack>
  );
}
