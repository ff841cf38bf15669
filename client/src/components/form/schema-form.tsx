// The <form> of every admin and public form: provides the form to its fields, shows the one form-level message
// above them, reports unsaved changes to the panel that holds it, and after a failed submit (client rules or the
// server's answer) puts the focus on the first wrong control. A failed save keeps every value.
import { Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useFormState, type FieldValues, type Path } from 'react-hook-form';
import { MSG } from '../../../../schema/messages';
import { messageOfError } from '../../lib/errors';
import type { FieldErrors } from '../../lib/form-errors';
import { useDirtyReport } from './use-dirty-report';
import { FormAlert } from '../ui/form-alert';
import { GeneralMessagesContext } from './fields';
import type { SchemaFormReturn } from './use-schema-form';

/** What a submit handler answers: nothing (or ok) when saved, else the message and the field messages to show. */
export type SubmitFailure = { ok: false; message: string; fieldErrors?: FieldErrors };
export type SubmitOutcome = void | { ok: true } | SubmitFailure;

/** Where the form-level message lives in the form's errors (react-hook-form clears root errors on each submit). */
const FORM_MESSAGE = 'root.form' as const;

export interface SchemaFormProps<TValues extends FieldValues, TOutput> {
  form: SchemaFormReturn<TValues, TOutput>;
  /** Receives the schema's output; its answer says what to show (a thrown error shows the no-connection message). */
  onSubmit: (input: TOutput) => Promise<SubmitOutcome> | SubmitOutcome;
  children: ReactNode;
  /** For a submit button outside the form (a side panel's footer): `<Button type="submit" form={id}>`. */
  id?: string;
  'aria-label'?: string;
  /** The id of the heading that names the form (instead of `aria-label`). */
  'aria-labelledby'?: string;
  /** Told whether the values differ from the ones the form opened with (SidePanel/FormDialog `dirty`). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Shown and not changeable: never dirty, never submitted. */
  readOnly?: boolean;
  /** A message of the form's own (e.g. a success note) shown where the errors go, when there is no error. */
  notice?: { status: 'success' | 'info' | 'warning' | 'error'; message: string } | undefined;
  /** Space between the children (a Chakra token); the message sits above them. */
  gap?: string;
  /** The client rules failed: the form-level message (default "Alcuni campi non sono validi"; "" for none). */
  invalidMessage?: string;
  /** false: a failure's message is not repeated above the form when a field already shows the same words. */
  repeatFieldMessage?: boolean;
  /**
   * A one-line form (a code and its button): the form-level message goes under this field instead of above the
   * form, unless this field has a message of its own or another field shows the same words.
   */
  messageField?: Path<TValues>;
  /**
   * Messages that speak for the whole form, not one field (a wizard step's "Tutti i campi sono obbligatori."): shown
   * once above the fields, which are only marked invalid. A failure without a message of its own shows the first of
   * them found among the field messages; the client rules failing with none of them show `invalidMessage`.
   */
  generalMessages?: readonly string[];
}

const NO_GENERAL_MESSAGES: readonly string[] = [];

/** The first of `general` among the messages of `errors` (react-hook-form's errors or a map of path to message). */
function generalMessageIn(errors: unknown, general: readonly string[]): string | undefined {
  if (typeof errors === 'string') return general.includes(errors) ? errors : undefined;
  if (!general.length || !errors || typeof errors !== 'object') return undefined;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || key === 'types') continue;
    const found = generalMessageIn(value, general);
    if (found) return found;
  }
  return undefined;
}

/** Sets the server's field messages on the form, each under its field; unknown paths only add to the summary. */
export function applyFieldErrors<TValues extends FieldValues>(form: SchemaFormReturn<TValues, unknown>, fieldErrors: FieldErrors) {
  for (const [path, message] of Object.entries(fieldErrors)) {
    if (path !== '_') form.setError(path as Path<TValues>, { type: 'server', message });
  }
}

/** How long after a failed submit its wrong fields may still take the focus (their errors arrive a render or two later). */
const FOCUS_WINDOW_MS = 1000;

