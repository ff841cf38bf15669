// /forgot-password (spec §2, §4, §5): 1 email -> code sent; 2 six-digit code -> reset token; 3 new password,
// then back to /login after RESET_REDIRECT_MS.
import { useMutation } from '@apollo/client/react';
import { Button, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { MESSAGE_LEVEL, RESET_CODE_LENGTH, RESET_REDIRECT_MS } from '../../../../../schema/constants';
import { MSG } from '../../../../../schema/messages';
import { forgotPasswordInput, resetPasswordFields, verifyResetCodeInput } from '../../../../../schema/validation/auth';
import { CheckCircleIcon } from '../../../components/icons';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { graphql } from '../../../gql';
import { messageOfError, resultMessage } from '../../../lib/errors';
import { fieldErrorsFromServer, layoutErrors, validate, type FieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { WizardProgress } from './wizard-progress';

const RequestResetMutation = graphql(`
  mutation ForgotPassword_Request($input: RequestPasswordResetInput!) {
    requestPasswordReset(input: $input) {
      __typename
      ... on MutationRequestPasswordResetSuccess {
        data
      }
      ...MutationError
    }
  }
`);

const VerifyCodeMutation = graphql(`
  mutation ForgotPassword_Verify($input: VerifyPasswordResetCodeInput!) {
    verifyPasswordResetCode(input: $input) {
      __typename
      ... on MutationVerifyPasswordResetCodeSuccess {
        data {
          resetToken
        }
      }
      ...MutationError
    }
  }
`);

const ResetPasswordMutation = graphql(`
  mutation ForgotPassword_Reset($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      __typename
      ... on MutationResetPasswordSuccess {
        data
      }
      ...MutationError
    }
  }
`);

type Step = 1 | 2 | 3;
const STEPS: Record<Step, { title: string; percent: number }> = {
  1: { title: 'La tua email', percent: 33 },
  2: { title: 'Codice di verifica', percent: 66 },
  3: { title: 'Nuova password', percent: 100 },
};

/** Errors of a step, minus the ones about fields of an earlier step (shown once, above the form). */
function splitServerErrors(errors: FieldErrors, stepFields: readonly string[]): { fields: FieldErrors; other?: string } {
  const fields: FieldErrors = {};
  let other: string | undefined;
  for (const [name, message] of Object.entries(errors)) {
    if (stepFields.includes(name)) fields[name] = message;
    else other ??= message;
  }
  return { fields, other };
}

export function ForgotPasswordWizard() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(1);
  const [values, setValues] = useState({ email: '', code: '', password: '', passwordConfirmation: '' });
  const [resetToken, setResetToken] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [done, setDone] = useState(false);
  const [requestReset, request] = useMutation(RequestResetMutation, { fetchPolicy: 'no-cache' });
  const [verifyCode, verify] = useMutation(VerifyCodeMutation, { fetchPolicy: 'no-cache' });
  const [resetPassword, reset] = useMutation(ResetPasswordMutation, { fetchPolicy: 'no-cache' });
  const sending = request.loading || verify.loading || reset.loading;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step, done]);

  // After the new password is saved: back to the login page after 1.5 s.
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const layout = layoutErrors(errors, [MSG.forgotFieldsRequired]);
  const summary = formError ?? layout.summary;
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));
  const field = (name: keyof typeof values) => ({ error: layout.messages[name], invalid: layout.invalid.has(name) });

  function showErrors(fieldErrors: FieldErrors, other?: string) {
    setErrors(fieldErrors);
    setFormError(other);
  }

  function goTo(next: Step) {
    showErrors({});
    setStep(next);
  }

  async function sendCode(): Promise<void> {
    const checked = validate(forgotPasswordInput, values);
    if (!checked.ok) return showErrors(checked.errors);
    showErrors({});
    try {
      const { data } = await requestReset({ variables: { input: checked.data } });
      const result = data?.requestPasswordReset;
      if (result?.__typename === 'MutationRequestPasswordResetSuccess') {
        notify(MESSAGE_LEVEL.success, MSG.codeSent);
        setValues((v) => ({ ...v, email: checked.data.email, code: '' }));
        if (step !== 2) goTo(2);
        return;
      }
      if (result?.__typename === 'ValidationError') {
        const { fields, other } = splitServerErrors(fieldErrorsFromServer(result.fields), ['email']);
        if (step !== 1) setStep(1);
        return showErrors(fields, other ?? (Object.keys(fields).length ? undefined : result.message));
      }
      notify(MESSAGE_LEVEL.error, resultMessage(result));
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    }
  }

  async function checkCode(): Promise<void> {
    const checked = validate(verifyResetCodeInput, values);
    if (!checked.ok) return showErrors(checked.errors);
    showErrors({});
    try {
      const { data } = await verifyCode({ variables: { input: checked.data } });
      const result = data?.verifyPasswordResetCode;
      if (result?.__typename === 'MutationVerifyPasswordResetCodeSuccess') {
        notify(MESSAGE_LEVEL.success, MSG.codeVerified);
        setResetToken(result.data.resetToken);
        goTo(3);
        return;
      }
      if (result?.__typename === 'ValidationError') {
        const { fields, other } = splitServerErrors(fieldErrorsFromServer(result.fields), ['code']);
        return showErrors(fields, other ?? (Object.keys(fields).length ? undefined : result.message));
      }
      notify(MESSAGE_LEVEL.error, resultMessage(result));
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    }
  }

  async function savePassword(): Promise<void> {
    const checked = validate(resetPasswordFields, values);
    if (!checked.ok) return showErrors(checked.errors);
    showErrors({});
    try {
      const { data } = await resetPassword({
        variables: { input: { email: values.email.trim().toLowerCase(), resetToken, ...checked.data } },
      });
      const result = data?.resetPassword;
      if (result?.__typename === 'MutationResetPasswordSuccess') {
        notify(MESSAGE_LEVEL.success, MSG.passwordUpdated);
        setDone(true);
        return;
      }
      if (result?.__typename === 'ValidationError') {
        const { fields, other } = splitServerErrors(fieldErrorsFromServer(result.fields), ['password', 'passwordConfirmation']);
        return showErrors(fields, other ?? (Object.keys(fields).length ? undefined : result.message));
      }
      notify(MESSAGE_LEVEL.error, resultMessage(result));
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || done) return;
    void (step === 1 ? sendCode() : step === 2 ? checkCode() : savePassword());
  }

  const { title, percent } = STEPS[step];

  if (done) {
    return (
      <Stack gap="5" align="flex-start">
        <HStack gap="3">
          <CheckCircleIcon boxSize="8" color="brand.solid" />
          <Heading as="h2" size="lg" ref={headingRef} tabIndex={-1} outline="none">
            {MSG.passwordUpdated}
          </Heading>
        </HStack>
        <Text color="fg.muted" role="status">
          Ti stiamo portando alla pagina di accesso...
        </Text>
        <Link asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to="/login" replace>
            Vai subito all&apos;accesso
          </RouterLink>
        </Link>
      </Stack>
    );
  }

  return (
    <Stack gap="6">
      <WizardProgress step={step} total={3} percent={percent} label="Avanzamento del recupero password" />
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="5">
          <Heading as="h2" size="lg" ref={headingRef} tabIndex={-1} outline="none">
            {title}
          </Heading>
          <FormAlert message={summary} />

          {step === 1 && (
            <>
              <Text color="fg.muted" fontSize="sm">
                Inserisci l&apos;email del tuo account: ti invieremo un codice di {RESET_CODE_LENGTH} cifre.
              </Text>
              <FormField label="Email" required {...field('email')}>
                <Input name="email" type="email" inputMode="email" autoComplete="email" value={values.email} onChange={set('email')} />
              </FormField>
            </>
          )}

          {step === 2 && (
            <>
              <Text color="fg.muted" fontSize="sm">
                Abbiamo inviato un codice a <strong>{values.email}</strong>. Controlla anche la cartella spam.
              </Text>
              <FormField label="Codice di verifica" required helper={`${RESET_CODE_LENGTH} cifre`} {...field('code')}>
                <Input
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={RESET_CODE_LENGTH}
                  value={values.code}
                  onChange={(e) => setValues((v) => ({ ...v, code: e.target.value.replace(/\D/g, '') }))}
                  letterSpacing="0.3em"
                  fontVariantNumeric="tabular-nums"
                />
              </FormField>
              <HStack gap="4" flexWrap="wrap" fontSize="sm">
                <Button type="button" variant="plain" size="sm" px="0" color="brand.fg" onClick={() => void sendCode()} disabled={sending}>
                  Invia di nuovo il codice
                </Button>
                <Button type="button" variant="plain" size="sm" px="0" color="fg.muted" onClick={() => goTo(1)} disabled={sending}>
                  Cambia email
                </Button>
              </HStack>
            </>
          )}

          {step === 3 && (
            <>
              <FormField label="Nuova password" required helper="Almeno 8 caratteri." {...field('password')}>
                <PasswordInput name="password" autoComplete="new-password" value={values.password} onChange={set('password')} />
              </FormField>
              <FormField label="Conferma nuova password" required {...field('passwordConfirmation')}>
                <PasswordInput
                  name="passwordConfirmation"
                  autoComplete="new-password"
                  value={values.passwordConfirmation}
                  onChange={set('passwordConfirmation')}
                />
              </FormField>
            </>
          )}

          <Button type="submit" size="lg" width="full" disabled={sending}>
            {sending
              ? step === 3
                ? 'Salvataggio in corso...'
                : 'Invio in corso...'
              : step === 1
                ? 'Invia codice'
                : step === 2
                  ? 'Verifica codice'
                  : 'Salva la nuova password'}
          </Button>
          <Link asChild alignSelf="center" fontSize="sm" color="brand.fg" fontWeight="medium">
            <RouterLink to="/login">Torna all&apos;accesso</RouterLink>
          </Link>
        </Stack>
      </form>
    </Stack>
  );
}
