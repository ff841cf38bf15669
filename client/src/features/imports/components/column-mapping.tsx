// How the file's columns are read: each header of the file and the column it feeds (or "Ignora"). With onChange
// each is a select (a change re-runs the dry run with the new mapping); without, a read-only list. A filled
// template maps itself, so the list stays folded unless something needs a look (an ignored header, a missing
// mandatory column).
import { Badge, Box, Button, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { PersonKindKey } from '../../../../../schema/constants';
import { mappableColumns } from '../../../../../schema/import-columns';
import { ChevronDownIcon } from '../../../components/icons';
import { Section } from './import-preview';

/** One header of the file and the column key it feeds; null: ignored. */
export interface HeaderMapping {
  header: string;
  key: string | null;
}

export interface ColumnMappingProps {
  kind: PersonKindKey;
  mapping: readonly HeaderMapping[];
  onChange?: (header: string, key: string | null) => void;
  disabled?: boolean;
  /** The club's mapping remembered for these headers was used. */
  remembered?: boolean;
}

const IGNORE = '';

export function ColumnMapping({ kind, mapping, onChange, disabled = false, remembered = false }: ColumnMappingProps) {
  // The birth province too: a "Prov." beside the birthplace, kept with it ("Roma (RM)").
  const columns = mappableColumns(kind);
  const used = new Set(mapping.map((m) => m.key).filter(Boolean));
  const missing = columns.filter((c) => c.mandatory && !used.has(c.key));
  const ignored = mapping.filter((m) => !m.key).length;
  const [open, setOpen] = useState(missing.length > 0 || ignored > 0);
  const listId = useId();
  const read = mapping.length - ignored;
  return (
    <Section
      title="Colonne del file"
      aside={
        <Button variant="ghost" size="sm" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={listId}>
          {open ? 'Nascondi le colonne' : onChange ? 'Mostra e modifica' : 'Mostra le colonne'}
          <ChevronDownIcon transform={open ? 'rotate(180deg)' : undefined} />
        </Button>
      }
    >
      <Text color="fg.muted" fontSize="sm">
        {read === 1 ? '1 colonna letta' : `${read} colonne lette`}
        {ignored > 0 ? `, ${ignored === 1 ? '1 ignorata' : `${ignored} ignorate`}` : ''}.
        {remembered ? ' È stata usata la corrispondenza che avete scelto per un file con le stesse intestazioni.' : ''}
      </Text>
      {missing.length > 0 && (
        <Text color="fg.error" fontSize="sm" role="alert">
          Mancano le colonne obbligatorie: {missing.map((c) => c.header).join(', ')}.
        </Text>
      )}
      {open && (
        <Stack id={listId} as="ul" gap="0" listStyleType="none" borderWidth="1px" borderRadius="md" divideY="1px" aria-label="Colonne del file">
          {mapping.map((m, i) => {
            const column = columns.find((c) => c.key === m.key);
            return (
              <Flex
                as="li"
                key={`${i}-${m.header}`}
                px="3"
                py="2"
                gap={{ base: '1', md: '4' }}
                direction={{ base: 'column', md: 'row' }}
                align={{ base: 'stretch', md: 'center' }}
              >
                <Box flex="1" minW="0">
                  <Text fontWeight="medium" truncate title={m.header}>
                    {m.header}
                  </Text>
                </Box>
                <Box flex="1" minW="0">
                  {onChange ? (
                    <NativeSelect.Root size="sm" disabled={disabled}>
                      <NativeSelect.Field
                        aria-label={`Colonna per «${m.header}»`}
                        value={m.key ?? IGNORE}
                        onChange={(e) => onChange(m.header, e.target.value || null)}
                      >
                        <option value={IGNORE}>Ignora</option>
                        {columns.map((c) => (
                          <option key={c.key} value={c.key}>
                            {c.header}
                            {c.mandatory ? ' (obbligatoria)' : ''}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  ) : column ? (
                    <Text color="fg.muted">→ {column.header}</Text>
                  ) : (
                    <Badge variant="subtle">Ignorata</Badge>
                  )}
                </Box>
              </Flex>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}
