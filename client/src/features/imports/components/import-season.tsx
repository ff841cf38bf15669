// Cards and the libro soci in the import's preview (issue 35 point 4): shown when the file has a card or register
// column. The season they belong to (the current one by default; closed seasons are read-only, so not offered), the
// body (ente) of the cards whose row names none, and what the run will write, as the dry run said it. A change
// re-runs the dry run (importPeople's seasonId and cardBody).
import { useQuery } from '@apollo/client/react';
import { Button, Field, Flex, Input, List, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ImportSeasonsQuery } from '../import-documents';
import type { ImportResult } from './import-preview';
import { Section } from './import-preview';

/** The sentences of what the rows write to the season's cards and the register (none when the file has no such column). */
export function SeasonWritesList({ result }: { result: Pick<ImportResult, 'seasonWrites'> }) {
  const messages = result.seasonWrites?.messages ?? [];
  if (!messages.length) return null;
  return (
    <List.Root gap="1" ps="5" fontSize="sm" aria-label="Tessere e libro soci">
      {messages.map((m) => (
        <List.Item key={m}>{m}</List.Item>
      ))}
    </List.Root>
  );
}

export function ImportSeasonChoice({
  result,
  seasonId,
  cardBody,
  onSeason,
  onCardBody,
  disabled = false,
}: {
  result: ImportResult;
  seasonId: string | null;
  cardBody: string;
  onSeason: (id: string) => void;
  onCardBody: (body: string) => void;
  disabled?: boolean;
}) {
  const { data } = useQuery(ImportSeasonsQuery);
  const [body, setBody] = useState(cardBody);
  useEffect(() => setBody(cardBody), [cardBody]);
  if (!result.seasonWrites) return null;
  const seasons = (data?.seasons ?? []).filter((s) => s.status !== 'closed');
  const chosen = seasonId ?? result.seasonWrites.seasonId;
  const hasCards = result.columns.some((c) => c.key.startsWith('card'));
  const apply = () => body.trim() !== cardBody && onCardBody(body.trim());
  return (
    <Section title="Tessere e libro soci">
      <Text color="fg.muted" fontSize="sm">
        Le tessere e le quote del file valgono per una stagione; le tessere senza un ente nella riga prendono quello indicato qui (ad esempio FIGC, UISP,
        CSI). Una tessera già presente (stesso ente, numero e stagione) viene aggiornata, non duplicata.
      </Text>
      <Stack gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-end' }}>
        <Field.Root disabled={disabled} maxW={{ base: 'full', md: 'xs' }}>
          <Field.Label>Stagione</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={chosen} onChange={(e) => onSeason(e.target.value)}>
              {seasons.length ? (
                seasons.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                    {s.id === data?.currentSeason.id ? ' (in corso)' : s.status === 'preparing' ? ' (in preparazione)' : ''}
                  </option>
                ))
              ) : (
                <option value={result.seasonWrites.seasonId}>{result.seasonWrites.seasonLabel}</option>
              )}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {hasCards && (
          <Field.Root disabled={disabled} maxW={{ base: 'full', md: 'sm' }}>
            <Field.Label>Ente delle tessere</Field.Label>
            <Flex gap="2">
              <Input
                size="sm"
                value={body}
                maxLength={100}
                placeholder="FIGC, UISP, CSI..."
                onChange={(e) => setBody(e.target.value)}
                onBlur={apply}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    apply();
                  }
                }}
              />
              <Button size="sm" variant="outline" onClick={apply} disabled={disabled || body.trim() === cardBody}>
                Applica
              </Button>
            </Flex>
            <Field.HelperText>Per le righe senza la colonna Ente (o con la cella vuota).</Field.HelperText>
          </Field.Root>
        )}
      </Stack>
      <SeasonWritesList result={result} />
    </Section>
  );
}
