// A decision that needs a reason the other side will read (send a registration back, reject it, reject a family's
// request): the reason (checked with the caller's shared rule, its Italian message under the field), then the
// decision. The dialog is the confirmation: its button says what happens, "Annulla" leaves things as they are.
import { HStack, Text } from '@chakra-ui/react';
import { useId, useMemo } from 'react';
import { z } from 'zod';
import { PanelFormFooter, SchemaForm, TextareaField, useSchemaForm, type SubmitOutcome } from '../form';
import { FormDialog } from './form-dialog';

export interface ReasonDialogText {
  title: string;
  /** What happens, above the field. */
  explain: string;
  /** The field's label. */
  label: string;
  submit: string;
  sending?: string;
}

export interface ReasonDialogProps {
  open: boolean;
  /** The dialog's title (the text's title and whom it is about). */
  title: string;
  text: ReasonDialogText;
  /** The reason's rule: a shared schema, so the message is the server's own. */
  rule: z.ZodType;
  /** A new value starts an empty form (another decision opened). */
  formKey: string;
  sending: boolean;
  onSubmit: (reason: string) => Promise<SubmitOutcome>;
  onClose: () => void;
  maxLength?: number;
}

function ReasonForm({ formId, rule, text, onSubmit, maxLength }: { formId: string; rule: z.ZodType; text: ReasonDialogText; onSubmit: (reason: string) => Promise<SubmitOutcome>; maxLength: number }) {
  const schema = useMemo(() => z.object({ reason: rule }), [rule]);
  const form = useSchemaForm(schema, { reason: '' });
  return (
    <SchemaForm id={formId} form={form} onSubmit={(input) => onSubmit(String(input.reason))} aria-label={text.title} invalidMessage="">
      <Text color="fg.muted" fontSize="sm">
        {text.explain}
      </Text>
      <TextareaField name="reason" label={text.label} required rows={4} maxLength={maxLength} />
    </SchemaForm>
  );
}

export function ReasonDialog({ open, title, text, rule, formKey, sending, onSubmit, onClose, maxLength = 2000 }: ReasonDialogProps) {
  const formId = useId();
  return (
    <FormDialog
      open={open}
      title={title}
      onClose={() => {
        if (!sending) onClose();
      }}
      footer={
        <HStack gap="3" w="100%" justify="flex-end" wrap="wrap">
          <PanelFormFooter formId={formId} sending={sending} submitLabel={text.submit} sendingLabel={text.sending ?? 'Invio in corso...'} />
        </HStack>
      }
    >
      {open && <ReasonForm key={formKey} formId={formId} rule={rule} text={text} onSubmit={onSubmit} maxLength={maxLength} />}
    </FormDialog>
  );
}
