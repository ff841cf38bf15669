// Fields bound to the surrounding SchemaForm by name: the label, the control, the helper text and the message
// under the control (FormField), so a form lists its fields and nothing else. Names are dotted paths
// ("profile.address.city"); the message is the first one the shared schema or the server gave for that path.
import { Checkbox, Input, Textarea, type InputProps, type TextareaProps } from '@chakra-ui/react';
import { createContext, useContext, type ReactNode } from 'react';
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
  return firstMessage(get(errors, name));
}

/** A list field's message may come on one of its items ("groupIds.2"): the first one found, depth first. */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, child] of Object.entries(error)) {
    if (key === 'ref' || key === 'type' || key === 'types' || key === 'message') continue;
    const found = firstMessage(child);
    if (found) return found;
  }
  return undefined;
}

/** SchemaForm's `generalMessages`: a field whose message is one of them is marked invalid, the message shown once above. */
export const GeneralMessagesContext = createContext<readonly string[]>([]);

/**
 * The field wrapper for a control the form layer does not know: label, helper and the message of `name`.
 * `invalid` marks the control invalid without a message of its own (e.g. a counter past its limit).
 */
export function ConnectedField({ name, label, required, readOnly, helper, invalid, children }: FieldFrame & { invalid?: boolean; children: ReactNode }) {
  const error = useFieldError(name);
  const general = useContext(GeneralMessagesContext);
  return (
    <FormField
      label={label}
      required={required}
      readOnly={readOnly}
      helper={helper}
      error={error && !general.includes(error) ? error : undefined}
      invalid={invalid || Boolean(error)}
    >
      {children}
    </FormField>
  );
}

type TextFieldProps = FieldFrame &
  Omit<InputProps, 'name' | 'required' | 'readOnly'> & {
    /** Upper-cases what is typed, the caret kept where it was (codes: tax code, VAT, an organisation's code). */
    uppercase?: boolean;
  };

export function TextField({ name, label, required, readOnly, helper, onBlur, uppercase = false, ...input }: TextFieldProps) {
  const { register } = useFormContext();
  const registered = register(name);
  return (
    <ConnectedField name={name} label={label} required={required} readOnly={readOnly} helper={helper}>
      <Input
        autoComplete="off"
        {...input}
        {...registered}
        onChange={(event) => {
          if (uppercase) {
            const { target } = event;
            const { selectionStart, selectionEnd } = target;
            target.value = target.value.toUpperCase();
            if (selectionStart !== null && selectionEnd !== null) target.setSelectionRange(selectionStart, selectionEnd);
          }
          void registered.onChange(event);
        }}
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
