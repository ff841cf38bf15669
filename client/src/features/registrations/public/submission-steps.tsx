// Steps 1-3 of the public registration form: who registers whom, the people registered (the fields, questions and
// certificate the form asks), the privacy notice and the consents. One form over the three steps: each step is
// checked with the shared rules (the server's messages), only its own fields; the last one sends the submission.
import { Box, Button, Checkbox, Fieldset, Flex, HStack, Input, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CERTIFICATE_TYPE_RULES, MEDICAL_CERTIFICATE_TYPES, addMonths } from '../../../../../schema/medical-certificates';
import { MSG } from '../../../../../schema/messages';
import { medicalCertificateInput } from '../../../../../schema/validation/medical-certificate';
import { CONSENT_PURPOSE_LABELS, type ConsentPurpose } from '../../../../../schema/validation/consents';
import { REGISTRATION_FIELD_LABELS, REGISTRATION_MAX_PEOPLE, registrationSubmissionInput, type RegistrationFormSettings, type RegistrationQuestion } from '../../../../../schema/validation/registrations';
import { taxCodeBirthData, taxCodeBirthplace } from '../../../../../schema/validation/tax-code';
import { SchemaForm, SelectField, TextField, useFieldError, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormField } from '../../../components/ui/form-field';
import { StepCard } from './public-frame';
import { blankPerson, fieldPath, registeredPeople, rulesInput, sendsCertificate, stepOfPath, type PublicForm, type SubmissionValues } from './submission-values';

export interface SubmissionStepsProps {
  form: PublicForm;
  settings: RegistrationFormSettings;
  today: string;
  initialValues: SubmissionValues;
  /** 0, 1 or 2: steps 1, 2, 3. */
  step: number;
  onStep: (step: number, reason: 'next' | 'back' | 'error') => void;
  /** Sends the submission; a failure's field messages are keyed as the fields are. */
  onSubmit: (values: SubmissionValues) => Promise<SubmitOutcome>;
  headingRef: Ref<HTMLHeadingElement>;
}

const formatDay = (iso: string) => iso.split('-').reverse().join('/');

