// "Lascia un feedback" (user menu): topic, message with a counter, and the page the user was on; then a thank-you.
// Stored for the club and emailed to the product team by sendFeedback.
import { useMutation } from '@apollo/client/react';
import { Button, CloseButton, Dialog, Fieldset, Flex, Portal, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { MSG } from '../../../../../schema/messages';
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_TOPICS, feedbackInput, type FeedbackTopic } from '../../../../../schema/validation/feedback';
import { CheckCircleIcon } from '../../../components/icons';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { PanelCancelButton, PanelCloseProvider, useGuardedClose } from '../../../components/ui/unsaved-changes';
import { messageOfError } from '../../../lib/errors';
import { validate, type FieldErrors } from '../../../lib/form-errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { useDirtyReport, useIsDirty } from '../../../lib/use-is-dirty';
import { SendFeedbackMutation } from '../account-documents';

const FORM_ID = 'feedback-form';

export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // A message typed and not sent: closing asks first, as in the form panels.
  const [dirty, setDirty] = useState(false);
  const { requestClose, dialog } = useGuardedClose({ open, dirty, onClose });
  return (
    <PanelCloseProvider value={requestClose}>
      <Dialog.Root
        open={open}
        onOpenChange={(d) => !d.open && requestClose()}
        placement="center"
        size={{ base: 'sm', md: 'md' }}
        lazyMount
        unmountOnExit
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
  const [topic, setTopic] = useState<FeedbackTopic>('suggestion');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [send, { loading: sending }] = useMutation(SendFeedbackMutation);
  useDirtyReport(useIsDirty({ topic: 'suggestion', message: '' }, { topic, message }) && !sent, onDirtyChange);

  const fail = (text: string, fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    setFormError(text);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const input = { topic, message, page: `${location.pathname}${location.search}` };
    const checked = validate(feedbackInput, input);
    if (!checked.ok) return fail(MSG.invalidFields, checked.errors);
    setErrors({});
    setFormError(undefined);
    try {
      const { data } = await send({ variables: { input: checked.data } });
      const outcome = readMutationResult(data?.sendFeedback);
      if (!outcome.ok) return fail(outcome.message, outcome.fieldErrors);
      setSent(outcome.data.message);
    } catch (e) {
      fail(messageOfError(e), {});
    }
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

  const tooLong = message.length > FEEDBACK_MESSAGE_MAX;
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Lascia un feedback</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <form id={FORM_ID} noValidate onSubmit={onSubmit}>
          <Stack gap="5">
            <Text color="fg.muted">Un suggerimento, un problema o qualcosa che ti è piaciuto: scrivici, ti leggiamo.</Text>
            <FormAlert message={formError} />
            <Fieldset.Root invalid={Boolean(errors.topic)}>
              <Fieldset.Legend fontSize="sm" fontWeight="medium">
                Di cosa si tratta?
              </Fieldset.Legend>
              <RadioGroup.Root name="topic" value={topic} onValueChange={(d) => d.value && setTopic(d.value as FeedbackTopic)}>
                <Flex gap={{ base: '3', sm: '5' }} wrap="wrap">
                  {FEEDBACK_TOPICS.map((t) => (
                    <RadioGroup.Item key={t.value} value={t.value}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{t.label}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Flex>
              </RadioGroup.Root>
              {errors.topic && <Fieldset.ErrorText>{errors.topic}</Fieldset.ErrorText>}
            </Fieldset.Root>
            <FormField label="Messaggio" required error={errors.message} invalid={tooLong}>
              <Textarea name="message" value={message} onChange={(e) => setMessage(e.target.value)} rows={6} autoresize maxH="50vh" />
              {/* Always visible (also beside an error): how much room is left. */}
              <Text fontSize="sm" alignSelf="flex-end" color={tooLong ? 'fg.error' : 'fg.muted'}>
                {message.length}/{FEEDBACK_MESSAGE_MAX} caratteri
              </Text>
            </FormField>
          </Stack>
        </form>
      </Dialog.Body>
      <Dialog.Footer>
        <PanelCancelButton disabled={sending}>Annulla</PanelCancelButton>
        <Button type="submit" form={FORM_ID} disabled={sending}>
          {sending ? 'Invio in corso...' : 'Invia feedback'}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Chiudi" />
      </Dialog.CloseTrigger>
    </>
  );
}
