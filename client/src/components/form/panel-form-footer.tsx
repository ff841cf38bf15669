// The footer of a form in a SidePanel or FormDialog: "Annulla" (asks first when there are unsaved changes) and the
// submit button bound to the form by id, which says "Salvataggio in corso..." while sending (spec §4).
import { Button } from '@chakra-ui/react';
import { PanelCancelButton } from '../ui/unsaved-changes';

export interface PanelFormFooterProps {
  formId: string;
  sending: boolean;
  submitLabel?: string;
  sendingLabel?: string;
  cancelLabel?: string;
  /** Only "Chiudi": a read-only form has nothing to save. */
  readOnly?: boolean;
}

export function PanelFormFooter({
  formId,
  sending,
  submitLabel = 'Salva',
  sendingLabel = 'Salvataggio in corso...',
  cancelLabel = 'Annulla',
  readOnly = false,
}: PanelFormFooterProps) {
  if (readOnly) return <PanelCancelButton>Chiudi</PanelCancelButton>;
  return (
    <>
      <PanelCancelButton disabled={sending}>{cancelLabel}</PanelCancelButton>
      <Button type="submit" form={formId} disabled={sending}>
        {sending ? sendingLabel : submitLabel}
      </Button>
    </>
  );
}