export function SubmissionSteps({ form, settings, today, initialValues, step, onStep, onSubmit, headingRef }: SubmissionStepsProps) {
  const stepRef = useRef(step);
  stepRef.current = step;
  // The shared rules over the whole submission; a step reports only the messages of its own fields (and earlier ones).
  const schema = useMemo(
    () =>
      z.custom<SubmissionValues>().superRefine((values, ctx) => {
        const rules = registrationSubmissionInput(settings, today);
        const input = rulesInput(values, settings);
        const result = rules.safeParse(input);
        if (result.success) return;
        const issues = [...result.error.issues];
        // The notice not accepted stops the rules before the consents are looked at: read those too, so every
        // message of the step shows at once.
        if (!input.acceptNotice) {
          const more = rules.safeParse({ ...input, acceptNotice: true });
          if (!more.success) issues.push(...more.error.issues.filter((i) => !issues.some((known) => known.path.join('.') === i.path.join('.'))));
        }
        // Likewise a person's name or tax code missing stops them before the answers and the certificate: those are
        // checked here with the same messages (the certificate with its shared rules).
        if (!issues.some((i) => i.path[0] === 'people' && i.path.length > 2 && (i.path[2] === 'answers' || i.path[2] === 'certificate'))) {
          input.people.forEach((person, index) => {
            for (const q of settings.questions) {
              if (q.required && person.answers[q.id] === undefined) issues.push({ code: 'custom', path: ['people', index, 'answers', q.id], message: MSG.registrationAnswerRequired, input: undefined });
            }
            if (person.certificate) {
              const certificate = medicalCertificateInput(today).safeParse(person.certificate);
              if (!certificate.success) for (const i of certificate.error.issues) issues.push({ ...i, path: ['people', index, 'certificate', ...i.path] });
            }
          });
        }
        for (const issue of issues) {
          const path = fieldPath(issue.path.map(String).join('.'), values.who === 'io');
          if (stepOfPath(path) - 1 <= stepRef.current) ctx.addIssue({ code: 'custom', path: path.split('.'), message: issue.message });
        }
      }),
    [settings, today],
  );
  const rhf = useSchemaForm(schema, initialValues);
  const who = useWatch({ control: rhf.control, name: 'who' });

  const submit = async (values: SubmissionValues): Promise<SubmitOutcome> => {
    if (step < 2) {
      onStep(step + 1, 'next');
      return;
    }
    const outcome = await onSubmit(values);
    if (outcome && !outcome.ok && outcome.fieldErrors) {
      // A message of an earlier step (the server's checks): back to that step, the message under its field.
      const keys = Object.keys(outcome.fieldErrors).map((k) => fieldPath(k, values.who === 'io'));
      const first = Math.min(3, ...keys.map(stepOfPath)) - 1;
      const fieldErrors = Object.fromEntries(Object.entries(outcome.fieldErrors).map(([k, v]) => [fieldPath(k, values.who === 'io'), v]));
      if (first < step) onStep(first, 'error');
      return { ...outcome, fieldErrors };
    }
    return outcome;
  };

  const titles = [
    { title: 'Chi iscrivi', description: 'Scegli chi iscrivi e scrivi i tuoi dati: riceverai il codice per firmare a questa email.' },
    who === 'io'
      ? { title: 'I tuoi dati per l’iscrizione', description: 'Le informazioni che la società chiede a chi si iscrive.' }
      : { title: 'I figli da iscrivere', description: `Puoi iscrivere fino a ${REGISTRATION_MAX_PEOPLE} figli minorenni con un solo modulo.` },
    { title: 'Privacy e consensi', description: "Leggi l'informativa della società e rispondi per ogni consenso." },
  ][step];

  return (
    <StepCard ref={headingRef} title={titles.title} description={titles.description}>
      <SchemaForm form={rhf} onSubmit={submit} aria-labelledby="passo-titolo" gap="6">
        {/* The honeypot: off screen, out of the tab order, hidden from assistive technology. */}
        <Box aria-hidden="true" position="absolute" left="-10000px" top="auto" w="1px" h="1px" overflow="hidden">
          <label>
            Sito web
            <input type="text" tabIndex={-1} autoComplete="off" {...rhf.register('website')} />
          </label>
        </Box>
        {step === 0 && <WhoStep />}
        {step === 1 && <PeopleStep settings={settings} today={today} />}
        {step === 2 && <PrivacyStep form={form} settings={settings} />}
        <StepButtons step={step} onBack={() => onStep(step - 1, 'back')} />
      </SchemaForm>
    </StepCard>
  );
}

