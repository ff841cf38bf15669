// /convocazione/:token: a call-up opened from its mail's link (issue 38 point 2), with no account: the call-up the
// token names and the answer (yes, no, maybe with a note) until the deadline. An unknown or replaced link (a
// reminder sends a new one) says so, not an error.
import { useMutation, useQuery } from '@apollo/client/react';
import { Text } from '@chakra-ui/react';
import { useParams } from 'react-router';
import type { CallUpResponse } from '../../../../schema/validation/calendar';
import { FormAlert } from '../../components/ui/form-alert';
import { PageSpinner } from '../../components/ui/page-spinner';
import { messageOfError } from '../../lib/errors';
import { MESSAGE_LEVEL, notify } from '../../lib/notify';
import { CallUpCard } from '../../components/call-ups/call-up-card';
import { AnswerCallUpByTokenMutation, CallUpByTokenQuery } from '../../components/call-ups/call-ups-documents';
import { PublicFrame } from '../../components/ui/public-frame';

export default function CallUpLinkPage() {
  const { token = '' } = useParams();
  const { data, loading, error } = useQuery(CallUpByTokenQuery, { variables: { token } });
  const [answer] = useMutation(AnswerCallUpByTokenMutation);
  if (loading && !data) {
    return (
      <PublicFrame title="Convocazione" footer="Convocazioni con CampoBase">
        <PageSpinner />
      </PublicFrame>
    );
  }
  if (error) {
    return (
      <PublicFrame title="Convocazione" footer="Convocazioni con CampoBase">
        <FormAlert message={messageOfError(error)} />
      </PublicFrame>
    );
  }
  const callUp = data?.callUpByToken;
  if (!callUp) {
    return (
      <PublicFrame title="Convocazione non trovata" footer="Convocazioni con CampoBase">
        <Text>Il link non è valido o è stato sostituito da uno più recente: apri l’ultima email della società, oppure rispondi dalla tua area personale.</Text>
      </PublicFrame>
    );
  }
  const onAnswer = async (response: CallUpResponse, note: string) => {
    try {
      const { data: result } = await answer({ variables: { token, input: { response, note: note.trim() || null } } });
      const outcome = result?.answerCallUpByToken;
      if (outcome?.__typename === 'MutationAnswerCallUpByTokenSuccess') notify(MESSAGE_LEVEL.success, outcome.data.message);
      else if (outcome && 'message' in outcome) notify(MESSAGE_LEVEL.error, outcome.message);
    } catch (err) {
      notify(MESSAGE_LEVEL.error, messageOfError(err));
    }
  };
  return (
    <PublicFrame kicker={callUp.clubName} title="Convocazione" footer="Convocazioni con CampoBase">
      <CallUpCard callUp={callUp} onAnswer={onAnswer} headingAs="h2" />
    </PublicFrame>
  );
}
