// /signup (spec §2, §5): 1 profilo, 2 società, 3 account, 4 esito; progress 30/60/90/100 %.
// One form for the three steps: each step runs its shared zod schema before moving on (the last one the whole
// sign-up's); the server's field errors bring the user back to the step holding the first wrong field.
import { useMutation } from '@apollo/client/react';
import { Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, Navigate } from 'react-router';
import type { z } from 'zod';
import { BOARD_ROLES, MESSAGE_LEVEL, SPORTS } from '../../../../../schema/constants';
import { MSG } from '../../../../../schema/messages';
import { signUpClubStep, signUpInput, signUpProfileStep } from '../../../../../schema/validation/auth';
import { PasswordPair, SchemaForm, SelectField, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { CheckCircleIcon } from '../../../components/icons';
import { graphql } from '../../../gql';
import type { FieldErrors } from '../../../lib/form-errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { notify } from '../../../lib/notify';
import { welcomeWord } from '../../../lib/greeting';
import { useSession } from '../../../lib/session';
import { readSelectedPlan } from '../../../lib/selected-plan';
import { WizardProgress } from './wizard-progress';

const SignUpMutation = graphql(`
  mutation SignUpWizard_SignUp($input: SignUpInput!) {
    signUp(input: $input) {
      __typename
      ... on MutationSignUpSuccess {
        data {
          token
          account {
            ...Session_Account
          }
        }
      }
      ...MutationError
    }
  }
`);

type Step = 1 | 2 | 3 | 4;

const STEPS: Record<Step, { title: string; percent: number }> = {
  1: { title: 'Il tuo profilo', percent: 30 },
  2: { title: 'Dati della società', percent: 60 },
  3: { title: 'Il tuo account', percent: 90 },
  4: { title: 'Registrazione completata', percent: 100 },
};

const STEP_SCHEMAS = { 1: signUpProfileStep, 2: signUpClubStep, 3: signUpInput, 4: signUpInput };

const STEP_FIELDS: Record<1 | 2 | 3, readonly string[]> = {
  1: ['taxIdCode', 'firstname', 'lastname', 'birthday', 'role'],
  2: ['fullName', 'foundation', 'vatNumber', 'typeSport', 'urlLogo'],
  3: ['email', 'password', 'passwordConfirmation', 'plan'],
};

/** A step's "every field is required" is said once above the fields, which are only marked. */
const GENERAL_MESSAGES = [MSG.signupStep1, MSG.signupStep2, MSG.credentialsRequired];

const EMPTY = {
  taxIdCode: '',
  firstname: '',
  lastname: '',
  birthday: '',
  role: '',
  fullName: '',
  foundation: '',
  vatNumber: '',
  typeSport: '',
  urlLogo: '',
  email: '',
  password: '',
  passwordConfirmation: '',
  plan: '',
};

const ROLE_OPTIONS = BOARD_ROLES.map((r) => ({ value: String(r.id), label: r.label }));
const SPORT_OPTIONS = SPORTS.map((s) => ({ value: s.value, label: s.label }));

function stepOfFirstError(errors: FieldErrors): 1 | 2 | 3 {
  for (const step of [1, 2, 3] as const) if (STEP_FIELDS[step].some((f) => f in errors)) return step;
  return 3;
}

export function SignUpWizard() {
  const session = useSession();
  const [step, setStep] = useState<Step>(1);
  const [plan] = useState(readSelectedPlan);
  const form = useSchemaForm(STEP_SCHEMAS[step], { ...EMPTY, plan: plan?.name ?? '' });
  const [signUp, { loading: sending }] = useMutation(SignUpMutation, { fetchPolicy: 'no-cache' });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Move focus to the new step's heading, so keyboard and screen-reader users start from the top of it.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  // Already signed in: nothing to sign up for (but stay on the success step right after signing up).
  if (session.status === 'authenticated' && step !== 4) return <Navigate to="/dashboard" replace />;

  function goTo(next: Step) {
    form.clearErrors();
    setStep(next);
  }

  async function sendSignUp(input: z.output<typeof signUpInput>): Promise<SubmitOutcome> {
    const { data } = await signUp({ variables: { input: { ...input, plan: input.plan ?? null } } });
    const result = data?.signUp;
    if (result?.__typename === 'MutationSignUpSuccess') {
      setStep(4);
      session.signIn(result.data);
      notify(MESSAGE_LEVEL.success, MSG.signupDone);
      return;
    }
    // A conflict (e.g. the email already has an account) is said above the form.
    const outcome = readMutationResult(result);
    if (outcome.ok) return;
    const fields = Object.keys(outcome.fieldErrors).length > 0;
    if (fields) setStep(stepOfFirstError(outcome.fieldErrors));
    return { ok: false, message: fields ? '' : outcome.message, fieldErrors: outcome.fieldErrors };
  }

  const submit = (input: z.output<(typeof STEP_SCHEMAS)[Step]>) => {
    if (step === 3) return sendSignUp(input as z.output<typeof signUpInput>);
    goTo((step + 1) as Step);
  };

  const { title, percent } = STEPS[step];
  const fullName = form.getValues('fullName').trim();

  return (
    <Stack gap="6">
      <WizardProgress step={step} total={4} percent={percent} label="Avanzamento della registrazione" />

      {step === 4 ? (
        <Stack gap="5" align="flex-start">
          <HStack gap="3">
            <CheckCircleIcon boxSize="8" color="brand.solid" />
            <Heading as="h2" size="xl" ref={headingRef} tabIndex={-1} outline="none">
              Registrazione completata
            </Heading>
          </HStack>
          <Text>
            {welcomeWord(session.account?.profile.gender)} in CampoBase{session.account ? `, ${session.account.profile.firstname}` : ''}! La tua società
            {fullName ? ` «${fullName}»` : ''} è stata registrata e hai già effettuato
            l&apos;accesso.
          </Text>
          <Text color="fg.muted" fontSize="sm">
            Entro 24 ore il nostro team verificherà i dati della società e ti contatterà telefonicamente.
          </Text>
          <Button asChild size="lg">
            <RouterLink to="/dashboard" replace>
              Vai alla dashboard
            </RouterLink>
          </Button>
        </Stack>
      ) : (
        <Stack gap="5">
          <Heading as="h2" size="lg" ref={headingRef} tabIndex={-1} outline="none">
            {title}
          </Heading>
          <SchemaForm form={form} onSubmit={submit} generalMessages={GENERAL_MESSAGES} invalidMessage="">
            {step === 1 && (
              <>
                <TextField name="taxIdCode" label="Codice fiscale" required autoComplete="off" autoCapitalize="characters" maxLength={16} textTransform="uppercase" />
                <Box display="grid" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="5">
                  <TextField name="firstname" label="Nome" required autoComplete="given-name" />
                  <TextField name="lastname" label="Cognome" required autoComplete="family-name" />
                </Box>
                <Box display="grid" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="5">
                  <TextField name="birthday" label="Data di nascita" required type="date" autoComplete="bday" />
                  <SelectField name="role" label="Ruolo nella società" required options={ROLE_OPTIONS} placeholder="Seleziona il ruolo" />
                </Box>
              </>
            )}

            {step === 2 && (
              <>
                <TextField name="fullName" label="Nome della società" required autoComplete="organization" />
                <Box display="grid" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="5">
                  <TextField name="foundation" label="Anno di fondazione" required inputMode="numeric" maxLength={4} placeholder="es. 1998" />
                  <TextField
                    name="vatNumber"
                    label="Partita IVA o codice fiscale"
                    helper="Senza partita IVA, il codice fiscale dell'associazione."
                    required
                    autoComplete="off"
                    autoCapitalize="characters"
                    maxLength={20}
                    placeholder="11 cifre"
                  />
                </Box>
                <SelectField name="typeSport" label="Sport" options={SPORT_OPTIONS} placeholder="Seleziona lo sport" />
                <TextField
                  name="urlLogo"
                  label="URL del logo"
                  helper="Facoltativo: l'indirizzo di un'immagine del logo."
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                />
              </>
            )}

            {step === 3 && (
              <>
                {plan && (
                  <Box bg="brand.subtle" borderRadius="md" px="4" py="3" fontSize="sm">
                    Piano scelto: <strong>{plan.name}</strong>
                    {plan.price ? ` · ${plan.price}` : ''}
                  </Box>
                )}
                <TextField name="email" label="Email" required type="email" inputMode="email" autoComplete="email" />
                <PasswordPair name="password" confirmName="passwordConfirmation" bare />
              </>
            )}

            <HStack justify="space-between" gap="3" pt="2" flexWrap="wrap-reverse">
              {step > 1 ? (
                <Button type="button" variant="outline" onClick={() => goTo((step - 1) as Step)} disabled={sending}>
                  Indietro
                </Button>
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  Hai già un account?{' '}
                  <Link asChild color="brand.fg" fontWeight="semibold">
                    <RouterLink to="/login">Accedi</RouterLink>
                  </Link>
                </Text>
              )}
              <Button type="submit" disabled={sending} minW="9rem" flex={{ base: '1 1 100%', sm: '0 0 auto' }}>
                {step === 3 ? (sending ? 'Salvataggio in corso...' : 'Registrati') : 'Avanti'}
              </Button>
            </HStack>
          </SchemaForm>
        </Stack>
      )}
    </Stack>
  );
}
