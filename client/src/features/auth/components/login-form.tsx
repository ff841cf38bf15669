// /login form (spec §2, §5): email + password (required), show/hide toggle, forgot-password and sign-up links.
// An account with two-factor sign-in then gets the second step (the app's code or a recovery code).
import { Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '../../../../../schema/messages';
import { loginInput } from '../../../../../schema/validation/auth';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { layoutErrors, validate, type FieldErrors } from '../../../lib/form-errors';
import { safeReturnTo } from '../../../lib/return-to';
import { useSession } from '../../../lib/session';
import { TwoFactorLoginStep } from './two-factor-login-step';

export function LoginForm() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeReturnTo(params.get('returnTo'));
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
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
          setValues((v) => ({ ...v, password: '' }));
        }}
      />
    );
  }

  const layout = layoutErrors(errors, [MSG.credentialsRequired]);

  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const checked = validate(loginInput, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setRestartMessage(undefined);
    setSending(true);
    submitted.current = true;
    const result = await session.login(checked.data);
    if (result.ok) {
      void navigate(target, { replace: true });
      return;
    }
    setSending(false);
    if (result.challenge) {
      setChallenge(result.challenge);
      return;
    }
    submitted.current = false;
    setErrors(result.fieldErrors);
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="5">
        <FormAlert message={layout.summary ?? restartMessage} />
        <FormField label="Email" required error={layout.messages.email} invalid={layout.invalid.has('email')}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onChange={set('email')}
            placeholder="nome@societa.it"
          />
        </FormField>
        <FormField label="Password" required error={layout.messages.password} invalid={layout.invalid.has('password')}>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
          />
        </FormField>
        <Link asChild alignSelf="flex-end" fontSize="sm" color="brand.fg" fontWeight="medium">
          <RouterLink to="/forgot-password">Hai dimenticato la password?</RouterLink>
        </Link>
        <Button type="submit" size="lg" width="full" disabled={sending}>
          {sending ? 'Accesso in corso...' : 'Accedi'}
        </Button>
        <Text textAlign="center" fontSize="sm" color="fg.muted">
          Non hai un account?{' '}
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to="/inscription">Registrati ora</RouterLink>
          </Link>
        </Text>
      </Stack>
    </form>
  );
}