function StepButtons({ step, onBack }: { step: number; onBack: () => void }) {
  const { isSubmitting } = useFormContext().formState;
  return (
    <Flex gap="3" direction={{ base: 'column-reverse', sm: 'row' }} justify="space-between" pt="2">
      {step > 0 ? (
        <Button variant="outline" onClick={onBack} disabled={isSubmitting}>
          Indietro
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Invio in corso..." size="lg">
        {step < 2 ? 'Avanti' : 'Invia il modulo'}
      </Button>
    </Flex>
  );
}

function RadioChoice({ name, legend, options, required, helper }: { name: string; legend: string; options: readonly { value: string; label: string }[]; required?: boolean; helper?: ReactNode }) {
  const error = useFieldError(name);
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium" color="fg">
        {legend}
        {required && (
          <Box as="span" aria-hidden="true" color="fg.error" ms="1">
            *
          </Box>
        )}
      </Fieldset.Legend>
      {helper && <Fieldset.HelperText>{helper}</Fieldset.HelperText>}
      <Controller
        name={name}
        render={({ field }) => (
          <RadioGroup.Root name={field.name} value={(field.value as string) || null} onValueChange={(d) => d.value && field.onChange(d.value)} colorPalette="brand">
            <Flex gap="2" wrap="wrap" pt="1">
              {options.map((o) => (
                <RadioGroup.Item key={o.value} value={o.value} borderWidth="1px" borderRadius="md" px="3" py="2" minH="11" _checked={{ borderColor: 'brand.solid', bg: 'brand.subtle' }}>
                  <RadioGroup.ItemHiddenInput ref={field.ref} onBlur={field.onBlur} />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Flex>
          </RadioGroup.Root>
        )}
      />
      {error && <Fieldset.ErrorText fontSize="sm">{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}

const YES_NO = [
  { value: 'si', label: 'Sì' },
  { value: 'no', label: 'No' },
] as const;

function WhoStep() {
  const who = useWatch({ name: 'who' }) as SubmissionValues['who'];
  return (
    <Stack gap="5">
      <RadioChoice
        name="who"
        legend="Chi iscrivi?"
        options={[
          { value: 'figli', label: 'Iscrivo i miei figli' },
          { value: 'io', label: 'Mi iscrivo io (maggiorenne)' },
        ]}
      />
      <Text fontWeight="semibold">{who === 'io' ? 'I tuoi dati' : 'I tuoi dati (genitore o tutore)'}</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="registrant.firstname" label="Nome" required autoComplete="given-name" />
        <TextField name="registrant.lastname" label="Cognome" required autoComplete="family-name" />
      </SimpleGrid>
      <TextField name="registrant.taxIdCode" label="Codice fiscale" required uppercase autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={16} />
      <BirthHint name="registrant.taxIdCode" />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="registrant.email" label="Email" required type="email" inputMode="email" autoComplete="email" helper="Qui riceverai il codice per firmare e le risposte della società." />
        <TextField name="registrant.phonePrimary" label="Cellulare" type="tel" inputMode="tel" autoComplete="tel" />
      </SimpleGrid>
      {who !== 'io' && (
        <RadioChoice
          name="registrant.relationship"
          legend="Sei"
          options={[
            { value: 'genitore', label: 'Genitore' },
            { value: 'tutore', label: 'Tutore' },
          ]}
        />
      )}
    </Stack>
  );
}

/** "Nato/a il 10/03/2013 a Roma (RM)": read from a valid tax code as it is typed. */
function BirthHint({ name, onPlace }: { name: string; onPlace?: (place: string) => void }) {
  const code = (useWatch({ name }) as string | undefined) ?? '';
  const birth = useMemo(() => taxCodeBirthData(code), [code]);
  const [place, setPlace] = useState<{ code: string; text: string } | null>(null);
  const onPlaceRef = useRef(onPlace);
  onPlaceRef.current = onPlace;
  useEffect(() => {
    if (!birth) return;
    let live = true;
    void taxCodeBirthplace(birth.birthplaceCode).then((found) => {
      if (!live || !found) return;
      // "ROMA" as "Roma", "REGGIO NELL'EMILIA" as "Reggio Nell'Emilia"
      const name = found.name.toLowerCase().replace(/(^|[\s'-])\p{L}/gu, (c) => c.toUpperCase());
      const text = found.province && found.province !== 'EE' ? `${name} (${found.province})` : name;
      setPlace({ code: birth.birthplaceCode, text });
      onPlaceRef.current?.(text);
    });
    return () => {
      live = false;
    };
  }, [birth]);
  if (!birth) return null;
  const where = place?.code === birth.birthplaceCode ? ` a ${place.text}` : '';
  return (
    <Text fontSize="sm" color="fg.muted" mt="-3" aria-live="polite">
      {birth.typeGenderId === 2 ? 'Nata' : 'Nato'} il {formatDay(birth.birthday)}
      {where}
    </Text>
  );
}

function PeopleStep({ settings, today }: { settings: RegistrationFormSettings; today: string }) {
  const { control } = useFormContext<SubmissionValues>();
  const who = useWatch({ control, name: 'who' });
  const { fields, append, remove } = useFieldArray({ control, name: 'people' });
  const peopleError = useFieldError('people');
  const addRef = useRef<HTMLButtonElement>(null);
  if (who === 'io') return <PersonFields index={0} settings={settings} today={today} self />;
  return (
    <Stack gap="6">
      {peopleError && !fields.length && (
        <Text color="fg.error" role="alert">
          {peopleError}
        </Text>
      )}
      {fields.map((field, index) => (
        <Box key={field.id} as="fieldset" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '5' }}>
          <Flex as="legend" px="1" fontWeight="semibold" fontSize="lg">
            Figlio/a {index + 1}
          </Flex>
          <Stack gap="4" mt="2">
            <PersonFields index={index} settings={settings} today={today} />
            {fields.length > 1 && (
              <Box>
                <Button
                  variant="ghost"
                  colorPalette="red"
                  size="sm"
                  onClick={() => {
                    remove(index);
                    requestAnimationFrame(() => addRef.current?.focus());
                  }}
                >
                  Rimuovi figlio/a {index + 1}
                </Button>
              </Box>
            )}
          </Stack>
        </Box>
      ))}
      {fields.length < REGISTRATION_MAX_PEOPLE && (
        <Box>
          <Button
            ref={addRef}
            variant="outline"
            colorPalette="brand"
            onClick={() => {
              append(blankPerson(), { focusName: `people.${fields.length}.firstname` });
            }}
          >
            + Aggiungi un altro figlio/a
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function PersonFields({ index, settings, today, self = false }: { index: number; settings: RegistrationFormSettings; today: string; self?: boolean }) {
  const { setValue, getValues } = useFormContext<SubmissionValues>();
  const at = (field: string) => `people.${index}.${field}`;
  const level = settings.fields;
  const shown = (field: keyof typeof level) => level[field] !== 'no';
  const req = (field: keyof typeof level) => level[field] === 'richiesto';
  const certificateLevel = settings.documents.certificato_medico;
  return (
    <Stack gap="4">
      {!self && (
        <>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField name={at('firstname')} label="Nome" required autoComplete="off" />
            <TextField name={at('lastname')} label="Cognome" required autoComplete="off" />
          </SimpleGrid>
          <TextField name={at('taxIdCode')} label="Codice fiscale" required uppercase autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={16} />
          <BirthHint
            name={at('taxIdCode')}
            onPlace={(place) => {
              if (shown('birthplace') && !getValues(`people.${index}.birthplace`)) setValue(`people.${index}.birthplace`, place);
            }}
          />
        </>
      )}
      {(shown('emailPrimary') || shown('phonePrimary')) && (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {shown('emailPrimary') && <TextField name={at('emailPrimary')} label={self ? 'Email di contatto' : REGISTRATION_FIELD_LABELS.emailPrimary} required={req('emailPrimary')} type="email" inputMode="email" autoComplete="off" />}
          {shown('phonePrimary') && <TextField name={at('phonePrimary')} label={REGISTRATION_FIELD_LABELS.phonePrimary} required={req('phonePrimary')} type="tel" inputMode="tel" autoComplete="off" />}
        </SimpleGrid>
      )}
      {(shown('birthplace') || shown('nationality')) && (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {shown('birthplace') && <TextField name={at('birthplace')} label={REGISTRATION_FIELD_LABELS.birthplace} required={req('birthplace')} autoComplete="off" />}
          {shown('nationality') && <TextField name={at('nationality')} label={REGISTRATION_FIELD_LABELS.nationality} required={req('nationality')} autoComplete="off" />}
        </SimpleGrid>
      )}
      {shown('address') && <AddressFields index={index} required={req('address')} />}
      {settings.questions.map((q) => (
        <QuestionField key={q.id} name={at(`answers.${q.id}`)} question={q} />
      ))}
      {certificateLevel !== 'no' && <CertificateFields index={index} optional={certificateLevel === 'facoltativo'} today={today} settings={settings} />}
    </Stack>
  );
}

function AddressFields({ index, required }: { index: number; required: boolean }) {
  const at = (field: string) => `people.${index}.address.${field}`;
  // "Campo obbligatorio" for the address as a whole (street and city): under the street.
  const whole = useFieldError(`people.${index}.address`);
  const street = useFieldError(at('address'));
  const { register } = useFormContext();
  return (
    <Stack gap="3" as="fieldset">
      <Text as="legend" fontWeight="medium" fontSize="sm" mb="1">
        {REGISTRATION_FIELD_LABELS.address}
        {required && (
          <Box as="span" aria-hidden="true" color="fg.error" ms="1">
            *
          </Box>
        )}
      </Text>
      <Flex gap="3">
        <Box flex="3">
          <FormField label="Via o piazza" required={required} error={street ?? whole}>
            <Input autoComplete="off" {...register(at('address'))} />
          </FormField>
        </Box>
        <Box flex="1" minW="20">
          <TextField name={at('streetNumber')} label="Civico" autoComplete="off" />
        </Box>
      </Flex>
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
        <TextField name={at('postalCode')} label="CAP" inputMode="numeric" autoComplete="off" maxLength={5} />
        <TextField name={at('province')} label="Provincia" uppercase autoComplete="off" maxLength={2} />
        <Box gridColumn={{ base: 'span 2', md: 'auto' }}>
          <TextField name={at('city')} label="Comune" required={required} autoComplete="off" />
        </Box>
      </SimpleGrid>
    </Stack>
  );
}

function QuestionField({ name, question }: { name: string; question: RegistrationQuestion }) {
  if (question.kind === 'si_no') return <RadioChoice name={name} legend={question.label} options={YES_NO} required={question.required} />;
  if (question.kind === 'scelta') {
    const options = question.options.map((o) => ({ value: o, label: o }));
    if (options.length <= 5) return <RadioChoice name={name} legend={question.label} options={options} required={question.required} />;
    return <SelectField name={name} label={question.label} required={question.required} options={options} placeholder="Scegli" />;
  }
  return <TextField name={name} label={question.label} required={question.required} autoComplete="off" />;
}

function CertificateFields({ index, optional, today, settings }: { index: number; optional: boolean; today: string; settings: RegistrationFormSettings }) {
  const { control, setValue, getValues } = useFormContext<SubmissionValues>();
  const person = useWatch({ control, name: `people.${index}` });
  const at = (field: string) => `people.${index}.certificate.${field}`;
  const open = person ? sendsCertificate(settings, person) : !optional;
  // The usual expiry proposed from the type and the issue date (the parent may change it).
  const proposeExpiry = () => {
    const { type, issuedOn, expiresOn } = getValues(`people.${index}.certificate`);
    const rule = CERTIFICATE_TYPE_RULES[type as keyof typeof CERTIFICATE_TYPE_RULES];
    if (rule && /^\d{4}-\d{2}-\d{2}$/.test(issuedOn) && !expiresOn) setValue(`people.${index}.certificate.expiresOn`, addMonths(issuedOn, rule.usualMonths));
  };
  return (
    <Stack gap="3" borderTopWidth="1px" pt="4">
      <Text fontWeight="semibold">Certificato medico</Text>
      {optional ? (
        <Controller
          name={`people.${index}.withCertificate`}
          control={control}
          render={({ field }) => (
            <Checkbox.Root checked={field.value === true} onCheckedChange={(d) => field.onChange(d.checked === true)} colorPalette="brand">
              <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} />
              <Checkbox.Control />
              <Checkbox.Label>Carico il certificato medico (nel passo dei documenti)</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Indica i dati del certificato: dopo l&apos;invio ti chiederemo di caricarne il file (PDF o foto).
        </Text>
      )}
      {open && (
        <Stack gap="3">
          <SelectField name={at('type')} label="Tipo di certificato" required options={MEDICAL_CERTIFICATE_TYPES.map((t) => ({ value: t, label: CERTIFICATE_TYPE_RULES[t].label }))} placeholder="Scegli il tipo" />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <TextField name={at('issuedOn')} label="Rilasciato il" required type="date" max={today} onBlur={proposeExpiry} />
            <TextField name={at('expiresOn')} label="Scade il" required type="date" onFocus={proposeExpiry} />
          </SimpleGrid>
          <TextField name={at('issuer')} label="Medico o struttura che lo ha rilasciato" autoComplete="off" />
        </Stack>
      )}
    </Stack>
  );
}

function PrivacyStep({ form, settings }: { form: PublicForm; settings: RegistrationFormSettings }) {
  return (
    <Stack gap="5">
      <Box>
        <Text fontWeight="semibold" mb="2">
          {form.noticeTitle ?? 'Informativa privacy'}
        </Text>
        <Box
          role="region"
          aria-label={`Testo dell'informativa: ${form.noticeTitle ?? 'informativa privacy'}`}
          tabIndex={0}
          maxH={{ base: '60', md: '72' }}
          overflowY="auto"
          borderWidth="1px"
          borderRadius="md"
          bg="bg.subtle"
          p="4"
          whiteSpace="pre-line"
          fontSize="sm"
          lineHeight="tall"
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
        >
          {form.noticeText}
        </Box>
      </Box>
      <Stack gap="4">
        {settings.consents.map((purpose: ConsentPurpose) => (
          <RadioChoice
            key={purpose}
            name={`consents.${purpose}`}
            legend={`Consenso: ${CONSENT_PURPOSE_LABELS[purpose]}`}
            options={YES_NO}
            required
            helper={purpose === 'trattamento_dati' ? 'Necessario per l’iscrizione.' : undefined}
          />
        ))}
      </Stack>
      <AcceptNotice />
      <Summary />
    </Stack>
  );
}

function AcceptNotice() {
  const error = useFieldError('acceptNotice');
  return (
    <Box data-invalid={error ? '' : undefined}>
      <Controller
        name="acceptNotice"
        render={({ field }) => (
          <Checkbox.Root checked={field.value === true} onCheckedChange={(d) => field.onChange(d.checked === true)} colorPalette="brand" invalid={Boolean(error)} alignItems="flex-start">
            <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} aria-describedby={error ? 'informativa-errore' : undefined} />
            <Checkbox.Control mt="0.5" />
            <Checkbox.Label>
              Ho letto l&apos;informativa privacy della società
              <Box as="span" aria-hidden="true" color="fg.error" ms="1">
                *
              </Box>
            </Checkbox.Label>
          </Checkbox.Root>
        )}
      />
      {error && (
        <Text id="informativa-errore" mt="1" fontSize="sm" color="fg.error">
          {error}
        </Text>
      )}
    </Box>
  );
}

/** Who is being registered, once more before sending. */
function Summary() {
  const values = useWatch() as SubmissionValues;
  const people = registeredPeople(values);
  const names = values.who === 'io' ? [`${values.registrant.firstname} ${values.registrant.lastname}`] : people.map((p) => `${p.firstname} ${p.lastname}`);
  return (
    <Box bg="bg.muted" borderRadius="md" p="4">
      <Text fontSize="sm" fontWeight="semibold">
        Stai iscrivendo
      </Text>
      <HStack as="ul" gap="2" wrap="wrap" mt="1" listStyleType="none">
        {names.map((n, i) => (
          <Box as="li" key={i} fontSize="sm" bg="bg" borderWidth="1px" borderRadius="full" px="3" py="0.5">
            {n}
          </Box>
        ))}
      </HStack>
      <Text fontSize="sm" color="fg.muted" mt="2">
        Dopo l&apos;invio riceverai per email il codice per firmare.
      </Text>
    </Box>
  );
}
