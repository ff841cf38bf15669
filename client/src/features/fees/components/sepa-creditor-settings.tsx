// /quote/impostazioni, "Addebito diretto SEPA" (issue 37 point 5): the club's creditor data that every collection
// file carries: the creditor identifier the bank assigned, the IBAN the money goes to, the BIC (optional); the
// creditor's name is the club's. The shared rules check the shapes first; the server checks the identifier's and
// the IBAN's checksums, its messages under their fields. Saved with its own button (fees.write).
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { sepaCreditorInput } from '../../../../../schema/validation/fees';
import { formSchema, SchemaForm, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormAlert } from '../../../components/ui/form-alert';
import type { FeesSepa_CreditorQuery, SepaCreditorInput } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { SepaCreditorQuery, UpdateSepaCreditorMutation } from '../fees-documents';
import { groupedCode } from '../fees-labels';

type Creditor = FeesSepa_CreditorQuery['sepaCreditor'];

interface CreditorValues {
  creditorId: string;
  iban: string;
  bic: string;
}

const schema = formSchema(sepaCreditorInput, (v: CreditorValues): SepaCreditorInput => {
  const parsed = sepaCreditorInput.safeParse(v);
  return parsed.success ? { ...parsed.data, bic: parsed.data.bic ?? null } : v;
});

const valuesOf = (c: Creditor): CreditorValues => ({ creditorId: c.creditorId ?? '', iban: c.iban ? groupedCode(c.iban) : '', bic: c.bic ?? '' });

function CreditorForm({ creditor, readOnly }: { creditor: Creditor; readOnly: boolean }) {
  const [save] = useMutation(UpdateSepaCreditorMutation, { refetchQueries: ['FeesSepa_Creditor'] });
  const form = useSchemaForm(schema, valuesOf(creditor));
  const sending = form.formState.isSubmitting;

  async function onSubmit(input: SepaCreditorInput): Promise<SubmitOutcome> {
    const outcome = readMutationResult((await save({ variables: { input } })).data?.updateSepaCreditor);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    form.reset(valuesOf(outcome.data.creditor));
  }

  return (
    <SchemaForm form={form} onSubmit={onSubmit} readOnly={readOnly} repeatFieldMessage={false} aria-label="Addebito diretto SEPA">
      <Text fontSize="sm">
        <strong>Creditore: </strong>
        {creditor.name}
      </Text>
      <TextField
        name="creditorId"
        label="Identificativo del creditore"
        required
        uppercase
        readOnly={readOnly}
        maxLength={35}
        spellCheck={false}
        helper="Il codice che la banca assegna alla società per gli addebiti diretti (CID), es. IT66ZZZA1B2C3D4E5F6G7H8."
      />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Box gridColumn={{ md: 'span 2' }} minW="0">
          <TextField name="iban" label="IBAN della società" required uppercase readOnly={readOnly} maxLength={42} spellCheck={false} helper="Il conto su cui arrivano gli incassi." />
        </Box>
        <TextField name="bic" label="BIC (facoltativo)" uppercase readOnly={readOnly} maxLength={11} spellCheck={false} />
      </SimpleGrid>
      {!readOnly && (
        <Flex justify="flex-end">
          <Button type="submit" loading={sending} loadingText="Salvataggio in corso..." w={{ base: 'full', sm: 'auto' }}>
            Salva dati SEPA
          </Button>
        </Flex>
      )}
    </SchemaForm>
  );
}

export function SepaCreditorSettings({ mayWrite }: { mayWrite: boolean }) {
  const { data, error, refetch } = useQuery(SepaCreditorQuery, { fetchPolicy: 'network-only' });
  return (
    <Box as="section" aria-labelledby="quote-impostazioni-sepa" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }} minW="0">
      <Stack gap="4">
        <Stack gap="1">
          <Heading as="h2" id="quote-impostazioni-sepa" size="md">
            Addebito diretto SEPA
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Con questi dati e i mandati firmati dalle famiglie, la pagina Addebiti SEPA prepara il file delle quote da addebitare da caricare sull&apos;home
            banking della società.
          </Text>
        </Stack>
        {data ? (
          <CreditorForm creditor={data.sepaCreditor} readOnly={!mayWrite} />
        ) : error ? (
          <Stack gap="2" align="flex-start">
            <FormAlert message={messageOfError(error)} />
            <Button size="xs" variant="outline" onClick={() => void refetch().catch(() => undefined)}>
              Riprova
            </Button>
          </Stack>
        ) : (
          <Text color="fg.muted" fontSize="sm" role="status">
            Caricamento...
          </Text>
        )}
      </Stack>
    </Box>
  );
}
