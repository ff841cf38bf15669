// /login form (spec §2, §5): email + password (required), show/hide toggle, forgot-password and sign-up links.
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
import { useSession } from '../session';

export function LoginForm() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeReturnTo(params.get('returnTo'));
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const submitted = useRef(false);

  // Already signed in (e.g. opened /login in a new tab): straight to the remembered page.
  if (session.status === 'authenticated' && !submitted.current) return <Navigate to={target} replace />;

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
    setSending(true);
    submitted.current = true;
    const result = await session.login(checked.data);
    if (result.ok) {
      navigate(target, { replace: true });
      return;
    }
    submitted.current = false;
    setErrors(result.fieldErrors);
    setSending(false);
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="5">
        <FormAlert message={layout.summary} />
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
