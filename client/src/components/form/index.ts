// The form layer (issue 15): useSchemaForm + SchemaForm + named fields + the shared pieces.
export { formSchema, setFieldValue, useSchemaForm, type SchemaFormReturn } from './use-schema-form';
export { SchemaForm, applyFieldErrors, type SubmitOutcome, type SubmitFailure } from './schema-form';
export { CheckboxField, ConnectedField, PasswordField, SelectField, TextareaField, TextField, useFieldError } from './fields';
export { PasswordPair } from './password-pair';
export { PanelFormFooter } from './panel-form-footer';
