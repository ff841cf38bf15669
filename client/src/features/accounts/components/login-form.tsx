// /login form (spec §2, §5): email + password (required), show/hide toggle, forgot-password and sign-up links
// ("Registrati ora" offers both ways in: an invitation's link, or registering a new club).
// An account with two-factor sign-in then gets the second step (the app's code or a recovery code).
import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '../../../../../schema/messages';
import { loginInput, type LoginInput } from '../../../../../schema/validation/auth';
import { PasswordField, SchemaForm, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { safeReturnTo } from '../../../lib/return-to';
import { useSession } from '../../../lib/session';
import { TwoFactorLoginStep } from './two-factor-login-step';

/** A missing field is said once above the form ("Email e password sono obbligatorie."), the fields only marked. */
const GENERAL_MESSAGES = [MSG.credentialsRequired];

export function LoginForm() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeReturnTo(params.get('returnTo'));
  // Kept while the second step is shown: back from it, the email is still there.
  const form = useSchemaForm(loginInput, { email: '', password: '' });
  const sending = form.formState.isSubmitting;
  /** The second step's challenge, once the password was right for an account with two-factor sign-in. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const [restartMessage, setRestartMessage] = useState<string>();
  const submitted = useRef(false);

  // Already signed in (e.g. opened /login in a new tab): straight to the remembered page.
  if (session.status === 'authenticated' && !submitted.current) return <Navigate to={target} replace />;

  if (challenge) {
    return (
      <TwoFactorLoginStep
        challenge={challenge}
        onSignedIn={() => void navigate(target, { replace: true })}
        onRestart={(message) => {
          submitted.current = false;
          setChallenge(null);
          setRestartMessage(message);
          form.resetField('password', { defaultValue: '' });
        }}
      />
    );
  }

  // A refused password is said by the session's toast; a ValidationError's messages go under the fields.
  async function logIn(input: LoginInput): Promise<SubmitOutcome> {
    setRestartMessage(undefined);
    submitted.current = true;
    const result = await session.login(input);
    if (result.ok) {
      void navigate(target, { replace: true });
      return;
    }
    if (result.challenge) {
      setChallenge(result.challenge);
      return;
    }
    submitted.current = false;
    return { ok: false, message: '', fieldErrors: result.fieldErrors };
  }

  return (
    <SchemaForm
      form={form}
      onSubmit={logIn}
      generalMessages={GENERAL_MESSAGES}
      invalidMessage=""
      notice={restartMessage ? { status: 'error', message: restartMessage } : undefined}
    >
      <TextField name="email" label="Email" required type="email" autoComplete="email" inputMode="email" placeholder="nome@societa.it" />
      <PasswordField name="password" label="Password" required autoComplete="current-password" />
      <Link asChild alignSelf="flex-end" fontSize="sm" color="brand.fg" fontWeight="medium">
        <RouterLink to="/forgot-password">Hai dimenticato la password?</RouterLink>
      </Link>
      <Button type="submit" size="lg" width="full" disabled={sending}>
        {sending ? 'Accesso in corso...' : 'Accedi'}
      </Button>
      <SignUpChoice />
    </SchemaForm>
  );
}

/**
 * "Registrati ora": the two ways in for someone without an account. Invited by a club (or an organisation): the link
 * in the invitation mail is the door, where the account is created already joined. Else: register a new club (the
 * four steps of /signup).
 */
function SignUpChoice() {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="3" align="center">
      <Text textAlign="center" fontSize="sm" color="fg.muted">
        Non hai un account?{' '}
        <Button variant="plain" size="sm" p="0" h="auto" minW="0" color="brand.fg" fontWeight="semibold" textDecoration="underline" aria-expanded={open} aria-controls="modi-di-registrarsi" onClick={() => setOpen((o) => !o)}>
          Registrati ora
        </Button>
      </Text>
      {open && (
        <Stack id="modi-di-registrarsi" gap="3" w="full" borderWidth="1px" borderRadius="lg" p="4" bg="bg.subtle">
          <Stack gap="1">
            <Text fontWeight="semibold">Ti ha invitato la tua società?</Text>
            <Text fontSize="sm" color="fg.muted">
              {MSG.joinByInvitationHelp}
            </Text>
          </Stack>
          <Stack gap="2">
            <Text fontWeight="semibold">Vuoi portare la tua società su CampoBase?</Text>
            <Button asChild variant="outline" size="sm" alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
              <RouterLink to="/signup">Registra la tua società</RouterLink>
            </Button>
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
