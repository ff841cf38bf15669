// How the file's columns are read: each header of the file and the column it feeds (or "Ignora"). With onChange
// each is a select (a change re-runs the dry run with the new mapping); without, a read-only list.
import { Badge, Box, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { importColumns } from '../../../../../schema/import-columns';
import type { PersonKindKey } from '../../../../../schema/constants';

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
}

const IGNORE = '';

export function ColumnMapping({ kind, mapping, onChange, disabled = false }: ColumnMappingProps) {
  const columns = importColumns(kind);
  const used = new Set(mapping.map((m) => m.key).filter(Boolean));
  const missing = columns.filter((c) => c.mandatory && !used.has(c.key));
  return (
    <Stack gap="3">
      {missing.length > 0 && (
        <Text color="fg.error" fontSize="sm" role="alert">
          Mancano le colonne obbligatorie: {missing.map((c) => c.header).join(', ')}.
        </Text>
      )}
      <Stack as="ul" gap="0" listStyleType="none" borderWidth="1px" borderRadius="md" divideY="1px" aria-label="Colonne del file">
        {mapping.map((m) => {
          const column = columns.find((c) => c.key === m.key);
          return (
            <Flex
              as="li"
              key={m.header}
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
                  <Text>{column.header}</Text>
                ) : (
                  <Badge variant="subtle">Ignorata</Badge>
                )}
              </Box>
            </Flex>
          );
        })}
      </Stack>
    </Stack>
  );
}
