// /quote/famiglia/:payerId (fees.read; issue 37 point 2): a family's statement, the payer and the minors they pay
// for. The family's figures (due, paid, open, overdue), each person's charges (overdue first), the payer's payments
// with their receipts. For fees.write: "Registra pagamento" (then "Emetti ricevute"), "Nuovo addebito", a charge's
// "Riduzione" and "Annulla addebito", a payment's "Rimborso" and "Emetti ricevute", a receipt's "Annulla e
// sostituisci"; the yearly statement for the tax return. A minor's statement names the guardians who pay, each a link
// to the family's own statement. Collecting (issue 37 points 1, 4, 5): the plans the family may still pay whole with
// their early-payment discount, the payer's SEPA mandates (added, corrected, revoked with fees.write) and the fee
// reminders sent about the family's charges.
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Box, Button, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { clubDate } from '../../../../../schema/club-time';
import { cancelInput } from '../../../../../schema/validation/fees';
import type { SubmitOutcome } from '../../../components/form';
import { ArrowLeftIcon, PlusIcon } from '../../../components/icons';
import { ListError } from '../../../components/ui/list-status';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { useSeasonView } from '../../../lib/season-view';
import { useAccess } from '../../../lib/use-access';
import { EarlyOffers, earlyOffersOf } from '../components/early-offers';
import { ChargeDialog, DiscountDialog, RefundDialog, type DiscountTarget, type RefundTarget } from '../components/money-dialogs';
import { PaymentDialog, type OpenCharge } from '../components/payment-dialog';
import { ReminderLog } from '../components/reminder-log';
import { SepaMandates } from '../components/sepa-mandates';
import { PaymentsList, PersonCharges, Totals, YearlyStatement, type Payment, type Receipt, type StatementCharge } from '../components/statement-parts';
import { CancelChargeMutation, CancelReceiptMutation, FamilyStatementQuery, IssueReceiptsMutation, PayerFamilyQuery } from '../fees-documents';
import { fullName } from '../fees-labels';

const REFETCH = { refetchQueries: ['FamilyStatementPage_Statement', 'FeesPage_Overview'], awaitRefetchQueries: true };
const REASON_RULE = cancelInput.shape.reason;

function BackLink() {
  return (
    <Link asChild fontSize="sm" color="fg.muted" alignSelf="flex-start">
      <RouterLink to="/quote">
        <ArrowLeftIcon />
        Quote
      </RouterLink>
    </Link>
  );
}

