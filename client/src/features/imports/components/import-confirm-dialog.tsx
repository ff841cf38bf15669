// Step 3: what the import will do, asked before it runs; while it runs, its progress (the dialog cannot be closed
// then: the import is one transaction and finishes or writes nothing).
import { useQuery } from '@apollo/client/react';
import { List, Progress, Stack, Text } from '@chakra-ui/react';
import { PERSON_KIND_INFO, type PersonKindKey } from '../../../../../schema/constants';
import type { ImportMode } from '../../../../../schema/import-columns';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ImportProgressQuery } from '../import-documents';
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
            {counts.invalid > 0 && <List.Item>{count(counts.invalid, 'riga non valida lasciata fuori', 'righe non valide lasciate fuori')}</List.Item>}
            {/* the season's cards and libro soci entries, when the file has their columns */}
            {result.seasonWrites?.messages.map((m) => <List.Item key={m}>{m}</List.Item>)}
          </List.Root>
          <Text color="fg.muted" fontSize="sm">
            Modalità: {modeParts(mode).title}.{' '}
            {counts.invalid > 0
              ? "Si importano solo le righe valide; quelle non valide restano nel file degli errori. L'importazione si annulla tutta insieme."
              : "L'importazione è tutto o niente: se qualcosa non va, non viene salvato nulla."}
          </Text>
          {running && <ImportProgressBar progressKey={progressKey} />}
        </Stack>
      }
    />
  );
}

const PHASE_LABEL = {
  reading: 'Lettura del file',
  validating: 'Controllo delle righe',
  writing: 'Salvataggio',
  done: 'Completamento',
} as const;

const POLL_MS = 500;

/** The running import's progress, asked every half second; indeterminate while the server has no figure yet. */
function ImportProgressBar({ progressKey }: { progressKey: string }) {
  const { data } = useQuery(ImportProgressQuery, { variables: { key: progressKey }, pollInterval: POLL_MS, fetchPolicy: 'network-only' });
  const progress = data?.importProgress;
  const percent = progress && progress.total > 0 ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : null;
  const label = progress
    ? `${PHASE_LABEL[progress.phase]}${progress.total > 0 ? `: ${progress.done.toLocaleString('it-IT')} di ${progress.total.toLocaleString('it-IT')}` : '...'}`
    : 'Importazione in corso...';
  return (
    <Progress.Root value={percent} size="sm" colorPalette="brand" aria-label="Avanzamento dell'importazione">
      <Progress.Label fontSize="sm" mb="1" aria-live="polite">
        {label}
      </Progress.Label>
      <Progress.Track borderRadius="full">
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
