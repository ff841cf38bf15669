// "Prima nota" on /quote (issue 37 point 5; fees.read and export.run): the payments and refunds of a period for the
// accountant, one line per charge settled, as CSV (what Italian Excel opens) or XLSX: GET /api/fees/prima-nota.{csv,
// xlsx}?from=&to= with the session and the club. The period is checked first with the server's rule.
import { Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { clubDate } from '../../../../../schema/club-time';
import { periodInput } from '../../../../../schema/validation/fees';
import { SchemaForm, TextField, useSchemaForm } from '../../../components/form';
import { DownloadIcon } from '../../../components/icons';
import { downloadAuthorizedFile } from '../../../lib/authorized-file';
import { messageOfError } from '../../../lib/errors';

type Format = 'csv' | 'xlsx';

export function LedgerExport() {
  const today = clubDate(new Date());
  const form = useSchemaForm(periodInput, { from: `${today.slice(0, 8)}01`, to: today });
  // the button pressed says the format: read when the submit runs (a ref, not the render's value)
  const chosen = useRef<Format>('csv');
  const [format, setFormat] = useState<Format>('csv');
  const choose = (f: Format) => {
    chosen.current = f;
    setFormat(f);
  };

  const send = async ({ from, to }: { from: string; to: string }) => {
    const ext = chosen.current;
    try {
      await downloadAuthorizedFile(`/api/fees/prima-nota.${ext}?from=${from}&to=${to}`, `prima-nota-${from}-${to}.${ext}`);
    } catch (error) {
      return { ok: false as const, message: messageOfError(error) };
    }
  };

  return (
    <Stack as="section" aria-labelledby="quote-prima-nota" gap="3" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }} minW="0">
      <Stack gap="1">
        <Heading as="h2" size="md" id="quote-prima-nota">
          Prima nota per il commercialista
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Incassi e rimborsi del periodo, una riga per ogni addebito pagato, con il numero della ricevuta.
        </Text>
      </Stack>
      <SchemaForm form={form} onSubmit={send} aria-label="Prima nota per il commercialista">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField name="from" label="Dal" type="date" required />
          <TextField name="to" label="Al" type="date" required />
        </SimpleGrid>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
          <Button type="submit" variant="outline" onClick={() => choose('csv')} loading={form.formState.isSubmitting && format === 'csv'}>
            <DownloadIcon boxSize="4" />
            Scarica CSV
          </Button>
          <Button type="submit" variant="outline" onClick={() => choose('xlsx')} loading={form.formState.isSubmitting && format === 'xlsx'}>
            <DownloadIcon boxSize="4" />
            Scarica Excel
          </Button>
        </Stack>
      </SchemaForm>
    </Stack>
  );
}
