// /iscrizione/:token: the public registration form (issue 36 point 3), for a parent on a phone without an account.
// Steps: who registers (1), the people (2), privacy and consents (3) -> sent; the documents (4, when the form asks
// any), the signature with the mailed code (5), done (6). The browser keeps the submission's secret by the link's
// token (registration-storage.ts): a reload resumes it; a submission the club sent back for changes opens the form
// filled in again, with the club's reason, and the new one replaces it.
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { clubDate } from '../../../../../schema/club-time';
import { MSG } from '../../../../../schema/messages';
import { SUBMISSION_STATUS_LABELS } from '../../../../../schema/validation/registrations';
import type { SubmitOutcome } from '../../../components/form';
import { FormAlert } from '../../../components/ui/form-alert';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { DocumentsStep, documentSlots } from './documents-step';
import { DoneStep } from './done-step';
import { PublicFrame, StepCard, StepProgress } from './public-frame';
import { MyRegistrationQuery, PublicRegistrationFormQuery, SubmitRegistrationMutation } from './registration-documents';
import { forgetRegistration, readStoredRegistration, storeRegistration, type SignedInfo, type StoredRegistration } from './registration-storage';
import { SignStep } from './sign-step';
import { SubmissionSteps } from './submission-steps';
import { blankValues, registeredPeople, sendsCertificate, settingsOf, submissionInput, valuesFromContent, type OwnRegistration, type PublicForm, type SubmissionValues } from './submission-values';

type View =
  | { kind: 'form'; step: number; values: SubmissionValues; replaces?: string; reason?: string | null }
  | { kind: 'documents'; errors?: Record<string, string> }
  | { kind: 'sign' }
  | { kind: 'done' }
  | { kind: 'status'; registration: OwnRegistration };

export default function RegistrationPage() {
  const { token = '' } = useParams();
  const formQuery = useQuery(PublicRegistrationFormQuery, { variables: { token }, fetchPolicy: 'network-only' });
  const [stored, setStored] = useState<StoredRegistration | null>(() => readStoredRegistration(token));
  const [initialToken] = useState(() => stored?.accessToken);
  const mine = useQuery(MyRegistrationQuery, { variables: { accessToken: initialToken ?? '' }, skip: !initialToken, fetchPolicy: 'network-only' });
  const form = formQuery.data?.publicRegistrationForm;

  if (formQuery.loading || mine.loading) {
    return (
      <PublicFrame title="Iscrizione online">
        <PageSpinner label="Caricamento del modulo..." />
      </PublicFrame>
    );
  }
  // (a submission this browser could not read back is kept: a failed request says nothing about it)
  const failed = formQuery.error ?? mine.error;
  if (failed) {
    return (
      <PublicFrame title="Iscrizione online">
        <FormAlert message={messageOfError(failed)} />
      </PublicFrame>
    );
  }
  if (!form) {
    return (
      <PublicFrame title="Modulo non trovato">
        <FormAlert message={MSG.registrationFormNotFound} />
      </PublicFrame>
    );
  }
  return <RegistrationFlow token={token} form={form} stored={stored} setStored={setStored} own={initialToken ? (mine.data?.myRegistration ?? null) : null} />;
}

function Details({ form }: { form: PublicForm }) {
  return (
    <Stack gap="2">
      <Text color="fg.muted" fontWeight="medium">
        Stagione {form.seasonLabel}
        {form.groupName ? ` · ${form.groupName}` : ''}
      </Text>
      {form.intro && <Text whiteSpace="pre-line">{form.intro}</Text>}
    </Stack>
  );
}

