// The fields of a medical certificate form, inside a SchemaForm whose values are CertificateFormFields: type, sport,
// issue and expiry dates, doctor or centre, the file. The expiry follows the type's usual validity from the issue
// date until the user types one of their own; clearing it hands it back to the proposal (from the next change of type
// or date). Shared by the staff's "Nuovo certificato" (features/people) and the personal area's upload
// (features/family-area).
import { SimpleGrid } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SelectField, setFieldValue, TextField } from '../form';
import { DocumentField } from '../document-input';
import { CERTIFICATE_TYPE_OPTIONS, proposedExpiry, validityHint, type CertificateFormFields } from './certificate-form-values';

export interface CertificateFieldsProps {
  /** The club's day (YYYY-MM-DD): no issue date after it. */
  today: string;
  /** The picker's refusal of the last file chosen (type, size): the form must not save meanwhile. */
  fileProblem: string | undefined;
  onFileProblem: (problem: string | undefined) => void;
  fileLabel?: string;
  /** The file is required (the personal area's upload): the label says so. */
  fileRequired?: boolean;
}

export function CertificateFields({ today, fileProblem, onFileProblem, fileLabel = 'File del certificato', fileRequired = false }: CertificateFieldsProps) {
  const form = useFormContext<CertificateFormFields>();
  const type = useWatch({ control: form.control, name: 'type' });
  const expiryTyped = useRef(false);
  useEffect(() => {
    const { unsubscribe } = form.watch((values, { name, type: event }) => {
      if (event !== 'change') return;
      if (name === 'expiresOn') expiryTyped.current = values.expiresOn !== '';
      else if ((name === 'type' || name === 'issuedOn') && !expiryTyped.current) setFieldValue(form, 'expiresOn', proposedExpiry(form.getValues()) ?? '');
    });
    return unsubscribe;
  }, [form]);

  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <SelectField name="type" label="Tipo di certificato" required options={CERTIFICATE_TYPE_OPTIONS} />
        <TextField name="sport" label="Sport o disciplina" />
        <TextField name="issuedOn" label="Data di rilascio" required type="date" max={today} />
        <TextField name="expiresOn" label="Data di scadenza" required type="date" helper={validityHint(type)} />
        <TextField name="issuer" label="Medico o centro" />
      </SimpleGrid>
      <DocumentField name="file" label={fileLabel} required={fileRequired} stored={[]} problem={fileProblem} onProblem={onFileProblem} />
    </>
  );
}
