// A labelled form control (Chakra v3 Field): label, control, helper text, error under the control.
// The required asterisk sits next to the <label>, not inside it (aria-hidden), so the label text is exactly the
// field's name: getByLabel('Email', { exact: true }) and getByRole('textbox', { name: 'Email' }) both match.
import { Box, Field, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FormFieldProps {
  label: string;
  children: ReactNode;
  /** Message shown under the control (marks it invalid). */
  error?: string | undefined;
  /** Marks the control invalid without a message of its own (the message is shown once for the form). */
  invalid?: boolean | undefined;
  required?: boolean | undefined;
  /** Shown but not changeable (a role that may only read it): inputs and textareas read-only, selects disabled. */
  readOnly?: boolean | undefined;
  helper?: ReactNode;
}

export function FormField({ label, children, error, invalid, required, readOnly, helper }: FormFieldProps) {
  return (
    <Field.Root
      invalid={invalid || Boolean(error)}
      required={required && !readOnly}
      readOnly={readOnly}
      // A read-only control looks it: a muted background, no focus ring inviting to type.
      css={readOnly ? { '& :is(input, textarea)[readonly]': { bg: 'bg.muted', cursor: 'default' } } : undefined}
    >
      <HStack gap="1" align="baseline">
        <Field.Label>{label}</Field.Label>
        {required && !readOnly && (
          <Box as="span" aria-hidden="true" color="fg.error" fontSize="sm" lineHeight="1">
            *
          </Box>
        )}
      </HStack>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
