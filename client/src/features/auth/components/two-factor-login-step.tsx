// /login, second step (accounts with two-factor sign-in): the authenticator app's 6-digit code, or one of the
// recovery codes. The field has the focus when the step opens and after switching kind; Enter sends.
import { Button, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MSG } from '../../../../../schema/messages';
import { completeTwoFactorLoginInput, totpCodeInput } from '../../../../../schema/validation/two-factor';
import { FormField } from '../../../components/ui/form-field';
import { validate } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session';

type Kind = 'app' | 'recovery';

export interface TwoFactorLoginStepProps {
  challenge: string;
  onSignedIn: () => void;
  /** Back to email and password; `message` says why (the challenge expired). */
  onRestart: (message?: string) => void;
}

export function TwoFactorLoginStep({ challenge, onSignedIn, onRestart }: TwoFactorLoginStepProps) {
  const session = useSession();
  const [kind, setKind] = useState<Kind>('app');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), [kind]);

  const switchKind = () => {
    setKind((k) => (k === 'app' ? 'recovery' : 'app'));
    setCode('');
    setError(undefined);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const checked = kind === 'app' ? validate(totpCodeInput, { code }) : validate(completeTwoFactorLoginInput, { challenge, code });
    if (!checked.ok) {
      setError(checked.errors.code ?? MSG.twoFactorLoginCodeRequired);
      input.current?.focus();
      return;
    }
    setError(undefined);
    setSending(true);
    const result = await session.completeTwoFactorLogin({ challenge, code });
    if (result.ok) return onSignedIn();
    setSending(false);
    if (result.expired) return onRestart(result.message);
    setError(result.fieldErrors.code ?? result.message);
    setCode('');
    input.current?.focus();
  }

  const app = kind === 'app';
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="two-factor-title">
      <Stack gap="5">
        <Stack gap="1">
          <Heading as="h2" size="lg" id="two-factor-title">
            Verifica in due passaggi
          </Heading>
          <Text color="fg.muted">
            {app
              ? "Apri l'app di autenticazione sul telefono e inserisci il codice a 6 cifre mostrato per CampoBase."
              : 'Inserisci uno dei codici di recupero che hai salvato quando hai attivato la verifica. Ogni codice vale una sola volta.'}
          </Text>
        </Stack>
        <FormField label={app ? 'Codice di verifica' : 'Codice di recupero'} required error={error}>
          <Input
            ref={input}
            name={app ? 'code' : 'recoveryCode'}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete={app ? 'one-time-code' : 'off'}
            inputMode={app ? 'numeric' : 'text'}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={app ? 7 : 20}
            placeholder={app ? '123456' : 'abcd-efgh-jkmn'}
            fontFamily="mono"
            fontSize="lg"
            letterSpacing={app ? '0.3em' : '0.05em'}
          />
        </FormField>
        <Button type="submit" size="lg" width="full" disabled={sending}>
          {sending ? 'Verifica in corso...' : 'Verifica e accedi'}
        </Button>
        <Stack gap="2" align="center">
          <Button type="button" variant="plain" size="sm" color="brand.fg" onClick={switchKind}>
            {app ? 'Usa un codice di recupero' : "Usa il codice dell'app"}
          </Button>
          <Button type="button" variant="plain" size="sm" color="fg.muted" onClick={() => onRestart()}>
            Torna all&apos;accesso
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