/** The guardians who pay for this person: their family's statement is where the money is. */
function PayingGuardians({ personId, name }: { personId: string; name: string }) {
  const access = useAccess();
  const { data } = useQuery(PayerFamilyQuery, { variables: { personId }, skip: !access.can('families.read'), fetchPolicy: 'cache-and-network' });
  const payers = (data?.personFamily?.guardians ?? []).filter((g) => g.pays && g.guardian.personId !== personId);
  if (!payers.length) return null;
  return (
    <Alert.Root status="info" borderRadius="md">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{`Le quote di ${name} le paga ${payers.length === 1 ? 'il genitore' : 'la famiglia'}:`}</Alert.Title>
        <Alert.Description>
          <HStack as="span" gap="3" wrap="wrap">
            {payers.map((g) => (
              <Link key={g.id} asChild fontWeight="semibold" colorPalette="brand">
                <RouterLink to={`/quote/famiglia/${g.guardian.personId}`}>{`Estratto conto di ${fullName(g.guardian)}`}</RouterLink>
              </Link>
            ))}
          </HStack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

export default function FamilyStatementPage() {
  const { payerId = '' } = useParams();
  const access = useAccess();
  const season = useSeasonView();
  const { data, loading, error, refetch } = useQuery(FamilyStatementQuery, { variables: { payerId }, fetchPolicy: 'cache-and-network' });
  const statement = data?.familyStatement;
  const payer = statement?.people.find((p) => p.personId === statement.payerId);
  const payerName = payer?.name ?? '';
  useDocumentTitle(payer ? `Estratto conto di ${payerName}` : 'Estratto conto');
  const mayWrite = access.can('fees.write');
  const today = clubDate(new Date());

  const [paying, setPaying] = useState(false);
  const [addingCharge, setAddingCharge] = useState(false);
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  const [discounting, setDiscounting] = useState<DiscountTarget | null>(null);
  const [cancellingCharge, setCancellingCharge] = useState<{ charge: StatementCharge; personName: string } | null>(null);
  const [cancellingReceipt, setCancellingReceipt] = useState<Receipt | null>(null);
  const [issuing, setIssuing] = useState<string | null>(null);
  const [cancelCharge, chargeCancellation] = useMutation(CancelChargeMutation, REFETCH);
  const [cancelReceipt, receiptCancellation] = useMutation(CancelReceiptMutation, REFETCH);
  const [issue] = useMutation(IssueReceiptsMutation, REFETCH);

  if (!data) {
    if (loading) return <PageSpinner label="Caricamento dell'estratto conto..." />;
    return (
      <Stack gap="4">
        <BackLink />
        <ListError message={messageOfError(error)} onRetry={() => void refetch().catch(() => undefined)} />
      </Stack>
    );
  }
  if (!statement || !payer) {
    return (
      <Stack gap="4" align="flex-start" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '8' }} role="alert">
        <Heading as="h1" size="xl">
          Persona non trovata
        </Heading>
        <Text color="fg.muted">L&apos;indirizzo non corrisponde a nessuna persona della società: cercala dalla pagina Quote.</Text>
        <Button asChild variant="outline" size="sm">
          <RouterLink to="/quote">Torna alle quote</RouterLink>
        </Button>
      </Stack>
    );
  }

  const nameOf = (personId: string) => statement.people.find((p) => p.personId === personId)?.name ?? '';
  const openCharges: OpenCharge[] = statement.people
    .flatMap((p) => p.charges.filter((c) => !c.cancelled && c.openCents > 0).map((c) => ({ id: c.id, personName: p.name, description: c.description, dueOn: c.dueOn, openCents: c.openCents })))
    .sort((a, b) => a.dueOn.localeCompare(b.dueOn));

  const issueReceipts = async (payment: Payment) => {
    setIssuing(payment.id);
    try {
      const outcome = readMutationResult((await issue({ variables: { paymentId: payment.id } })).data?.issueReceipts);
      notify(outcome.ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, outcome.ok ? outcome.data.message : outcome.message);
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    } finally {
      setIssuing(null);
    }
  };

  const confirmCancelCharge = async (reason: string): Promise<SubmitOutcome> => {
    if (!cancellingCharge) return;
    const outcome = readMutationResult((await cancelCharge({ variables: { input: { id: cancellingCharge.charge.id, reason } } })).data?.cancelCharge);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    setCancellingCharge(null);
  };

  const confirmCancelReceipt = async (reason: string): Promise<SubmitOutcome> => {
    if (!cancellingReceipt) return;
    const outcome = readMutationResult((await cancelReceipt({ variables: { input: { id: cancellingReceipt.id, reason } } })).data?.cancelReceipt);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    setCancellingReceipt(null);
  };

  const minors = statement.people.filter((p) => p.personId !== statement.payerId);
  const offers = earlyOffersOf(statement.people);
  // the payer is always in the statement; with no charge of their own, only the children are shown
  const shownPeople = statement.people.filter((p) => p.charges.length > 0);
  return (
    <Stack gap="6" maxW="6xl" w="100%">
      <Stack gap="2">
        <BackLink />
        <Flex gap="3" justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap="1" minW="0">
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} overflowWrap="anywhere">
              {`Estratto conto: ${payerName}`}
            </Heading>
            <Text color="fg.muted">
              {minors.length ? `${payerName} e ${minors.length === 1 ? 'il minore' : 'i minori'} per cui paga: ${minors.map((m) => m.name).join(', ')}.` : `Gli addebiti e i pagamenti di ${payerName}.`}
            </Text>
          </Stack>
          {mayWrite && (
            <HStack gap="2" wrap="wrap">
              <Button variant="outline" onClick={() => setAddingCharge(true)} disabled={!season.chosen || season.readOnly}>
                <PlusIcon />
                Nuovo addebito
              </Button>
              <Button onClick={() => setPaying(true)} disabled={statement.openCents === 0}>
                Registra pagamento
              </Button>
            </HStack>
          )}
        </Flex>
      </Stack>
      <PayingGuardians personId={statement.payerId} name={payerName} />
      <Box as="section" aria-label="Totali della famiglia" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }}>
        <Totals totals={statement} />
      </Box>
      <EarlyOffers offers={offers} />
      <Box display="grid" gridTemplateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="6" alignItems="start">
        <Stack as="section" aria-labelledby="estratto-addebiti" gap="3" minW="0">
          <Heading as="h2" size="lg" id="estratto-addebiti">
            Addebiti
          </Heading>
          {shownPeople.length === 0 && (
            <Text color="fg.muted" bg="bg" borderWidth="1px" borderRadius="xl" p="4">
              Nessun addebito: assegna un piano dalla pagina Quote o aggiungi un addebito.
            </Text>
          )}
          {shownPeople.map((p) => (
            <PersonCharges
              key={p.personId}
              person={p}
              today={today}
              actions={
                mayWrite
                  ? {
                      onDiscount: (c) =>
                        setDiscounting({ chargeId: c.id, personName: p.name, description: c.description, amountCents: c.amountCents, discountCents: c.discountCents, discountReason: c.discountReason }),
                      onCancel: (c) => setCancellingCharge({ charge: c, personName: p.name }),
                    }
                  : null
              }
            />
          ))}
        </Stack>
        <Stack gap="6" minW="0">
          <Stack as="section" aria-labelledby="estratto-pagamenti" gap="3" minW="0">
            <Heading as="h2" size="lg" id="estratto-pagamenti">
              Pagamenti e ricevute
            </Heading>
            <PaymentsList
              statement={statement}
              actions={
                mayWrite
                  ? {
                      onIssue: (p) => void issueReceipts(p),
                      onRefund: (p) => setRefunding({ paymentId: p.id, paidOn: p.paidOn, amountCents: p.amountCents }),
                      onCancelReceipt: setCancellingReceipt,
                      issuing,
                    }
                  : null
              }
            />
            <YearlyStatement statement={statement} thisYear={Number(today.slice(0, 4))} />
          </Stack>
          <SepaMandates payerId={statement.payerId} payerName={payerName} mayWrite={mayWrite} />
          <ReminderLog payerId={statement.payerId} />
        </Stack>
      </Box>

      <PaymentDialog open={paying} payerId={statement.payerId} payerName={payerName} charges={openCharges} offers={offers} onClose={() => setPaying(false)} />
      <ChargeDialog open={addingCharge} people={statement.people.map((p) => ({ personId: p.personId, name: p.name }))} seasonId={season.chosen?.id ?? null} onClose={() => setAddingCharge(false)} />
      <RefundDialog target={refunding} onClose={() => setRefunding(null)} />
      <DiscountDialog target={discounting} onClose={() => setDiscounting(null)} />
      <ReasonDialog
        open={cancellingCharge !== null}
        title={cancellingCharge ? `Annulla addebito: ${cancellingCharge.charge.description}` : ''}
        text={{
          title: 'Annulla addebito',
          explain: `L'addebito di ${cancellingCharge?.personName ?? ''} non sarà più dovuto: resta nello storico, barrato, con il motivo.`,
          label: 'Motivo',
          submit: 'Annulla addebito',
          sending: 'Annullamento in corso...',
        }}
        rule={REASON_RULE}
        formKey={cancellingCharge?.charge.id ?? ''}
        sending={chargeCancellation.loading}
        onSubmit={confirmCancelCharge}
        onClose={() => setCancellingCharge(null)}
        maxLength={500}
      />
      <ReasonDialog
        open={cancellingReceipt !== null}
        title={cancellingReceipt ? `Annulla e sostituisci la ricevuta n. ${cancellingReceipt.number}` : ''}
        text={{
          title: 'Annulla e sostituisci',
          explain: `La ricevuta di ${cancellingReceipt ? nameOf(cancellingReceipt.personId) : ''} resta nello storico, annullata con il motivo; se ne emette una nuova con il numero successivo, che la sostituisce, e la si invia a chi ha pagato.`,
          label: 'Motivo',
          submit: 'Annulla e sostituisci',
          sending: 'Emissione in corso...',
        }}
        rule={REASON_RULE}
        formKey={cancellingReceipt?.id ?? ''}
        sending={receiptCancellation.loading}
        onSubmit={confirmCancelReceipt}
        onClose={() => setCancellingReceipt(null)}
        maxLength={500}
      />
    </Stack>
  );
}
