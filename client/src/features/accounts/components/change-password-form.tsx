// Security page: new password, proven by the current one (rules shared with the server). On success the server
// has ended every other session, so the sessions list is fetched again.
import { useMutation } from '@apollo/client/react';
import { Button, Flex, SimpleGrid } from '@chakra-ui/react';
import { useState } from 'react';
import { MSG } from '../../../../../schema/messages';
import { changePasswordInput, type ChangePasswordInput } from '../../../../../schema/validation/account';
import { PasswordField, PasswordPair, SchemaForm, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { ChangePasswordMutation, MySessionsQuery } from '../account-documents';

const EMPTY = { currentPassword: '', newPassword: '', newPasswordConfirmation: '' };

export function ChangePasswordForm() {
  const form = useSchemaForm(changePasswordInput, EMPTY);
  /** The last change's outcome, shown above the fields until the next message. */
  const [saved, setSaved] = useState<string>();
  const [change, { loading: sending }] = useMutation(ChangePasswordMutation, { refetchQueries: [MySessionsQuery] });

  async function save(input: ChangePasswordInput): Promise<SubmitOutcome> {
    setSaved(undefined);
    const { data } = await change({ variables: { input } });
    const outcome = readMutationResult(data?.changePassword);
    if (!outcome.ok) return outcome;
    form.reset(EMPTY);
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    const ended = outcome.data.revokedSessions;
    setSaved(ended > 0 ? `${outcome.data.message}. ${MSG.otherSessionsRevoked(ended)}` : outcome.data.message);
  }

  return (
    <SchemaForm form={form} onSubmit={save} aria-label="Cambia password" notice={saved ? { status: 'success', message: saved } : undefined}>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <PasswordField name="currentPassword" label="Password attuale" required autoComplete="current-password" />
        <PasswordPair name="newPassword" confirmName="newPasswordConfirmation" label="Nuova password" confirmLabel="Conferma nuova password" bare />
      </SimpleGrid>
      <Flex justify="flex-end">
        <Button type="submit" disabled={sending} w={{ base: 'full', sm: 'auto' }}>
          {sending ? 'Salvataggio in corso...' : 'Aggiorna password'}
        </Button>
      </Flex>
    </SchemaForm>
  );
}
