// /forgot-password (spec §2, §4, §5): 1 email -> code sent; 2 six-digit code -> reset token; 3 new password,
// then back to /login after RESET_REDIRECT_MS.
import { useMutation } from '@apollo/client/react';
import { Button, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { MESSAGE_LEVEL, RESET_CODE_LENGTH, RESET_REDIRECT_MS } from '../../../../../schema/constants';
import { MSG } from '../../../../../schema/messages';
import { forgotPasswordInput, resetPasswordFields, verifyResetCodeInput } from '../../../../../schema/validation/auth';
import { ConnectedField, PasswordPair, SchemaForm, TextField, useSchemaForm, type SubmitFailure, type SubmitOutcome } from '../../../components/form';
import { CheckCircleIcon } from '../../../components/icons';
import { graphql } from '../../../gql';
import { messageOfError } from '../../../lib/errors';
import type { FieldErrors } from '../../../lib/form-errors';
import { readMutationResult } from '../../../lib/mutation-result';
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

/** One form for the three steps, each checked with its own shared rules. */
const STEP_SCHEMAS = { 1: forgotPasswordInput, 2: verifyResetCodeInput, 3: resetPasswordFields };
const STEP_FIELDS: Record<Step, readonly string[]> = { 1: ['email'], 2: ['code'], 3: ['password', 'passwordConfirmation'] };
/** "Compila tutti i campi." is said once above the fields, which are only marked. */
const GENERAL_MESSAGES = [MSG.forgotFieldsRequired];

/** A refusal: the messages about this step's fields go under them, one about another (e.g. the token) above. */
function refusal(result: Parameters<typeof readMutationResult>[0], step: Step): SubmitFailure {
  const outcome = readMutationResult(result);
  const fields: FieldErrors = {};
  let other: string | undefined;
  if (!outcome.ok) {
    for (const [name, message] of Object.entries(outcome.fieldErrors)) {
      if (STEP_FIELDS[step].includes(name)) fields[name] = message;
      else other ??= message;
    }
  }
  const message = outcome.ok ? MSG.unexpected : outcome.message;
  return { ok: false, message: other ?? (Object.keys(fields).length ? '' : message), fieldErrors: fields };
}

export function ForgotPasswordWizard() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(1);
  const form = useSchemaForm(STEP_SCHEMAS[step], { email: '', code: '', password: '', passwordConfirmation: '' });
  const [resetToken, setResetToken] = useState('');
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

  function goTo(next: Step) {
    form.clearErrors();
    setStep(next);
  }

  /** Step 1, and "Invia di nuovo il codice" on step 2: the code is mailed, the email kept as the server reads it. */
  async function sendCode(email: string): Promise<SubmitOutcome> {
    const { data } = await requestReset({ variables: { input: { email } } });
    const result = data?.requestPasswordReset;
    if (result?.__typename !== 'MutationRequestPasswordResetSuccess') return refusal(result, 1);
    notify(MESSAGE_LEVEL.success, MSG.codeSent);
    form.setValue('email', email);
    form.setValue('code', '');
    if (step !== 2) goTo(2);
  }

  async function resendCode() {
    const outcome = await sendCode(form.getValues('email')).catch((error: unknown): SubmitFailure => ({ ok: false, message: messageOfError(error) }));
    if (outcome && !outcome.ok) notify(MESSAGE_LEVEL.error, outcome.message || Object.values(outcome.fieldErrors ?? {})[0] || MSG.unexpected);
  }

  async function checkCode(input: z.output<typeof verifyResetCodeInput>): Promise<SubmitOutcome> {
    const { data } = await verifyCode({ variables: { input } });
    const result = data?.verifyPasswordResetCode;
    if (result?.__typename !== 'MutationVerifyPasswordResetCodeSuccess') return refusal(result, 2);
    notify(MESSAGE_LEVEL.success, MSG.codeVerified);
    setResetToken(result.data.resetToken);
    goTo(3);
  }

  async function savePassword(input: z.output<typeof resetPasswordFields>): Promise<SubmitOutcome> {
    const email = form.getValues('email').trim().toLowerCase();
    const { data } = await resetPassword({ variables: { input: { email, resetToken, ...input } } });
    const result = data?.resetPassword;
    if (result?.__typename !== 'MutationResetPasswordSuccess') return refusal(result, 3);
    notify(MESSAGE_LEVEL.success, MSG.passwordUpdated);
    setDone(true);
  }

  const submit = (input: z.output<(typeof STEP_SCHEMAS)[Step]>) =>
    'code' in input ? checkCode(input) : 'password' in input ? savePassword(input) : sendCode(input.email);

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

  const code = form.register('code');
  return (
    <Stack gap="6">
      <WizardProgress step={step} total={3} percent={percent} label="Avanzamento del recupero password" />
      <Stack gap="5">
        <Heading as="h2" size="lg" ref={headingRef} tabIndex={-1} outline="none">
          {title}
        </Heading>
        <SchemaForm form={form} onSubmit={submit} generalMessages={GENERAL_MESSAGES} invalidMessage="">
          {step === 1 && (
            <>
              <Text color="fg.muted" fontSize="sm">
                Inserisci l&apos;email del tuo account: ti invieremo un codice di {RESET_CODE_LENGTH} cifre.
              </Text>
              <TextField name="email" label="Email" required type="email" inputMode="email" autoComplete="email" />
            </>
          )}

          {step === 2 && (
            <>
              <Text color="fg.muted" fontSize="sm">
                Abbiamo inviato un codice a <strong>{form.getValues('email')}</strong>. Controlla anche la cartella spam.
              </Text>
              <ConnectedField name="code" label="Codice di verifica" required helper={`${RESET_CODE_LENGTH} cifre`}>
                {/* Digits only, as typed. */}
                <Input
                  {...code}
                  onChange={(event) => {
                    event.target.value = event.target.value.replace(/\D/g, '');
                    void code.onChange(event);
                  }}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={RESET_CODE_LENGTH}
                  letterSpacing="0.3em"
                  fontVariantNumeric="tabular-nums"
                />
              </ConnectedField>
              <HStack gap="4" flexWrap="wrap" fontSize="sm">
                <Button type="button" variant="plain" size="sm" px="0" color="brand.fg" onClick={() => void resendCode()} disabled={sending}>
                  Invia di nuovo il codice
                </Button>
                <Button type="button" variant="plain" size="sm" px="0" color="fg.muted" onClick={() => goTo(1)} disabled={sending}>
                  Cambia email
                </Button>
              </HStack>
            </>
          )}

          {step === 3 && <PasswordPair name="password" confirmName="passwordConfirmation" label="Nuova password" confirmLabel="Conferma nuova password" bare />}

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
        </SchemaForm>
      </Stack>
    </Stack>
  );
}
