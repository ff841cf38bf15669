// Step 3: what the import will do, asked before it runs; while it runs, its progress (the dialog cannot be closed
// then: the import is one transaction and finishes or writes nothing).
import { List, Progress, Stack, Text } from '@chakra-ui/react';
import { PERSON_KIND_INFO, type PersonKindKey } from '../../../../../schema/constants';
import type { ImportMode } from '../../../../../schema/import-columns';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { count } from '../import-files';
import { modeParts, type ImportResult } from './import-preview';

export interface ImportConfirmDialogProps {
  open: boolean;
  kind: PersonKindKey;
  mode: ImportMode;
  result: ImportResult;
  /** Set while the import runs. */
  progressKey: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ImportConfirmDialog({ open, kind, mode, result, progressKey, onConfirm, onCancel }: ImportConfirmDialogProps) {
  const { counts } = result;
  const plural = PERSON_KIND_INFO[kind].plural.toLowerCase();
  const running = progressKey !== null;
  return (
    <ConfirmDialog
      open={open}
      tone="neutral"
      title={`Importa ${plural}`}
      confirmLabel="Importa"
      loading={running}
      onConfirm={onConfirm}
      onCancel={onCancel}
      message={
        <Stack gap="3">
          <Text>Dal file «{result.fileName}»:</Text>
          <List.Root ps="5" gap="1">
            <List.Item>{count(counts.new, 'nuova persona aggiunta', 'nuove persone aggiunte')}</List.Item>
            <List.Item>{count(counts.updated, 'persona aggiornata', 'persone aggiornate')}</List.Item>
            <List.Item>{count(counts.unchanged, 'persona invariata', 'persone invariate')}</List.Item>
          </List.Root>
          <Text color="fg.muted" fontSize="sm">
            Modalità: {modeParts(mode).title}. L&apos;importazione è tutto o niente: se qualcosa non va, non viene salvato nulla.
          </Text>
          {running && <ImportProgressBar progressKey={progressKey} />}
        </Stack>
      }
    />
  );
}

function ImportProgressBar(_props: { progressKey: string }) {
  return (
    <Progress.Root value={null} size="sm" colorPalette="brand" aria-label="Avanzamento dell'importazione">
      <Progress.Label fontSize="sm" mb="1">
        Importazione in corso...
      </Progress.Label>
      <Progress.Track borderRadius="full">
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
