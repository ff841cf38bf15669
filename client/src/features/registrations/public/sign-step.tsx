// Step "Firma": the code mailed to the registrant and their full name, as the simple electronic signature; a new
// code on request. The server's refusals land under their field (code, signerName) or send back to the documents.
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useApolloClient } from '@apollo/client/react';
import { useState, type Ref } from 'react';
import { useFormState } from 'react-hook-form';
import { MSG } from '../../../../../schema/messages';
import { SIGNATURE_CODE_MINUTES, signRegistrationInput } from '../../../../../schema/validation/registrations';
import { SchemaForm, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormAlert } from '../../../components/ui/form-alert';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { StepCard } from './public-frame';
import { ResendRegistrationCodeMutation, SignRegistrationMutation } from './registration-documents';
import type { SignedInfo } from './registration-storage';

export function SignStep({
  headingRef,
  accessToken,
  maskedEmail,
  people,
  formTitle,
  onSigned,
  onDocumentsMissing,
  onBack,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  accessToken: string;
  maskedEmail: string;
  people: string[];
  formTitle: string;
  onSigned: (signed: SignedInfo) => void;
  /** The server refused for a document missing: its messages by `people.N.documents.<kind>`. */
  onDocumentsMissing: ((errors: Record<string, string>) => void) | undefined;
  onBack: (() => void) | undefined;
}) {
  const client = useApolloClient();
  const form = useSchemaForm(signRegistrationInput, { signerName: '', code: '' });
  const [resend, setResend] = useState<{ sending: boolean; notice?: { status: 'success' | 'error'; message: string } }>({ sending: false });

  const sign = async (input: { signerName: string; code: string }): Promise<SubmitOutcome> => {
    const { data } = await client.mutate({ mutation: SignRegistrationMutation, variables: { accessToken, ...input } });
    const outcome = readMutationResult(data?.signRegistration);
    if (outcome.ok) {
      onSigned(outcome.data);
      return;
    }
    const documents = Object.fromEntries(Object.entries(outcome.fieldErrors).filter(([k]) => /^people\.\d+\.(documents|certificate)/.test(k)));
    if (Object.keys(documents).length && onDocumentsMissing) {
      onDocumentsMissing(documents);
      return;
    }
    return { ok: false, message: outcome.message, fieldErrors: outcome.fieldErrors };
  };

  const sendAgain = async () => {
    setResend({ sending: true });
    try {
      const { data } = await client.mutate({ mutation: ResendRegistrationCodeMutation, variables: { accessToken } });
      const outcome = readMutationResult(data?.resendRegistrationCode);
      setResend({ sending: false, notice: outcome.ok ? { status: 'success', message: outcome.data.message } : { status: 'error', message: outcome.message } });
    } catch (error) {
      setResend({ sending: false, notice: { status: 'error', message: messageOfError(error) } });
    }
  };

  return (
    <StepCard ref={headingRef} title="Firma l'iscrizione" description={MSG.registrationCodeSent(maskedEmail)}>
      <Box bg="bg.muted" borderRadius="md" p="4" fontSize="sm">
        Firmando confermi i dati inviati con il modulo «{formTitle}» per {people.join(', ')}. Il codice vale {SIGNATURE_CODE_MINUTES} minuti.
      </Box>
      <SchemaForm form={form} onSubmit={sign} aria-labelledby="passo-titolo" repeatFieldMessage={false}>
        <TextField name="signerName" label="Il tuo nome e cognome" required autoComplete="name" helper="Scrivili come nel modulo: è la tua firma." />
        <TextField
          name="code"
          label="Codice ricevuto per email"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          fontFamily="mono"
          letterSpacing="0.3em"
          fontSize="xl"
          maxW="12rem"
        />
        <FormAlert message={resend.notice?.message} status={resend.notice?.status} />
        <Flex gap="3" direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'center' }}>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
            {onBack && (
              <Button variant="outline" onClick={onBack}>
                Indietro ai documenti
              </Button>
            )}
            <Button variant="ghost" colorPalette="brand" onClick={() => void sendAgain()} loading={resend.sending} loadingText="Invio del codice...">
              Invia di nuovo il codice
            </Button>
          </Stack>
          <SubmitButton />
        </Flex>
      </SchemaForm>
      <Text fontSize="sm" color="fg.muted">
        Non trovi l&apos;email? Controlla anche nella posta indesiderata.
      </Text>
    </StepCard>
  );
}

function SubmitButton() {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting} loadingText="Firma in corso...">
      Firma e invia
    </Button>
  );
}
