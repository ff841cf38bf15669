// The club's imports, newest first (every kind): when, who, which file, the mode, what it did and how it ended.
// A table on wide screens, cards on phones. A completed run can be undone for a while ("Annulla importazione",
// after a confirmation): people it created are removed, fields it changed restored, and people edited since are
// left as they are and listed.
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, List, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { PERSON_KIND_INFO } from '../../../../../schema/constants';
import { IMPORT_MSG } from '../../../../../schema/import-columns';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import type { ImportHistory_RunFragment, ImportHistory_UndoImportMutation } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { ImportRunsQuery, UndoImportMutation } from '../import-documents';
import { count } from '../import-files';
import { modeParts, Section } from './import-preview';
import { TableScroll } from '../../../components/ui/table-scroll';

export type ImportRunRow = ImportHistory_RunFragment;

const WHEN = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' });
const DAY = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'long' });
const HISTORY_SIZE = 20;

type UndoOutcome = Extract<NonNullable<ImportHistory_UndoImportMutation['undoImport']>, { __typename: 'MutationUndoImportSuccess' }>['data'];

/** The history with its loading, empty and failed states, and the undo of a run. */
export function ImportHistorySection({ onUndone }: { onUndone?: () => void }) {
  const runs = useQuery(ImportRunsQuery, { variables: { first: HISTORY_SIZE }, fetchPolicy: 'cache-and-network' });
  const history = (runs.data ?? runs.previousData)?.importRuns;
  const [target, setTarget] = useState<ImportRunRow | null>(null);
  const [undone, setUndone] = useState<UndoOutcome | null>(null);
  const [undoImport, { loading }] = useMutation(UndoImportMutation, { refetchQueries: [ImportRunsQuery] });

  const confirmUndo = async () => {
    if (!target) return;
    try {
      const outcome = readMutationResult((await undoImport({ variables: { id: target.id } })).data?.undoImport);
      if (outcome.ok) {
        notify(MESSAGE_LEVEL.success, outcome.data.message);
        setUndone(outcome.data);
        onUndone?.();
      } else {
        notify(MESSAGE_LEVEL.error, outcome.message);
      }
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    } finally {
      setTarget(null);
    }
  };

  let body;
  if (runs.error && !history) body = <ListError message={messageOfError(runs.error)} onRetry={() => void runs.refetch()} />;
  else if (!history) body = <ListLoading label="Caricamento dello storico..." />;
  else if (history.edges.length === 0) body = <ListEmpty>Nessuna importazione finora: le importazioni della società compariranno qui.</ListEmpty>;
  else {
    body = (
      <ImportHistory
        runs={history.edges.map((e) => e.node)}
        renderActions={(run) =>
          run.canUndo ? (
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => setTarget(run)} title={run.undoableUntil ? `Possibile fino al ${DAY.format(new Date(run.undoableUntil))}` : undefined}>
              Annulla importazione
            </Button>
          ) : null
        }
      />
    );
  }

  return (
    <Section title="Storico importazioni">
      {undone && <UndoSummary outcome={undone} onClose={() => setUndone(null)} />}
      {body}
      <ConfirmDialog
        open={target !== null}
        title="Annulla importazione"
        confirmLabel="Annulla importazione"
        loading={loading}
        onConfirm={() => void confirmUndo()}
        onCancel={() => setTarget(null)}
        message={
          target ? (
            <Stack gap="2">
              <Text>
                L&apos;importazione di «{target.fileName}» del {WHEN.format(new Date(target.createdAt))} sarà annullata: le persone aggiunte
                saranno rimosse e i campi aggiornati torneranno come prima.
              </Text>
              <Text color="fg.muted" fontSize="sm">
                Chi è stato modificato dopo l&apos;importazione resta com&apos;è e ti sarà elencato.
              </Text>
            </Stack>
          ) : (
            ''
          )
        }
      />
    </Section>
  );
}

/** What an undo did, and who it left alone (edited since the import) with the reason. */
function UndoSummary({ outcome, onClose }: { outcome: UndoOutcome; onClose: () => void }) {
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle" role="status">
      <Text fontWeight="medium">
        Importazione annullata: {count(outcome.removed, 'persona rimossa', 'persone rimosse')}, {count(outcome.restored, 'persona ripristinata', 'persone ripristinate')}.
      </Text>
      {outcome.skipped.length > 0 && (
        <>
          <FormAlert status="warning" message={`${count(outcome.skipped.length, 'persona è rimasta', 'persone sono rimaste')} com'era perché modificata dopo l'importazione:`} />
          <List.Root ps="5" gap="1" aria-label="Persone lasciate com'erano">
            {outcome.skipped.map((s) => (
              <List.Item key={s.taxIdCode}>
                <Text as="span" fontWeight="medium">
                  {s.name}
                </Text>{' '}
                <Text as="span" fontFamily="mono" fontSize="sm" color="fg.muted">
                  {s.taxIdCode}
                </Text>
                : {s.reason}
              </List.Item>
            ))}
          </List.Root>
        </>
      )}
      <Button size="sm" variant="ghost" alignSelf="flex-start" onClick={onClose}>
        Chiudi
      </Button>
    </Stack>
  );
}

