// One form layer over the shared rules (issue 15, DESIGN.md "Models worth reading": Bulletproof React's Form):
// react-hook-form holds the values, the shared zod schema of schema/validation checks them on submit (the server
// applies the same schema), and the submit handler receives the schema's output, ready to send.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type PathValue, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';

export type SchemaFormReturn<TValues extends FieldValues, TOutput> = UseFormReturn<TValues, unknown, TOutput>;

/**
 * `values` is what the fields hold (strings, booleans, files); `schema` turns them into the input the server takes.
 * The shared schemas start with `z.preprocess` (blank to undefined, trimming), whose input type is `unknown`, so the
 * field types come from `values`, not from the schema.
 */
export function useSchemaForm<TValues extends FieldValues, S extends z.ZodType>(
  schema: S,
  values: TValues,
  options: Omit<UseFormProps<TValues, unknown, z.output<S>>, 'resolver' | 'defaultValues'> = {},
): SchemaFormReturn<TValues, z.output<S>> {
  return useForm<TValues, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as unknown as Resolver<TValues, unknown, z.output<S>>,
    defaultValues: values as DefaultValues<TValues>,
    // Checked on submit, then again on each change of a field that was wrong, so a fixed field clears at once.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // SchemaForm focuses the first wrong control in the order of the page (the library's order is registration).
    shouldFocusError: false,
    ...options,
  });
}

/**
 * The schema of a form whose mutation takes another shape than the shared rules' output (a cleared field sent as
 * null, files beside the values): `rules` check `checked(values)` and their messages land at the same paths; the
 * output, what the submit handler receives, is `toInput(values)`.
 */
export function formSchema<TValues, TInput>(rules: z.ZodType, toInput: (values: TValues) => TInput, checked: (values: TValues) => unknown = (values) => values) {
  return z
    .custom<TValues>()
    .superRefine((values, ctx) => {
      const result = rules.safeParse(checked(values));
      if (!result.success) for (const { path, message } of result.error.issues) ctx.addIssue({ code: 'custom', path, message });
    })
    .transform(toInput);
}

/**
 * Sets a field from the code (a tidied phone, a date proposed or read from another field) as if typed: the form turns
 * dirty, and a field showing a message is checked again, so the message goes once the value is right.
 */
export function setFieldValue<TValues extends FieldValues, TOutput, TName extends Path<TValues>>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  name: TName,
  value: PathValue<TValues, TName>,
) {
  form.setValue(name, value, { shouldDirty: true, shouldValidate: form.getFieldState(name).invalid });
}
