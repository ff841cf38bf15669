// The header row chosen by hand (issue 35 point 4): the first rows of the file as the server read them, and a select
// naming the one that holds the column names, for when the detected one is wrong (a title naming a town, a header
// below a logo block). A change re-runs the dry run with that row (importPeople's headerLine).
import { NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { TableScroll } from '../../../components/ui/table-scroll';
import { Section } from './import-preview';

export interface TopLine {
  line: number;
  cells: readonly string[];
}

/** Cells shown per row: enough to recognise the header (the select's labels show the start of every row). */
const SHOWN_CELLS = 6;

const rowLabel = (l: TopLine) => {
  const text = l.cells.filter(Boolean).join(' · ');
  return `Riga ${l.line}: ${text.length > 60 ? `${text.slice(0, 59)}…` : text}`;
};

export function HeaderRowPicker({ topLines, headerLine, onChoose, disabled = false }: { topLines: readonly TopLine[]; headerLine: number; onChoose: (line: number) => void; disabled?: boolean }) {
  if (!topLines.length) return null;
  const width = Math.min(SHOWN_CELLS, Math.max(...topLines.map((l) => l.cells.length)));
  return (
    <Section title="Riga di intestazione">
      <Text color="fg.muted" fontSize="sm">
        La riga con i nomi delle colonne è la riga {headerLine}. Se non è quella giusta, scegli quella corretta: le righe sopra vengono ignorate.
      </Text>
      <Stack gap="3">
        <NativeSelect.Root size="sm" disabled={disabled} maxW={{ base: 'full', md: 'lg' }}>
          <NativeSelect.Field aria-label="Riga di intestazione" value={String(headerLine)} onChange={(e) => onChoose(Number(e.target.value))}>
            {topLines.map((l) => (
              <option key={l.line} value={l.line}>
                {rowLabel(l)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {/* Scrolls inside its box on a phone: the page itself never scrolls sideways. */}
        <TableScroll label="Prime righe del file" borderWidth="1px" borderRadius="md" maxW="full">
          <Table.Root size="sm" aria-label="Prime righe del file">
            <Table.Body>
              {topLines.map((l) => (
                <Table.Row key={l.line} bg={l.line === headerLine ? 'bg.emphasized' : undefined} fontWeight={l.line === headerLine ? 'semibold' : undefined}>
                  <Table.Cell color="fg.muted" whiteSpace="nowrap">
                    {l.line}
                  </Table.Cell>
                  {Array.from({ length: width }, (_, i) => (
                    <Table.Cell key={i} whiteSpace="nowrap" maxW="40" truncate title={l.cells[i] ?? ''}>
                      {l.cells[i] ?? ''}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      </Stack>
    </Section>
  );
}