/** The first control of `form`, in page order, that is marked wrong and can take the focus. */
function firstInvalidControl(form: HTMLFormElement): HTMLElement | undefined {
  const marked = form.querySelectorAll<HTMLElement>('[aria-invalid="true"], [data-invalid] input, [data-invalid] select, [data-invalid] textarea');
  return [...marked].find((el) => !el.matches(':disabled, [type="hidden"]') && (el.tabIndex >= 0 || el.matches('input, select, textarea')));
}

export function SchemaForm<TValues extends FieldValues, TOutput>({
  form,
  onSubmit,
  children,
  id,
  onDirtyChange,
  readOnly = false,
  notice,
  gap = '5',
  invalidMessage = MSG.invalidFields,
  repeatFieldMessage = true,
  messageField,
  generalMessages = NO_GENERAL_MESSAGES,
  ...rest
}: SchemaFormProps<TValues, TOutput>) {
  const formRef = useRef<HTMLFormElement>(null);
  const { isDirty, isSubmitting, errors } = useFormState({ control: form.control });
  useDirtyReport(isDirty && !readOnly, onDirtyChange);
  /** When the last failure happened (0: its focus is done); a failure with no wrong field gives up after FOCUS_WINDOW_MS. */
  const focusPending = useRef(0);
  // a render after each failure, so the focus is looked for even when no error state changed (the same errors again)
  const [, setFailures] = useState(0);

  // After a failed submit the message is read out (role="alert") and the first wrong control, in page order, gets
  // the focus: Chakra's Field marks it aria-invalid. Looked for after every render until found: react-hook-form
  // publishes the client rules' errors after the failure handler has run, so the first render may not show them yet.
  // Only shortly after the failure: a refusal with no wrong field must not pull the focus later, while typing.
  useEffect(() => {
    if (!focusPending.current || !formRef.current) return;
    if (performance.now() - focusPending.current > FOCUS_WINDOW_MS) {
      focusPending.current = 0;
      return;
    }
    const control = firstInvalidControl(formRef.current);
    if (!control) return;
    focusPending.current = 0;
    control.focus();
  });

  const fail = (ownMessage: string, fieldErrors: FieldErrors = {}) => {
    const message = ownMessage || generalMessageIn(fieldErrors, generalMessages) || '';
    applyFieldErrors(form as SchemaFormReturn<TValues, unknown>, fieldErrors);
    const repeated = Object.entries(fieldErrors).some(([path, text]) => path !== '_' && text === message);
    if (!messageField) {
      if (message && (repeatFieldMessage || !repeated)) form.setError(FORM_MESSAGE, { type: 'server', message });
    } else if (message && !repeated && !form.getFieldState(messageField).error) {
      form.setError(messageField, { type: 'server', message });
    }
    focusPending.current = performance.now();
    setFailures((n) => n + 1);
  };

  const submit = form.handleSubmit(
    async (input) => {
      try {
        const outcome = await onSubmit(input);
        if (outcome && !outcome.ok) fail(outcome.message, outcome.fieldErrors);
      } catch (error) {
        fail(messageOfError(error));
      }
    },
    (errors) => fail(generalMessageIn(errors, generalMessages) ?? invalidMessage),
  );

  const message = errors.root?.form?.message;
  return (
    <FormProvider {...form}>
      <form
        id={id}
        ref={formRef}
        noValidate
        aria-label={rest['aria-label']}
        aria-labelledby={rest['aria-labelledby']}
        aria-busy={isSubmitting}
        onSubmit={(event) => {
          if (readOnly || isSubmitting) {
            event.preventDefault();
            return;
          }
          void submit(event);
        }}
      >
        <Stack gap={gap}>
          {message ? <FormAlert message={message} /> : notice && <FormAlert message={notice.message} status={notice.status} />}
          <GeneralMessagesContext.Provider value={generalMessages}>{children}</GeneralMessagesContext.Provider>
        </Stack>
      </form>
    </FormProvider>
  );
}
