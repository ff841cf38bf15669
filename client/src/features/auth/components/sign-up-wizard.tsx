// /signup (spec §2, §5): 1 profilo, 2 società, 3 account, 4 esito; progress 30/60/90/100 %.
// Each step runs its shared zod schema before moving on; the server's field errors bring the user back to the
// step holding the first wrong field.
import { useMutation } from '@apollo/client/react';
import { Box, Button, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate } from 'react-router';
import { BOARD_ROLES, MESSAGE_LEVEL, SPORTS } from '../../../../../schema/constants';
import { MSG } from '../../../../../schema/messages';
import { signUpClubStep, signUpCredentialsStep, signUpProfileStep } from '../../../../../schema/validation/auth';
import { CheckCircleIcon } from '../../../components/icons';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { SelectInput } from '../../../components/ui/select-field';
import { graphql } from '../../../gql';
import { messageOfError, resultMessage } from '../../../lib/errors';
import { fieldErrorsFromServer, layoutErrors, validate, type FieldErrors } from '../../../lib/form-errors';
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

const STEP_FIELDS: Record<1 | 2 | 3, readonly string[]> = {
  1: ['taxIdCode', 'firstname', 'lastname', 'birthday', 'role'],
  2: ['fullName', 'foundation', 'vatNumber', 'typeSport', 'urlLogo'],
  3: ['email', 'password', 'passwordConfirmation', 'plan'],
};

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
};
type Values = typeof EMPTY;

const ROLE_OPTIONS = BOARD_ROLES.map((r) => ({ value: String(r.id), label: r.label }));
const SPORT_OPTIONS = SPORTS.map((s) => ({ value: s.value, label: s.label }));

function stepOfFirstError(errors: FieldErrors): 1 | 2 | 3 {
  for (const step of [1, 2, 3] as const) if (STEP_FIELDS[step].some((f) => f in errors)) return step;
  return 3;
}

