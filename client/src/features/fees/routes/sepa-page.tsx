// /quote/sepa ("Addebiti SEPA", fees.read; issue 37 point 5; its route: collection-pages.tsx), linked from the
// header of /quote: the treasurer picks the collection date (a week from today at first; from tomorrow to 6 months,
// the server's rule checked as typed), reads the preview of what the file holds (debits, payers left out and why,
// count and control sum) and downloads it for the bank (export.run): GET /api/fees/addebiti-sepa.xml?collectionDate=
// with the session and the club, as the prima nota. The server's refusal (the club's SEPA data missing, nothing to
// collect, a date refused) shows its own words.
import { useQuery } from '@apollo/client/react';
import { Alert, Box, Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { addDays, clubDate } from '../../../../../schema/club-time';
import { MSG } from '../../../../../schema/messages';
import { sepaCollectionInput } from '../../../../../schema/validation/fees';
import { SchemaForm, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { ArrowLeftIcon, DownloadIcon } from '../../../components/icons';
import { ListError, ListLoading } from '../../../components/ui/list-status';
import { authHeaders } from '../../../lib/apollo';
import { saveBlob } from '../../../lib/authorized-file';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { useAccess } from '../../../lib/use-access';
import { SepaPreview } from '../components/sepa-preview';
import { SepaCollectionQuery, SepaCreditorQuery } from '../fees-documents';
import { italianDay } from '../fees-labels';

const TITLE = 'Addebiti SEPA';
/** The collection date proposed: a week ahead, the time a bank usually wants for a recurring debit. */
const LEAD_DAYS = 7;

/**
 * Saves the collection file; a refusal answers the server's own message (its envelope's `message`: the club's SEPA
 * data missing, nothing to collect; a date out of range in `context.errors`), the connection's when there was no
 * answer.
 */
async function downloadSepaFile(collectionDate: string): Promise<SubmitOutcome> {
  let response: Response;
  try {
    response = await fetch(`/api/fees/addebiti-sepa.xml?collectionDate=${encodeURIComponent(collectionDate)}`, { headers: authHeaders() });
  } catch (error) {
    return { ok: false, message: messageOfError(error) };
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown; context?: { errors?: Record<string, unknown> } | null } | null;
    // a refused date names itself (context.errors): its message goes under the field
    const dateMessage = body?.context?.errors?.collectionDate;
    if (typeof dateMessage === 'string' && dateMessage) return { ok: false, message: dateMessage, fieldErrors: { collectionDate: dateMessage } };
    if (typeof body?.message === 'string' && body.message) return { ok: false, message: body.message };
    return { ok: false, message: response.status === 503 ? MSG.serverBusy : MSG.unexpected };
  }
  saveBlob(await response.blob(), `addebiti-sepa-${collectionDate}.xml`);
}

/** The club's creditor data is missing: the file cannot be made, and where to write it. */
function CreditorMissing() {
  const { data } = useQuery(SepaCreditorQuery, { fetchPolicy: 'cache-and-network' });
  const creditor = data?.sepaCreditor;
  if (!creditor || (creditor.creditorId && creditor.iban)) return null;
  return (
    <Alert.Root status="warning" borderRadius="xl">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Mancano i dati SEPA della società</Alert.Title>
        <Alert.Description>
          {"Per preparare il file servono l'identificativo del creditore e l'IBAN della società: indicali in "}
          <Link asChild fontWeight="semibold" colorPalette="brand">
            <RouterLink to="/quote/impostazioni">Impostazioni quote</RouterLink>
          </Link>
          .
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function Preview({ collectionDate }: { collectionDate: string }) {
  const { data, previousData, loading, error, refetch } = useQuery(SepaCollectionQuery, { variables: { collectionDate }, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  const shown = (data ?? previousData)?.sepaCollection;
  if (!shown && error) return <ListError message={messageOfError(error)} onRetry={() => void refetch().catch(() => undefined)} />;
  if (!shown) return <ListLoading label="Caricamento dell'anteprima..." />;
  const outcome = readMutationResult(shown);
  if (!outcome.ok) return <ListError message={outcome.message} />;
  return (
    <Box aria-busy={loading} opacity={loading && !data ? 0.6 : 1}>
      <SepaPreview collection={outcome.data} />
    </Box>
  );
}

export function SepaPage() {
  useDocumentTitle(TITLE);
  const access = useAccess();
  const today = clubDate(new Date());
  const rule = useMemo(() => sepaCollectionInput(today), [today]);
  const form = useSchemaForm(rule, { collectionDate: addDays(today, LEAD_DAYS) }, { mode: 'onChange' });
  const date = useWatch({ control: form.control, name: 'collectionDate' });
  const valid = rule.safeParse({ collectionDate: date }).success;
  // the server's refusal was about another date: it goes once the date changes
  useEffect(() => form.clearErrors('root'), [date, form]);
  const mayDownload = access.can('export.run');

  return (
    <Stack gap="6" maxW="5xl" w="100%">
      <Stack gap="2">
        <Link asChild fontSize="sm" color="fg.muted" alignSelf="flex-start">
          <RouterLink to="/quote">
            <ArrowLeftIcon />
            Quote
          </RouterLink>
        </Link>
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="fg.muted">
          Il file delle quote da addebitare sui conti delle famiglie con un mandato SEPA: le rate ancora da pagare che scadono entro la data di addebito, una
          riga per mandato. Caricalo sull&apos;home banking della società.
        </Text>
      </Stack>
      <CreditorMissing />
      <Box as="section" aria-labelledby="sepa-data" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }}>
        <Heading as="h2" size="md" id="sepa-data" mb="3">
          Data di addebito
        </Heading>
        <SchemaForm form={form} onSubmit={({ collectionDate }) => downloadSepaFile(collectionDate)} aria-label="File degli addebiti SEPA" gap="4">
          <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ base: 'stretch', md: 'flex-end' }}>
            <Box w={{ base: '100%', md: '18rem' }}>
              <TextField name="collectionDate" label="Addebita il" type="date" required min={addDays(today, 1)} />
            </Box>
            {mayDownload && (
              <Button type="submit" loading={form.formState.isSubmitting} loadingText="Preparazione del file..." disabled={!valid}>
                <DownloadIcon boxSize="4" />
                Scarica il file SEPA (XML)
              </Button>
            )}
          </Stack>
          <Text fontSize="sm" color="fg.muted">
            {mayDownload
              ? 'Si addebitano le rate ancora da pagare che scadono entro questa data. Il file è nel formato SEPA SDD Core (pain.008) che le banche accettano.'
              : 'Si addebitano le rate ancora da pagare che scadono entro questa data. Per scaricare il file serve il permesso di esportare i dati.'}
          </Text>
        </SchemaForm>
      </Box>
      <Stack as="section" aria-labelledby="sepa-anteprima" gap="3">
        <Heading as="h2" size="lg" id="sepa-anteprima">
          {valid ? `Anteprima dell'addebito del ${italianDay(date)}` : 'Anteprima'}
        </Heading>
        {valid ? <Preview collectionDate={date} /> : <Text color="fg.muted">Indica una data di addebito valida per vedere cosa conterrà il file.</Text>}
      </Stack>
    </Stack>
  );
}
