// /modifica-utente: the signed-in account's profile (spec §3 Account.profile), filled from the server and saved
// for real (the legacy form only logged it). The email is the login and is shown, not edited.
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Flex, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { MSG } from '../../../../../schema/messages';
import { accountProfileInput } from '../../../../../schema/validation/account';
import { SchemaForm, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormField } from '../../../components/ui/form-field';
import { ListError } from '../../../components/ui/list-status';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useUnsavedChangesGuard } from '../../../components/ui/unsaved-changes';
import type { AccountProfile_FieldsFragment } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { MyProfileQuery, UpdateMyProfileMutation } from '../account-documents';
import { AccountCard } from '../../../components/ui/account-card';

const TITLE = 'Il tuo profilo';

export default function ProfilePage() {
  useDocumentTitle(TITLE);
  const { data, loading, error, refetch } = useQuery(MyProfileQuery, { fetchPolicy: 'network-only' });
  const me = data?.me;

  let body;
  if (me) body = <ProfileForm key={me.profile.id} email={me.email} profile={me.profile} />;
  else if (loading) body = <PageSpinner label="Caricamento del profilo..." />;
  else body = <ListError message={error ? messageOfError(error) : MSG.loadFailed} onRetry={() => void refetch().catch(() => undefined)} />;

  return (
    <Stack gap="6" maxW="3xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="fg.muted">I tuoi dati personali, visibili a chi gestisce la società con te.</Text>
      </Stack>
      {body}
    </Stack>
  );
}

type Values = { firstname: string; lastname: string; nickname: string; birthday: string; taxIdCode: string };

const valuesOf = (p: AccountProfile_FieldsFragment): Values => ({
  firstname: p.firstname,
  lastname: p.lastname,
  nickname: p.nickname ?? '',
  birthday: p.birthday ?? '',
  taxIdCode: p.taxIdCode ?? '',
});

function ProfileForm({ email, profile }: { email: string; profile: AccountProfile_FieldsFragment }) {
  // The values the server holds: typed changes not saved yet ask before leaving the page (a link, back, a reload).
  const form = useSchemaForm(accountProfileInput, valuesOf(profile));
  const [dirty, setDirty] = useState(false);
  const leaveGuard = useUnsavedChangesGuard(dirty);
  const [update, { loading: sending }] = useMutation(UpdateMyProfileMutation);

  async function save(): Promise<SubmitOutcome> {
    // The values as typed: blank optional fields are sent as "" so the server clears them.
    const { data } = await update({ variables: { input: { ...form.getValues() } } });
    const outcome = readMutationResult(data?.updateMyProfile);
    if (!outcome.ok) return outcome;
    form.reset(valuesOf(outcome.data.account.profile));
    notify(MESSAGE_LEVEL.success, outcome.data.message);
  }

  return (
    <AccountCard id="dati-personali" title="Dati personali">
      <SchemaForm form={form} onSubmit={save} onDirtyChange={setDirty} aria-labelledby="dati-personali">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField name="firstname" label="Nome" required autoComplete="given-name" maxLength={100} />
          <TextField name="lastname" label="Cognome" required autoComplete="family-name" maxLength={100} />
          <TextField name="nickname" label="Soprannome" autoComplete="nickname" maxLength={100} />
          <TextField name="birthday" label="Data di nascita" type="date" autoComplete="bday" />
          <TextField name="taxIdCode" label="Codice fiscale" required autoComplete="off" maxLength={16} textTransform="uppercase" spellCheck={false} />
          <FormField label="Email di accesso" helper="L'email con cui accedi non si modifica da qui.">
            <Input name="email" value={email} readOnly aria-readonly="true" bg="bg.muted" />
          </FormField>
        </SimpleGrid>
        <Flex justify="flex-end">
          <Button type="submit" disabled={sending} w={{ base: 'full', sm: 'auto' }}>
            {sending ? 'Salvataggio in corso...' : 'Salva modifiche'}
          </Button>
        </Flex>
      </SchemaForm>
      {leaveGuard.dialog}
    </AccountCard>
  );
}
