// "Emetti ricevute del periodo" on /quote (issue 37 point 3): the receipts of every payment made in the period that
// has none yet, numbered without gaps and mailed to the payers; the PDFs are made at their first download. The
// period is checked with the server's rule (from <= to, at most a year); the answer says how many were issued and,
// past 5,000, how many are left for another run.
import { useMutation } from '@apollo/client/react';
import { Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { clubDate } from '../../../../../schema/club-time';
import { periodInput } from '../../../../../schema/validation/fees';
import { SchemaForm, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { IssueReceiptsForPeriodMutation } from '../fees-documents';

export function BulkReceipts() {
  const today = clubDate(new Date());
  const form = useSchemaForm(periodInput, { from: `${today.slice(0, 8)}01`, to: today });
  const [issue] = useMutation(IssueReceiptsForPeriodMutation, { refetchQueries: ['FamilyStatementPage_Statement'] });
  const [result, setResult] = useState<string | null>(null);

  const send = async (input: { from: string; to: string }): Promise<SubmitOutcome> => {
    setResult(null);
    const outcome = readMutationResult((await issue({ variables: input })).data?.issueReceiptsForPeriod);
    if (!outcome.ok) return outcome;
    const { issued, left, message } = outcome.data;
    const said = issued === 0 ? 'Nessuna ricevuta da emettere: i pagamenti del periodo le hanno già tutte.' : message;
    setResult(left > 0 ? `${said} Ne restano ${left}: premi di nuovo per emetterle.` : said);
    notify(MESSAGE_LEVEL.success, said);
  };

  return (
    <Stack as="section" aria-labelledby="quote-ricevute" gap="3" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }} minW="0">
      <Stack gap="1">
        <Heading as="h2" size="md" id="quote-ricevute">
          Emetti ricevute del periodo
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Le ricevute dei pagamenti del periodo che non le hanno ancora: numerate in ordine e inviate per email a chi ha pagato.
        </Text>
      </Stack>
      <SchemaForm form={form} onSubmit={send} aria-label="Emetti ricevute del periodo" notice={result ? { status: 'success', message: result } : undefined}>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField name="from" label="Dal" type="date" required />
          <TextField name="to" label="Al" type="date" required />
        </SimpleGrid>
        <Button type="submit" variant="outline" alignSelf={{ base: 'stretch', sm: 'flex-start' }} loading={form.formState.isSubmitting} loadingText="Emissione in corso...">
          Emetti ricevute del periodo
        </Button>
      </SchemaForm>
    </Stack>
  );
}
