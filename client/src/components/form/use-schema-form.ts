// One form layer over the shared rules (issue 15, DESIGN.md "Models worth reading": Bulletproof React's Form):
// react-hook-form holds the values, the shared zod schema of schema/validation checks them on submit (the server
// applies the same schema), and the submit handler receives the schema's output, ready to send.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

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
