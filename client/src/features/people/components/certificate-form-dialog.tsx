// "Nuovo certificato" (issue 14): type, sport, issue and expiry dates, doctor or centre, the file. The expiry is
// proposed from the type's usual validity until the user types one; the form is checked with the server's own
// rules before sending, the server's field messages go under the fields and its success message in a toast.
import { useMutation } from '@apollo/client/react';
import { Button, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MSG } from '../../../../../schema/messages';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormDialog } from '../../../components/ui/form-dialog';
import { PanelCancelButton } from '../../../components/ui/unsaved-changes';
import { useDirtyReport, useIsDirty } from '../../../lib/use-is-dirty';
import { FormField } from '../../../components/ui/form-field';
import { SelectInput } from '../../../components/ui/select-field';
import { graphql } from '../../../gql';
import { messageOfError } from '../../../lib/errors';
import type { FieldErrors } from '../../../lib/form-errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import {
  CERTIFICATE_TYPE_OPTIONS,
  changeCertificate,
  emptyCertificateValues,
  toCertificateInput,
  validateCertificate,
  validityHint,
  type CertificateFormValues,
} from '../certificate-form-values';
import { clubToday } from '../person-dates';
import { DocumentInput } from './document-input';

const AddCertificateMutation = graphql(`
  mutation CertificateFormDialog_Add($input: AddMedicalCertificateInput!) {
    addMedicalCertificate(input: $input) {
      __typename
      ... on MutationAddMedicalCertificateSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);

interface FormProps {
  personId: string;
  formId: string;
  onSendingChange: (sending: boolean) => void;
  onSaved: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

function CertificateForm({ personId, formId, onSendingChange, onSaved, onDirtyChange }: FormProps) {
  // The page reads the new history and state again (cheaper in the admin JavaScript than a fragment in the answer).
  const [add] = useMutation(AddCertificateMutation, { refetchQueries: ['PersonPage_PersonRole', 'PersonChanges_List'], awaitRefetchQueries: true });
  const [openedValues] = useState<CertificateFormValues>(emptyCertificateValues);
  const [values, setValues] = useState<CertificateFormValues>(openedValues);
  const [expiryTyped, setExpiryTyped] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  useDirtyReport(useIsDirty({ values: openedValues, file: null }, { values, file }), onDirtyChange);
  const [fileError, setFileError] = useState<string | undefined>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [errorTick, setErrorTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const today = clubToday();

  // After a failed submit the first wrong field gets the focus (the summary is read out as an alert).
  useEffect(() => {
    if (!errorTick) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input, [data-invalid] select')?.focus();
  }, [errorTick]);

  // A field's message goes once it is changed (the proposed expiry changes with the type and the issue date).
  const forget = (...keys: string[]) => setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))));
  const set = <K extends keyof CertificateFormValues>(key: K, value: CertificateFormValues[K]) => {
    setValues((v) => changeCertificate(v, key, value, expiryTyped));
    forget(key, ...(expiryTyped ? [] : ['expiresOn']));
  };
  const setExpiry = (value: string) => {
    // A typed expiry stays; clearing the field hands it back to the proposal (from the next type or date change).
    setExpiryTyped(value !== '');
    setValues((v) => ({ ...v, expiresOn: value }));
    forget('expiresOn');
  };
  const fail = (fieldErrors: FieldErrors, message: string) => {
    setErrors(fieldErrors);
    setSummary(message);
    setErrorTick((t) => t + 1);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const problems = validateCertificate(values, today);
    if (Object.keys(problems).length || fileError) return fail(problems, MSG.invalidFields);
    setErrors({});
    setSummary(undefined);
    setSending(true);
    onSendingChange(true);
    try {
      const result = await add({ variables: { input: toCertificateInput(personId, values, file) } });
      const outcome = readMutationResult(result.data?.addMedicalCertificate);
      if (outcome.ok) {
        notify(MESSAGE_LEVEL.success, outcome.data.message);
        onSaved();
        return;
      }
      fail(outcome.fieldErrors, outcome.message);
    } catch (e) {
      fail({}, messageOfError(e));
    } finally {
      setSending(false);
      onSendingChange(false);
    }
  }

  return (
    <form id={formId} ref={formRef} noValidate onSubmit={onSubmit} aria-busy={sending}>
      <Stack gap="5">
        <FormAlert message={summary} />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label="Tipo di certificato" required error={errors.type}>
            <SelectInput
              name="type"
              value={values.type}
              onChange={(e) => set('type', e.target.value as CertificateFormValues['type'])}
              placeholder="Seleziona"
              options={CERTIFICATE_TYPE_OPTIONS}
            />
          </FormField>
          <FormField label="Sport o disciplina" error={errors.sport}>
            <Input name="sport" value={values.sport} onChange={(e) => set('sport', e.target.value)} autoComplete="off" />
          </FormField>
          <FormField label="Data di rilascio" required error={errors.issuedOn}>
            <Input name="issuedOn" type="date" max={today} value={values.issuedOn} onChange={(e) => set('issuedOn', e.target.value)} />
          </FormField>
          <FormField label="Data di scadenza" required error={errors.expiresOn} helper={validityHint(values.type)}>
            <Input name="expiresOn" type="date" value={values.expiresOn} onChange={(e) => setExpiry(e.target.value)} />
          </FormField>
          <FormField label="Medico o centro" error={errors.issuer}>
            <Input name="issuer" value={values.issuer} onChange={(e) => set('issuer', e.target.value)} autoComplete="off" />
          </FormField>
        </SimpleGrid>
        <DocumentInput
          label="File del certificato"
          stored={[]}
          chosen={file ? [file] : []}
          onChange={(chosen, error) => {
            setFile(chosen[0] ?? null);
            setFileError(error);
            // The server's refusal was about the previous file.
            forget('file');
          }}
          error={fileError ?? errors.file}
        />
      </Stack>
    </form>
  );
}

export interface CertificateFormDialogProps {
  open: boolean;
  personId: string;
  personName: string;
  onClose: () => void;
}

export function CertificateFormDialog({ open, personId, personName, onClose }: CertificateFormDialogProps) {
  const formId = useId();
  const [sending, setSending] = useState(false);
  const [dirty, setDirty] = useState(false);
  return (
    <FormDialog
      open={open}
      dirty={dirty}
      title={`Nuovo certificato di ${personName}`}
      onClose={() => {
        if (!sending) onClose();
      }}
      footer={
        <HStack gap="3" w="100%" justify="flex-end">
          <PanelCancelButton disabled={sending}>Annulla</PanelCancelButton>
          <Button type="submit" form={formId} disabled={sending}>
            {sending ? 'Salvataggio in corso...' : 'Salva'}
          </Button>
        </HStack>
      }
    >
      <CertificateForm personId={personId} formId={formId} onSendingChange={setSending} onSaved={onClose} onDirtyChange={setDirty} />
    </FormDialog>
  );
}
