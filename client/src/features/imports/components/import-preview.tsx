// Step 2 of the import: what the dry run found. The counts, the mode (re-runs the dry run: "Solo nuovi" changes
// what is updated), how the file's columns were read, the rows that change and which fields, and every invalid row
// with the forms' own message. Nothing here is written: the server's dry run answered it.
import { Badge, Box, Button, Checkbox, Fieldset, Flex, Heading, List, RadioGroup, SimpleGrid, Stack, Switch, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { IMPORT_MODE_LABELS, IMPORT_MODES, type ImportMode } from '../../../../../schema/import-columns';
import { DownloadIcon } from '../../../components/icons';
import type { ImportPage_ResultFragment } from '../../../gql/graphql';
import { TableScroll } from '../../../components/ui/table-scroll';

export type ImportResult = ImportPage_ResultFragment;

/** "Solo nuovi" and its explanation, from the shared label "Solo nuovi: le persone già presenti ...". */
export function modeParts(mode: ImportMode): { title: string; description: string } {
  const label = IMPORT_MODE_LABELS[mode];
  const cut = label.indexOf(':');
  if (cut < 0) return { title: label, description: '' };
  const rest = label.slice(cut + 1).trim();
  return { title: label.slice(0, cut), description: rest.charAt(0).toUpperCase() + rest.slice(1) };
}

const ROWS_SHOWN = 200;

export function ImportCounts({ counts }: { counts: ImportResult['counts'] }) {
  const items: { label: string; value: number; palette: string }[] = [
    { label: 'Nuovi', value: counts.new, palette: 'green' },
    { label: 'Aggiornati', value: counts.updated, palette: 'blue' },
    { label: 'Invariati', value: counts.unchanged, palette: 'gray' },
    { label: 'Non validi', value: counts.invalid, palette: counts.invalid > 0 ? 'red' : 'gray' },
  ];
  return (
    <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="3" aria-label="Riepilogo dell'anteprima">
      {items.map((item) => (
        <Box key={item.label} bg="bg" borderWidth="1px" borderRadius="xl" p="4" borderColor={item.palette === 'red' ? 'border.error' : undefined}>
          <Text as="dt" fontSize="sm" color="fg.muted">
            {item.label}
          </Text>
          <Text as="dd" fontSize="2xl" fontWeight="bold" color={item.palette === 'red' ? 'fg.error' : undefined} data-testid={`count-${item.label}`}>
            {item.value.toLocaleString('it-IT')}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

export function ModeChoice({ value, onChange, disabled }: { value: ImportMode; onChange: (mode: ImportMode) => void; disabled?: boolean }) {
  return (
    <Fieldset.Root disabled={disabled}>
      <Fieldset.Legend srOnly>Modalità di importazione</Fieldset.Legend>
      <Fieldset.HelperText mb="2">Come trattare le persone già presenti nella società (stesso codice fiscale).</Fieldset.HelperText>
      <RadioGroup.Root name="mode" value={value} onValueChange={(d) => d.value && onChange(d.value as ImportMode)} disabled={disabled}>
        <Stack gap="3">
          {IMPORT_MODES.map((mode) => {
            const { title, description } = modeParts(mode);
            return (
              <RadioGroup.Item key={mode} value={mode} alignItems="flex-start">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator mt="0.5" />
                <RadioGroup.ItemText>
                  <Text as="span" fontWeight="medium">
                    {title}
                  </Text>
                  {description && (
                    <Text as="span" display="block" color="fg.muted" fontSize="sm" fontWeight="normal">
                      {description}
                    </Text>
                  )}
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            );
          })}
        </Stack>
      </RadioGroup.Root>
    </Fieldset.Root>
  );
}

export function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Box as="section" aria-label={title} bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }}>
      <Stack gap="4">
        <Flex justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {aside}
        </Flex>
        {children}
      </Stack>
    </Box>
  );
}

/**
 * What the server read differently from the file as written (a title row, totals skipped, sex from the tax code,
 * names and CAPs tidied, a second column), and the switch that keeps names in capitals as written.
 */
export function ReadingNotes({ result, tidyNames, onTidyNames, disabled }: { result: ImportResult; tidyNames: boolean; onTidyNames: (on: boolean) => void; disabled?: boolean }) {
  return (
    <Section title="Come è stato letto il file">
      {result.notices.length ? (
        <List.Root gap="1" ps="5" aria-label="Note sulla lettura del file">
          {result.notices.map((notice) => (
            <List.Item key={notice}>{notice}</List.Item>
          ))}
        </List.Root>
      ) : (
        <Text color="fg.muted">Il file è stato letto così com'è.</Text>
      )}
      <Switch.Root checked={tidyNames} onCheckedChange={(d) => onTidyNames(d.checked)} disabled={disabled} colorPalette="brand">
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>Riscrivi i nomi scritti tutti in maiuscolo (DE LUCA diventa De Luca)</Switch.Label>
      </Switch.Root>
    </Section>
  );
}

/** The explicit choice to import the valid rows only (off: all or nothing, the default). */
export function ValidOnlyChoice({ checked, onChange, disabled }: { checked: boolean; onChange: (on: boolean) => void; disabled?: boolean }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(d) => onChange(d.checked === true)} disabled={disabled} alignItems="flex-start">
      <Checkbox.HiddenInput />
      <Checkbox.Control mt="0.5" />
      <Checkbox.Label>
        Importa solo le righe valide
        <Text as="span" display="block" color="fg.muted" fontSize="sm" fontWeight="normal">
          Le righe non valide restano fuori: le trovi nel file degli errori, da correggere e importare di nuovo. L&apos;importazione si annulla
          tutta insieme.
        </Text>
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

/** The invalid rows: row number, column and the message; the error file to fix them in a spreadsheet. */
export function InvalidRows({ result, onDownloadErrors }: { result: ImportResult; onDownloadErrors?: () => void }) {
  const { errors, counts } = result;
  if (counts.invalid === 0) return null;
  return (
    <Section
      title={`Righe non valide (${counts.invalid.toLocaleString('it-IT')})`}
      aside={
        onDownloadErrors && (
          <Button variant="outline" size="sm" onClick={onDownloadErrors}>
            <DownloadIcon />
            Scarica file degli errori
          </Button>
        )
      }
    >
      <Text color="fg.muted" fontSize="sm">
        Correggi queste righe nel tuo file e caricalo di nuovo: finché una riga non è valida non viene importato nessuno, a meno che tu
        non scelga di importare solo le righe valide. Il file degli errori contiene le righe da correggere con la colonna e il motivo.
        {errors.length < counts.invalid ? ` Sono elencati i primi ${errors.length.toLocaleString('it-IT')} errori.` : ''}
      </Text>
      <TableScroll label="Righe non valide" overflow="auto" borderWidth="1px" borderRadius="md" maxH="96">
        <Table.Root size="sm" stickyHeader aria-label="Righe non valide">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="16">Riga</Table.ColumnHeader>
              <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>Colonna</Table.ColumnHeader>
              <Table.ColumnHeader>Errore</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {errors.map((e, i) => (
              <Table.Row key={`${e.row}-${e.field ?? ''}-${i}`}>
                <Table.Cell fontVariantNumeric="tabular-nums" verticalAlign="top">
                  {e.row}
                </Table.Cell>
                <Table.Cell display={{ base: 'none', md: 'table-cell' }} verticalAlign="top">
                  {e.column ?? '—'}
                </Table.Cell>
                <Table.Cell verticalAlign="top" whiteSpace="normal">
                  {/* phones: the column above its message (no room for a third column) */}
                  {e.column && (
                    <Text display={{ base: 'block', md: 'none' }} fontWeight="medium">
                      {e.column}
                    </Text>
                  )}
                  <Text color="fg.error">{e.message}</Text>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableScroll>
    </Section>
  );
}

const STATUS_LABEL = { new: 'Nuovo', updated: 'Aggiornato', unchanged: 'Invariato' } as const;
const STATUS_PALETTE = { new: 'green', updated: 'blue', unchanged: 'gray' } as const;

/** The rows that become someone: new ones and updated ones with the columns that change (unchanged ones counted). */
export function ChangedRows({ result }: { result: ImportResult }) {
  const changing = result.rows.filter((r) => r.status !== 'unchanged');
  const { counts } = result;
  if (counts.new + counts.updated === 0) {
    if (counts.total - counts.invalid === 0) return null;
    return (
      <Section title="Cosa cambia">
        <Text color="fg.muted">Nessuna modifica: le persone del file sono già presenti con gli stessi dati.</Text>
      </Section>
    );
  }
  const shown = changing.slice(0, ROWS_SHOWN);
  const hidden = counts.new + counts.updated - shown.length;
  return (
    <Section title="Cosa cambia">
      <TableScroll label="Persone che cambiano" overflow="auto" borderWidth="1px" borderRadius="md" maxH="96">
        <Table.Root size="sm" stickyHeader aria-label="Persone che cambiano">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="16">Riga</Table.ColumnHeader>
              <Table.ColumnHeader>Persona</Table.ColumnHeader>
              <Table.ColumnHeader>Esito</Table.ColumnHeader>
              <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>Campi modificati</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map((r) => (
              <Table.Row key={r.row}>
                <Table.Cell fontVariantNumeric="tabular-nums" verticalAlign="top">
                  {r.row}
                </Table.Cell>
                <Table.Cell verticalAlign="top">
                  <Text fontWeight="medium">{r.name}</Text>
                  <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                    {r.taxIdCode}
                  </Text>
                  {r.status === 'updated' && (
                    <Text display={{ base: 'block', md: 'none' }} fontSize="xs" color="fg.muted" mt="1">
                      {r.changes.join(', ')}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell verticalAlign="top">
                  <Badge colorPalette={STATUS_PALETTE[r.status]} variant="subtle">
                    {STATUS_LABEL[r.status]}
                  </Badge>
                </Table.Cell>
                <Table.Cell display={{ base: 'none', md: 'table-cell' }} verticalAlign="top" color="fg.muted">
                  {r.status === 'updated' ? r.changes.join(', ') : 'Tutti i campi compilati'}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableScroll>
      {hidden > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {hidden === 1 ? "…e un'altra riga." : `…e altre ${hidden.toLocaleString('it-IT')} righe.`}
        </Text>
      )}
    </Section>
  );
}
