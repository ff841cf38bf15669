// Fields bound to the surrounding SchemaForm by name: the label, the control, the helper text and the message
// under the control (FormField), so a form lists its fields and nothing else. Names are dotted paths
// ("profile.address.city"); the message is the first one the shared schema or the server gave for that path.
import { Checkbox, Input, Textarea, type InputProps, type TextareaProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Controller, get, useFormContext, useFormState } from 'react-hook-form';
import { FormField } from '../ui/form-field';
import { PasswordInput } from '../ui/password-input';
import { SelectInput, type SelectOption } from '../ui/select-field';

interface FieldFrame {
  name: string;
  label: string;
  required?: boolean | undefined;
  readOnly?: boolean | undefined;
  helper?: ReactNode;
}

/** The message for one path: a nested error's own message, or the first of its children (an object field). */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const error = get(errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === 'string' && error.message ? error.message : undefined;
}

/** The field wrapper for a control the form layer does not know: label, helper and the message of `name`. */
export function ConnectedField({ name, label, required, readOnly, helper, children }: FieldFrame & { children: ReactNode }) {
  const error = useFieldError(name);
  return (
    <FormField label={label} required={required} readOnly={readOnly} helper={helper} error={error}>
      {children}
    </FormField>
  );
}

type TextFieldProps = FieldFrame & Omit<InputProps, 'name' | 'required' | 'readOnly'>;

export function TextField({ name, label, required, readOnly, helper, onBlur, ...input }: TextFieldProps) {
  const { register } = useFormContext();
  const registered = register(name);
  return (
    <ConnectedField name={name} label={label} required={required} readOnly={readOnly} helper={helper}>
      <Input
        autoComplete="off"
        {...input}
        {...registered}
        onBlur={(event) => {
          void registered.onBlur(event);
          onBlur?.(event);
        }}
      />
    </ConnectedField>
  );
}

type TextareaFieldProps = FieldFrame & Omit<TextareaProps, 'name' | 'required' | 'readOnly'>;

export function TextareaField({ name, label, required, readOnly, helper, ...textarea }: TextareaFieldProps) {
  const { register } = useFormContext();
  return (
    <ConnectedField name={name} label={label} required={required} readOnly={readOnly} helper={helper}>
      <Textarea autoresize rows={3} {...textarea} {...register(name)} />
    </ConnectedField>
  );
}

export function PasswordField({ name, label, required, readOnly, helper, autoComplete }: FieldFrame & { autoComplete: 'current-password' | 'new-password' | 'one-time-code' }) {
  const { register } = useFormContext();
  return (
    <ConnectedField name={name} label={label} required={required} readOnly={readOnly} helper={helper}>
      <PasswordInput autoComplete={autoComplete} {...register(name)} />
    </ConnectedField>
  );
}

export function SelectField({ name, label, required, readOnly, helper, options, placeholder = 'Seleziona' }: FieldFrame & { options: readonly SelectOption[]; placeholder?: string }) {
  const { control } = useFormContext();
  return (
    <ConnectedField name={name} label={label} required={required} readOnly={readOnly} helper={helper}>
      <Controller
        name={name}
        control={control}
        render={({ field }) => (
          <SelectInput name={field.name} value={String(field.value ?? '')} onChange={field.onChange} options={options} placeholder={placeholder} />
        )}
      />
    </ConnectedField>
  );
}

/** A checkbox holding a boolean (fields it opens read it with useWatch). */
export function CheckboxField({ name, label, readOnly }: { name: string; label: string; readOnly?: boolean }) {
  const { control } = useFormContext();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Checkbox.Root
          checked={field.value === true}
          onCheckedChange={(details) => field.onChange(details.checked === true)}
          colorPalette="brand"
          readOnly={readOnly}
          name={field.name}
        >
          <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} />
          <Checkbox.Control />
          <Checkbox.Label>{label}</Checkbox.Label>
        </Checkbox.Root>
      )}
    />
  );
}