function RegistrationFlow({
  token,
  form,
  stored,
  setStored,
  own,
}: {
  token: string;
  form: PublicForm;
  stored: StoredRegistration | null;
  setStored: (s: StoredRegistration | null) => void;
  own: OwnRegistration | null;
}) {
  const client = useApolloClient();
  const settings = useMemo(() => settingsOf(form), [form]);
  const today = useMemo(() => clubDate(new Date()), []);
  const hasDocuments = settings.documents.certificato_medico !== 'no' || settings.documents.documento_identita !== 'no';
  const headingRef = useRef<HTMLHeadingElement>(null);

  const [view, setView] = useState<View>(() => {
    if (stored && own) {
      if (own.status === 'da_firmare') return hasDocuments ? { kind: 'documents' } : { kind: 'sign' };
      if (own.status === 'modifiche_richieste') return { kind: 'form', step: 0, values: valuesFromContent(own.content, settings), replaces: stored.accessToken, reason: own.reason };
      if (stored.signed) return { kind: 'done' };
      return { kind: 'status', registration: own };
    }
    return { kind: 'form', step: 0, values: blankValues(settings) };
  });
  // A secret the server no longer knows: forgotten.
  useEffect(() => {
    if (stored && !own) {
      forgetRegistration(token);
      setStored(null);
    }
    // only on opening the page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // After each change of step, the focus goes to the step's heading (not after a failed submit: the wrong field has it).
  const focusHeading = useRef(false);
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    headingRef.current?.focus();
  });
  const go = useCallback((next: View, focus = true) => {
    focusHeading.current = focus;
    setView(next);
  }, []);

  const save = (next: StoredRegistration) => {
    storeRegistration(token, next);
    setStored(next);
  };

  const steps = ['Chi iscrivi', 'Dati', 'Privacy', ...(hasDocuments ? ['Documenti'] : []), 'Firma', 'Fatto'];
  const stepIndex =
    view.kind === 'form' ? view.step : view.kind === 'documents' ? 3 : view.kind === 'sign' ? (hasDocuments ? 4 : 3) : steps.length - 1;

  const submit = async (values: SubmissionValues, replaces: string | undefined): Promise<SubmitOutcome> => {
    const { data } = await client.mutate({ mutation: SubmitRegistrationMutation, variables: { token, input: submissionInput(values, settings), replaces: replaces ?? null } });
    const outcome = readMutationResult(data?.submitRegistration);
    if (!outcome.ok) return { ok: false, message: outcome.message, fieldErrors: outcome.fieldErrors };
    const people = registeredPeople(values);
    const names = values.who === 'io' ? [`${values.registrant.firstname} ${values.registrant.lastname}`.trim()] : people.map((p) => `${p.firstname} ${p.lastname}`.trim());
    save({ accessToken: outcome.data.accessToken, maskedEmail: outcome.data.maskedEmail, people: names, withCertificate: people.map((p) => sendsCertificate(settings, p)), uploads: {} });
    go(hasDocuments ? { kind: 'documents' } : { kind: 'sign' });
  };

  let body;
  if (view.kind === 'form') {
    if (!form.open) body = <FormAlert message={MSG.registrationFormClosed} status="warning" />;
    else if (form.noticeVersion == null) body = <FormAlert message={MSG.registrationNoticeMissing} status="warning" />;
    else {
      const { replaces } = view;
      body = (
        <>
          {view.reason && (
            <Box borderWidth="1px" borderColor="orange.300" bg="orange.50" _dark={{ bg: 'orange.950' }} borderRadius="lg" p="4" role="status">
              <Text fontWeight="semibold">La società ha chiesto di correggere l&apos;iscrizione</Text>
              <Text mt="1" whiteSpace="pre-line">
                {view.reason}
              </Text>
              <Text mt="2" fontSize="sm" color="fg.muted">
                Correggi i dati e invia di nuovo il modulo: la nuova iscrizione sostituirà la precedente.
              </Text>
            </Box>
          )}
          <StepProgress steps={steps} current={stepIndex} />
          <SubmissionSteps
            form={form}
            settings={settings}
            today={today}
            initialValues={view.values}
            step={view.step}
            headingRef={headingRef}
            onStep={(step, reason) => {
              focusHeading.current = reason !== 'error';
              setView((v) => (v.kind === 'form' ? { ...v, step } : v));
            }}
            onSubmit={(values) => submit(values, replaces)}
          />
        </>
      );
    }
  } else if (view.kind === 'status') {
    const r = view.registration;
    body = (
      <StepCard ref={headingRef} title="Iscrizione già inviata">
        <Text>
          Stato: <strong>{SUBMISSION_STATUS_LABELS[r.status]}</strong>
        </Text>
        {r.reason && (
          <Text>
            Motivo indicato dalla società: <em>{r.reason}</em>
          </Text>
        )}
        {r.contentHash && (
          <Text fontSize="sm" color="fg.muted">
            Impronta della firma: <Box as="span" fontFamily="mono" wordBreak="break-all">{r.contentHash}</Box>
          </Text>
        )}
        <NewRegistration
          onNew={() => {
            forgetRegistration(token);
            setStored(null);
            go({ kind: 'form', step: 0, values: blankValues(settings) });
          }}
        />
      </StepCard>
    );
  } else if (!stored) {
    body = <FormAlert message={MSG.registrationLinkInvalid} />;
  } else if (view.kind === 'documents') {
    body = (
      <>
        <StepProgress steps={steps} current={stepIndex} />
        <DocumentsStep
          headingRef={headingRef}
          accessToken={stored.accessToken}
          slots={documentSlots(settings, stored.people, stored.withCertificate ?? [])}
          uploads={stored.uploads}
          initialErrors={view.errors}
          onUploaded={(key, filename) => save({ ...stored, uploads: { ...stored.uploads, [key]: filename } })}
          onDone={() => go({ kind: 'sign' })}
        />
      </>
    );
  } else if (view.kind === 'sign') {
    body = (
      <>
        <StepProgress steps={steps} current={stepIndex} />
        <SignStep
          headingRef={headingRef}
          accessToken={stored.accessToken}
          maskedEmail={stored.maskedEmail}
          people={stored.people}
          formTitle={form.title}
          onSigned={(signed: SignedInfo) => {
            save({ ...stored, signed });
            go({ kind: 'done' });
          }}
          onDocumentsMissing={hasDocuments ? (errors) => go({ kind: 'documents', errors }) : undefined}
          onBack={hasDocuments ? () => go({ kind: 'documents' }) : undefined}
        />
      </>
    );
  } else if (stored.signed) {
    const { signed } = stored;
    body = (
      <>
        <StepProgress steps={steps} current={stepIndex} />
        <DoneStep
          headingRef={headingRef}
          message={signed.message}
          hash={signed.hash}
          pdfPath={signed.pdfPath}
          verifyPath={signed.verifyPath}
          status={own && own.status !== 'in_attesa' && own.status !== 'da_firmare' ? <Text>Stato: <strong>{SUBMISSION_STATUS_LABELS[own.status]}</strong></Text> : undefined}
        >
          <NewRegistration
            onNew={() => {
              forgetRegistration(token);
              setStored(null);
              go({ kind: 'form', step: 0, values: blankValues(settings) });
            }}
          />
        </DoneStep>
      </>
    );
  }

  return (
    <PublicFrame kicker={form.clubName} title={form.title} details={<Details form={form} />}>
      {body}
    </PublicFrame>
  );
}

function NewRegistration({ onNew }: { onNew: () => void }) {
  return (
    <Box borderTopWidth="1px" pt="4">
      <Text fontSize="sm" color="fg.muted" mb="2">
        Devi iscrivere qualcun altro con questo modulo?
      </Text>
      <Button variant="outline" size="sm" onClick={onNew}>
        Compila una nuova iscrizione
      </Button>
    </Box>
  );
}
