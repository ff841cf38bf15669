// "Nuovo certificato" (issue 14): type, sport, issue and expiry dates, doctor or centre, the file. The expiry is
// proposed from the type's usual validity until the user types one; the form is checked with the server's own
// rules before sending, the server's field messages go under the fields and its success message in a toast.
import { useMutation } from '@apollo/client/react';
import { HStack } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { MSG } from '../../../../../schema/messages';
import { CertificateFields } from '../../../components/certificates/certificate-fields';
import { certificateFormSchema, emptyCertificateFields } from '../../../components/certificates/certificate-form-values';
import { PanelFormFooter, SchemaForm, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormDialog } from '../../../components/ui/form-dialog';
import { graphql } from '../../../gql';
import type { AddMedicalCertificateInput } from '../../../gql/graphql';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { clubToday } from '../person-dates';

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

type SaveCertificate = (input: AddMedicalCertificateInput) => Promise<SubmitOutcome>;

interface FormProps {
  personId: string;
  formId: string;
  save: SaveCertificate;
  onDirtyChange: (dirty: boolean) => void;
}

function CertificateForm({ personId, formId, save, onDirtyChange }: FormProps) {
  const today = clubToday();
  const schema = useMemo(() => certificateFormSchema(personId, today), [personId, today]);
  const form = useSchemaForm(schema, emptyCertificateFields());
  const [fileProblem, setFileProblem] = useState<string | undefined>();
  return (
    <SchemaForm
      id={formId}
      form={form}
      onDirtyChange={onDirtyChange}
      onSubmit={(input) => (fileProblem ? { ok: false, message: MSG.invalidFields } : save(input))}
    >
      <CertificateFields today={today} fileProblem={fileProblem} onFileProblem={setFileProblem} />
    </SchemaForm>
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
  // The page reads the new history and state again (cheaper in the admin JavaScript than a fragment in the answer).
  const [add, { loading: sending }] = useMutation(AddCertificateMutation, { refetchQueries: ['PersonPage_PersonRole', 'PersonChanges_List'], awaitRefetchQueries: true });
  const [dirty, setDirty] = useState(false);
  const save: SaveCertificate = async (input) => {
    const { data } = await add({ variables: { input } });
    const outcome = readMutationResult(data?.addMedicalCertificate);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    onClose();
  };
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
          <PanelFormFooter formId={formId} sending={sending} />
        </HStack>
      }
    >
      <CertificateForm personId={personId} formId={formId} save={save} onDirtyChange={setDirty} />
    </FormDialog>
  );
}
