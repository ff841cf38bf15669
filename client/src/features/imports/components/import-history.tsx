// The club's imports, newest first (every kind): when, who, which file, the mode, what it did and how it ended.
// A table on wide screens, cards on phones.
import { Badge, Box, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PERSON_KIND_INFO } from '../../../../../schema/constants';
import type { ImportHistory_RunFragment } from '../../../gql/graphql';
import { modeParts } from './import-preview';

export type ImportRunRow = ImportHistory_RunFragment;

const WHEN = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' });

const STATUS: Record<string, { label: string; palette: string }> = {
  completed: { label: 'Completata', palette: 'green' },
  failed: { label: 'Non eseguita', palette: 'red' },
  undone: { label: 'Annullata', palette: 'orange' },
  preview: { label: 'Anteprima', palette: 'gray' },
};

/** "3 nuovi, 1 aggiornato, 2 invariati" (a failed run: its invalid rows). */
export function outcomeOf(c: ImportRunRow['counts'], status: string): string {
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
    <Table.ScrollArea>
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
    </Table.ScrollArea>
  );
}
