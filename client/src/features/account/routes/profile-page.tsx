// /modifica-utente: the signed-in account's profile (spec §3 Account.profile), filled from the server and saved
// for real (the legacy form only logged it). The email is the login and is shown, not edited.
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Flex, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { MSG } from '../../../../../schema/messages';
import { accountProfileInput } from '../../../../../schema/validation/account';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { ListError } from '../../../components/ui/list-status';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useUnsavedChangesGuard } from '../../../components/ui/unsaved-changes';
import type { AccountProfile_FieldsFragment } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { validate, type FieldErrors } from '../../../lib/form-errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { sameFormValue } from '../../../lib/use-is-dirty';
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
  // What the server holds: typed changes not saved yet ask before leaving the page (a link, back, a reload).
  const [saved, setSaved] = useState<Values>(() => valuesOf(profile));
  const [values, setValues] = useState<Values>(saved);
  const leaveGuard = useUnsavedChangesGuard(!sameFormValue(saved, values));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [update, { loading: sending }] = useMutation(UpdateMyProfileMutation);

  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const fail = (message: string, fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    setFormError(message);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const checked = validate(accountProfileInput, values);
    if (!checked.ok) return fail(MSG.invalidFields, checked.errors);
    setErrors({});
    setFormError(undefined);
    try {
      // Blank optional fields are sent as "" so the server clears them.
      const { data } = await update({ variables: { input: { ...values } } });
      const outcome = readMutationResult(data?.updateMyProfile);
      if (!outcome.ok) return fail(outcome.message, outcome.fieldErrors);
      setValues(valuesOf(outcome.data.account.profile));
      setSaved(valuesOf(outcome.data.account.profile));
      notify(MESSAGE_LEVEL.success, outcome.data.message);
    } catch (e) {
      fail(messageOfError(e), {});
    }
  }

  return (
    <AccountCard id="dati-personali" title="Dati personali">
      <form noValidate onSubmit={onSubmit} aria-labelledby="dati-personali">
        <Stack gap="5">
          <FormAlert message={formError} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField label="Nome" required error={errors.firstname}>
              <Input {...field('firstname')} autoComplete="given-name" maxLength={100} />
            </FormField>
            <FormField label="Cognome" required error={errors.lastname}>
              <Input {...field('lastname')} autoComplete="family-name" maxLength={100} />
            </FormField>
            <FormField label="Soprannome" error={errors.nickname}>
              <Input {...field('nickname')} autoComplete="nickname" maxLength={100} />
            </FormField>
            <FormField label="Data di nascita" error={errors.birthday}>
              <Input {...field('birthday')} type="date" autoComplete="bday" />
            </FormField>
            <FormField label="Codice fiscale" required error={errors.taxIdCode}>
              <Input {...field('taxIdCode')} autoComplete="off" maxLength={16} textTransform="uppercase" spellCheck={false} />
            </FormField>
            <FormField label="Email di accesso" helper="L'email con cui accedi non si modifica da qui.">
              <Input name="email" value={email} readOnly aria-readonly="true" bg="bg.muted" />
            </FormField>
          </SimpleGrid>
          <Flex justify="flex-end">
            <Button type="submit" disabled={sending} w={{ base: 'full', sm: 'auto' }}>
              {sending ? 'Salvataggio in corso...' : 'Salva modifiche'}
            </Button>
          </Flex>
        </Stack>
      </form>
      {leaveGuard.dialog}
    </AccountCard>
  );
}