export function SignUpWizard() {
  const session = useSession();
  const [step, setStep] = useState<Step>(1);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [signUp, { loading: sending }] = useMutation(SignUpMutation, { fetchPolicy: 'no-cache' });
  const [plan] = useState(readSelectedPlan);
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

  const layout = layoutErrors(errors, GENERAL_MESSAGES);
  const summary = formError ?? layout.summary;

  const set = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  const field = (name: keyof Values) => ({ error: layout.messages[name], invalid: layout.invalid.has(name) });

  function goTo(next: Step) {
    setErrors({});
    setFormError(undefined);
    setStep(next);
  }

  async function submit() {
    const profile = validate(signUpProfileStep, values);
    const club = validate(signUpClubStep, values);
    const credentials = validate(signUpCredentialsStep, values);
    if (!credentials.ok) return setErrors(credentials.errors);
    if (!profile.ok) return (setStep(1), setErrors(profile.errors));
    if (!club.ok) return (setStep(2), setErrors(club.errors));
    setErrors({});
    setFormError(undefined);
    try {
      const { data } = await signUp({
        variables: {
          input: {
            ...profile.data,
            ...club.data,
            ...credentials.data,
            plan: plan?.name ?? null,
          },
        },
      });
      const result = data?.signUp;
      if (!result) throw new Error('empty result');
      switch (result.__typename) {
        case 'MutationSignUpSuccess':
          setStep(4);
          session.signIn(result.data);
          notify(MESSAGE_LEVEL.success, MSG.signupDone);
          return;
        case 'ValidationError': {
          const serverErrors = fieldErrorsFromServer(result.fields);
          setStep(stepOfFirstError(serverErrors));
          setErrors(serverErrors);
          if (Object.keys(serverErrors).length === 0) setFormError(result.message);
          return;
        }
        case 'ConflictError':
          setFormError(result.message);
          return;
        default:
          notify(MESSAGE_LEVEL.error, resultMessage(result));
      }
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (step === 1 || step === 2) {
      const checked = validate(step === 1 ? signUpProfileStep : signUpClubStep, values);
      if (!checked.ok) return setErrors(checked.errors);
      goTo((step + 1) as Step);
      return;
    }
    if (step === 3) void submit();
  }

  const { title, percent } = STEPS[step];

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
            {values.fullName.trim() ? ` «${values.fullName.trim()}»` : ''} è stata registrata e hai già effettuato
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
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="5">
            <Heading as="h2" size="lg" ref={headingRef} tabIndex={-1} outline="none">
              {title}
            </Heading>
            <FormAlert message={summary} />

            {step === 1 && (
              <>
                <FormField label="Codice fiscale" required {...field('taxIdCode')}>
                  <Input
                    name="taxIdCode"
                    value={values.taxIdCode}
                    onChange={set('taxIdCode')}
                    autoComplete="off"
                    autoCapitalize="characters"
                    maxLength={16}
                    textTransform="uppercase"
                  />
                </FormField>
                <Box display="grid" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="5">
                  <FormField label="Nome" required {...field('firstname')}>
                    <Input name="firstname" value={values.firstname} onChange={set('firstname')} autoComplete="given-name" />
                  </FormField>
                  <FormField label="Cognome" required {...field('lastname')}>
                    <Input name="lastname" value={values.lastname} onChange={set('lastname')} autoComplete="family-name" />
                  </FormField>
                </Box>
                <Box display="grid" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="5">
                  <FormField label="Data di nascita" required {...field('birthday')}>
                    <Input name="birthday" type="date" value={values.birthday} onChange={set('birthday')} autoComplete="bday" />
                  </FormField>
                  <FormField label="Ruolo nella società" required {...field('role')}>
                    <SelectInput
                      name="role"
                      value={values.role}
                      onChange={set('role')}
                      options={ROLE_OPTIONS}
                      placeholder="Seleziona il ruolo"
                    />
                  </FormField>
                </Box>
              </>
            )}

            {step === 2 && (
              <>
                <FormField label="Nome della società" required {...field('fullName')}>
                  <Input name="fullName" value={values.fullName} onChange={set('fullName')} autoComplete="organization" />
                </FormField>
                <Box display="grid" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="5">
                  <FormField label="Anno di fondazione" required {...field('foundation')}>
                    <Input
                      name="foundation"
                      inputMode="numeric"
                      maxLength={4}
                      value={values.foundation}
                      onChange={set('foundation')}
                      placeholder="es. 1998"
                    />
                  </FormField>
                  <FormField label="Partita IVA" required {...field('vatNumber')}>
                    <Input
                      name="vatNumber"
                      inputMode="numeric"
                      maxLength={13}
                      value={values.vatNumber}
                      onChange={set('vatNumber')}
                      placeholder="11 cifre"
                    />
                  </FormField>
                </Box>
                <FormField label="Sport" {...field('typeSport')}>
                  <SelectInput
                    name="typeSport"
                    value={values.typeSport}
                    onChange={set('typeSport')}
                    options={SPORT_OPTIONS}
                    placeholder="Seleziona lo sport"
                  />
                </FormField>
                <FormField label="URL del logo" helper="Facoltativo: l'indirizzo di un'immagine del logo." {...field('urlLogo')}>
                  <Input
                    name="urlLogo"
                    type="url"
                    inputMode="url"
                    value={values.urlLogo}
                    onChange={set('urlLogo')}
                    placeholder="https://"
                  />
                </FormField>
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
                <FormField label="Email" required {...field('email')}>
                  <Input name="email" type="email" inputMode="email" autoComplete="email" value={values.email} onChange={set('email')} />
                </FormField>
                <FormField label="Password" required helper="Almeno 8 caratteri." {...field('password')}>
                  <PasswordInput name="password" autoComplete="new-password" value={values.password} onChange={set('password')} />
                </FormField>
                <FormField label="Conferma password" required {...field('passwordConfirmation')}>
                  <PasswordInput
                    name="passwordConfirmation"
                    autoComplete="new-password"
                    value={values.passwordConfirmation}
                    onChange={set('passwordConfirmation')}
                  />
                </FormField>
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
          </Stack>
        </form>
      )}
    </Stack>
  );
}