const STATUS: Record<string, { label: string; palette: string }> = {
  completed: { label: 'Completata', palette: 'green' },
  failed: { label: 'Non eseguita', palette: 'red' },
  undone: { label: 'Annullata', palette: 'orange' },
  preview: { label: 'Anteprima', palette: 'gray' },
  writing: { label: 'In corso', palette: 'blue' },
  undoing: { label: 'Annullamento in corso', palette: 'orange' },
};

/** "3 nuovi, 1 aggiornato, 2 invariati" (a failed run: its invalid rows). */
export function outcomeOf(c: ImportRunRow['counts'], status: string): string {
  // A run stopped while writing (the embedded database) had no invalid row: nothing of it was kept.
  if (status === 'failed' && !c.invalid) return IMPORT_MSG.abandoned;
  if (status === 'failed') return `${c.invalid} ${c.invalid === 1 ? 'riga non valida' : 'righe non valide'} su ${c.total}`;
  const parts = [
    c.new ? `${c.new} ${c.new === 1 ? 'nuovo' : 'nuovi'}` : '',
    c.updated ? `${c.updated} ${c.updated === 1 ? 'aggiornato' : 'aggiornati'}` : '',
    c.unchanged ? `${c.unchanged} ${c.unchanged === 1 ? 'invariato' : 'invariati'}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'Nessuna riga';
}

function StatusBadge({ status }: { status: string }) {
  const s = STATUS[status] ?? { label: status, palette: 'gray' };
  return (
    <Badge colorPalette={s.palette} variant="subtle">
      {s.label}
    </Badge>
  );
}

export interface ImportHistoryProps {
  runs: readonly ImportRunRow[];
  /** Actions of a run (e.g. "Annulla importazione"), if any. */
  renderActions?: (run: ImportRunRow) => ReactNode;
}

export function ImportHistory({ runs, renderActions }: ImportHistoryProps) {
  const wide = useBreakpointValue({ base: false, lg: true }, { ssr: false });
  if (!wide) {
    return (
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Importazioni della società">
        {runs.map((run) => (
          <Box as="li" key={run.id} borderWidth="1px" borderRadius="lg" p="3">
            <Stack gap="1.5">
              <Stack direction="row" justify="space-between" align="center" gap="2">
                <Text fontSize="sm" color="fg.muted">
                  <time dateTime={run.createdAt}>{WHEN.format(new Date(run.createdAt))}</time>
                </Text>
                <StatusBadge status={run.status} />
              </Stack>
              <Text fontWeight="medium" wordBreak="break-all">
                {run.fileName}
              </Text>
              <Text fontSize="sm">
                {PERSON_KIND_INFO[run.kind].plural} · {modeParts(run.mode).title}
              </Text>
              <Text fontSize="sm">{outcomeOf(run.counts, run.status)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {run.actorName ?? 'Sconosciuto'}
              </Text>
              {renderActions?.(run)}
            </Stack>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <TableScroll label="Importazioni della società">
      <Table.Root size="sm" aria-label="Importazioni della società">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Data</Table.ColumnHeader>
            <Table.ColumnHeader>Chi</Table.ColumnHeader>
            <Table.ColumnHeader>File</Table.ColumnHeader>
            <Table.ColumnHeader>Tipologia</Table.ColumnHeader>
            <Table.ColumnHeader>Modalità</Table.ColumnHeader>
            <Table.ColumnHeader>Esito</Table.ColumnHeader>
            <Table.ColumnHeader>Stato</Table.ColumnHeader>
            {renderActions && <Table.ColumnHeader srOnly>Azioni</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {runs.map((run) => (
            <Table.Row key={run.id}>
              <Table.Cell whiteSpace="nowrap">
                <time dateTime={run.createdAt}>{WHEN.format(new Date(run.createdAt))}</time>
              </Table.Cell>
              <Table.Cell>{run.actorName ?? 'Sconosciuto'}</Table.Cell>
              <Table.Cell maxW="56" wordBreak="break-all">
                {run.fileName}
              </Table.Cell>
              <Table.Cell>{PERSON_KIND_INFO[run.kind].plural}</Table.Cell>
              <Table.Cell>{modeParts(run.mode).title}</Table.Cell>
              <Table.Cell>{outcomeOf(run.counts, run.status)}</Table.Cell>
              <Table.Cell>
                <StatusBadge status={run.status} />
              </Table.Cell>
              {renderActions && <Table.Cell textAlign="end">{renderActions(run)}</Table.Cell>}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}
