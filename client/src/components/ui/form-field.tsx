// A labelled form control (Chakra v3 Field): label, control, helper text, error under the control.
import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FormFieldProps {
  label: ReactNode;
  children: ReactNode;
  /** Message shown under the control (marks it invalid). */
  error?: string | undefined;
  /** Marks the control invalid without a message of its own (the message is shown once for the form). */
  invalid?: boolean | undefined;
  required?: boolean | undefined;
  helper?: ReactNode;
}

export function FormField({ label, children, error, invalid, required, helper }: FormFieldProps) {
  return (
    <Field.Root invalid={invalid || Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
