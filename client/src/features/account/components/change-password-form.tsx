// Security page: new password, proven by the current one (rules shared with the server). On success the server
// has ended every other session, so the sessions list is fetched again.
import { useMutation } from '@apollo/client/react';
import { Button, Flex, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { MSG } from '../../../../../schema/messages';
import { changePasswordInput } from '../../../../../schema/validation/account';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { messageOfError } from '../../../lib/errors';
import { validate, type FieldErrors } from '../../../lib/form-errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { ChangePasswordMutation, MySessionsQuery } from '../account-documents';

const EMPTY = { currentPassword: '', newPassword: '', newPasswordConfirmation: '' };
type Values = typeof EMPTY;

export function ChangePasswordForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<{ status: 'error' | 'success'; message: string }>();
  const [change, { loading: sending }] = useMutation(ChangePasswordMutation, { refetchQueries: [MySessionsQuery] });

  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const fail = (message: string, fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    setAlert({ status: 'error', message });
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const checked = validate(changePasswordInput, values);
    if (!checked.ok) return fail(MSG.invalidFields, checked.errors);
    setErrors({});
    setAlert(undefined);
    try {
      const { data } = await change({ variables: { input: values } });
      const outcome = readMutationResult(data?.changePassword);
      if (!outcome.ok) return fail(outcome.message, outcome.fieldErrors);
      setValues(EMPTY);
      notify(MESSAGE_LEVEL.success, outcome.data.message);
      const ended = outcome.data.revokedSessions;
      setAlert({
        status: 'success',
        message: ended > 0 ? `${outcome.data.message}. ${MSG.otherSessionsRevoked(ended)}` : outcome.data.message,
      });
    } catch (e) {
      fail(messageOfError(e), {});
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Cambia password">
      <Stack gap="5">
        <FormAlert message={alert?.message} status={alert?.status} />
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <FormField label="Password attuale" required error={errors.currentPassword}>
            <PasswordInput {...field('currentPassword')} autoComplete="current-password" />
          </FormField>
          <FormField label="Nuova password" required error={errors.newPassword} helper="Almeno 8 caratteri.">
            <PasswordInput {...field('newPassword')} autoComplete="new-password" />
          </FormField>
          <FormField label="Conferma nuova password" required error={errors.newPasswordConfirmation}>
            <PasswordInput {...field('newPasswordConfirmation')} autoComplete="new-password" />
          </FormField>
        </SimpleGrid>
        <Flex justify="flex-end">
          <Button type="submit" disabled={sending} w={{ base: 'full', sm: 'auto' }}>
            {sending ? 'Salvataggio in corso...' : 'Aggiorna password'}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
