// "Lascia un feedback" (user menu): topic, message with a counter, and the page the user was on; then a thank-you.
// Stored for the club and emailed to the product team by sendFeedback.
import { useMutation } from '@apollo/client/react';
import { Button, CloseButton, Dialog, Fieldset, Flex, Portal, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useLocation } from 'react-router';
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_TOPICS, feedbackInput, type FeedbackInput } from '../../../../../schema/validation/feedback';
import { ConnectedField, PanelFormFooter, SchemaForm, useFieldError, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { CheckCircleIcon } from '../../../components/icons';
import { PanelCloseProvider, useGuardedClose } from '../../../components/ui/unsaved-changes';
import { useReturnFocus } from '../../../lib/focus';
import { readMutationResult } from '../../../lib/mutation-result';
import { SendFeedbackMutation } from '../account-documents';

const FORM_ID = 'feedback-form';

export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // A message typed and not sent: closing asks first, as in the form panels.
  const [dirty, setDirty] = useState(false);
  const { requestClose, dialog } = useGuardedClose({ open, dirty, onClose });
  const returnFocus = useReturnFocus(open);
  return (
    <PanelCloseProvider value={requestClose}>
      <Dialog.Root
        open={open}
        onOpenChange={(d) => !d.open && requestClose()}
        placement="center"
        size={{ base: 'sm', md: 'md' }}
        lazyMount
        unmountOnExit
        {...returnFocus}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content>
              {/* Unmounted on close: each opening starts from an empty form. */}
              <FeedbackForm onClose={onClose} onDirtyChange={setDirty} />
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      {dialog}
    </PanelCloseProvider>
  );
}

function FeedbackForm({ onClose, onDirtyChange }: { onClose: () => void; onDirtyChange: (dirty: boolean) => void }) {
  const location = useLocation();
  const form = useSchemaForm(feedbackInput, { topic: 'suggestion', message: '', page: `${location.pathname}${location.search}` });
  const [sent, setSent] = useState<string>();
  const [send, { loading: sending }] = useMutation(SendFeedbackMutation);

  async function sendFeedback(input: FeedbackInput): Promise<SubmitOutcome> {
    const { data } = await send({ variables: { input } });
    const outcome = readMutationResult(data?.sendFeedback);
    if (!outcome.ok) return outcome;
    setSent(outcome.data.message);
  }

  if (sent) {
    return (
      <>
        <Dialog.Header>
          <Dialog.Title>Feedback inviato</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="3" align="center" textAlign="center" py="4" role="status">
            <CheckCircleIcon boxSize="10" color="green.600" />
            <Text fontWeight="semibold">{sent}</Text>
            <Text color="fg.muted">Lo leggiamo tutti: ci aiuta a decidere cosa migliorare in CampoBase.</Text>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button onClick={onClose}>Chiudi</Button>
        </Dialog.Footer>
      </>
    );
  }

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Lascia un feedback</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {/* Sent: the form goes away, and with it the unsaved changes it reported. */}
        <SchemaForm id={FORM_ID} form={form} onSubmit={sendFeedback} onDirtyChange={onDirtyChange}>
          <Text color="fg.muted">Un suggerimento, un problema o qualcosa che ti è piaciuto: scrivici, ti leggiamo.</Text>
          <TopicField />
          <MessageField />
        </SchemaForm>
      </Dialog.Body>
      <Dialog.Footer>
        <PanelFormFooter formId={FORM_ID} sending={sending} submitLabel="Invia feedback" sendingLabel="Invio in corso..." />
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Chiudi" />
      </Dialog.CloseTrigger>
    </>
  );
}

function TopicField() {
  const error = useFieldError('topic');
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        Di cosa si tratta?
      </Fieldset.Legend>
      <Controller
        name="topic"
        render={({ field }) => (
          <RadioGroup.Root name={field.name} value={field.value as string} onValueChange={(d) => d.value && field.onChange(d.value)}>
            <Flex gap={{ base: '3', sm: '5' }} wrap="wrap">
              {FEEDBACK_TOPICS.map((t) => (
                <RadioGroup.Item key={t.value} value={t.value}>
                  <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t.label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Flex>
          </RadioGroup.Root>
        )}
      />
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}

function MessageField() {
  const { register } = useFormContext();
  const message = useWatch({ name: 'message' }) as string;
  const tooLong = message.length > FEEDBACK_MESSAGE_MAX;
  return (
    <ConnectedField name="message" label="Messaggio" required invalid={tooLong}>
      <Textarea {...register('message')} rows={6} autoresize maxH="50vh" />
      {/* Always visible (also beside an error): how much room is left. */}
      <Text fontSize="sm" alignSelf="flex-end" color={tooLong ? 'fg.error' : 'fg.muted'}>
        {message.length}/{FEEDBACK_MESSAGE_MAX} caratteri
      </Text>
    </ConnectedField>
  );
}
