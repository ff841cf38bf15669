// /login, second step (accounts with two-factor sign-in): the authenticator app's 6-digit code, or one of the
// recovery codes. The field has the focus when the step opens and after switching kind; Enter sends.
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { completeTwoFactorLoginInput, totpCodeInput } from '../../../../../schema/validation/two-factor';
import { SchemaForm, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { useSession } from '../../../lib/session';

type Kind = 'app' | 'recovery';

/** Each kind's field and rule: the recovery code has a field of its own name, with the second step's rule. */
const SCHEMAS = {
  app: totpCodeInput,
  recovery: z.object({ recoveryCode: completeTwoFactorLoginInput.shape.code }),
};

export interface TwoFactorLoginStepProps {
  challenge: string;
  onSignedIn: () => void;
  /** Back to email and password; `message` says why (the challenge expired). */
  onRestart: (message?: string) => void;
}

export function TwoFactorLoginStep(props: TwoFactorLoginStepProps) {
  const [kind, setKind] = useState<Kind>('app');
  // Keyed by kind: switching starts from an empty field, without the other kind's message.
  return <CodeForm key={kind} {...props} kind={kind} onSwitch={() => setKind((k) => (k === 'app' ? 'recovery' : 'app'))} />;
}

function CodeForm({ kind, challenge, onSignedIn, onRestart, onSwitch }: TwoFactorLoginStepProps & { kind: Kind; onSwitch: () => void }) {
  const session = useSession();
  const app = kind === 'app';
  const field = app ? 'code' : 'recoveryCode';
  const form = useSchemaForm(SCHEMAS[kind], { code: '', recoveryCode: '' });
  const sending = form.formState.isSubmitting;
  useEffect(() => form.setFocus(field), [form, field]);

  // A refused code empties the field and says why under it; an expired challenge goes back to the password.
  async function send(input: { code?: string; recoveryCode?: string }): Promise<SubmitOutcome> {
    const result = await session.completeTwoFactorLogin({ challenge, code: input.code ?? input.recoveryCode ?? '' });
    if (result.ok) return onSignedIn();
    if (result.expired) return onRestart(result.message);
    form.setValue(field, '');
    return { ok: false, message: result.message, fieldErrors: result.fieldErrors.code ? { [field]: result.fieldErrors.code } : {} };
  }

  return (
    // The step's one message sits under the code, the field that has the focus.
    <SchemaForm form={form} onSubmit={send} aria-labelledby="two-factor-title" invalidMessage="" messageField={field}>
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
      <TextField
        name={field}
        label={app ? 'Codice di verifica' : 'Codice di recupero'}
        required
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
      <Button type="submit" size="lg" width="full" disabled={sending}>
        {sending ? 'Verifica in corso...' : 'Verifica e accedi'}
      </Button>
      <Stack gap="2" align="center">
        <Button type="button" variant="plain" size="sm" color="brand.fg" onClick={onSwitch}>
          {app ? 'Usa un codice di recupero' : "Usa il codice dell'app"}
        </Button>
        <Button type="button" variant="plain" size="sm" color="fg.muted" onClick={() => onRestart()}>
          Torna all&apos;accesso
        </Button>
      </Stack>
    </SchemaForm>
  );
}
