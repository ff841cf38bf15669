// "Registra pagamento" on a family's statement (issue 37 point 2): how it was paid (contanti, bonifico, carta POS,
// addebito SEPA), the day (today unless said otherwise, never in the future), the amount in euro, the reference (a
// transfer's CRO, a receipt of the POS) and a note; optionally the charges it settles, in the order chosen (else the
// server spreads it over the family's open charges, the oldest due first). More than what is open is refused with
// the open amount. The plans still payable whole with their early-payment discount are recalled above the fields (the
// server applies the discount to a payment that covers one, and its message says so). Then the same dialog offers
// "Emetti ricevute" for that payment.
import { useMutation } from '@apollo/client/react';
import { Button, Checkbox, Fieldset, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { clubDate } from '../../../../../schema/club-time';
import { recordPaymentInput, type PaymentMethod } from '../../../../../schema/validation/fees';
import { formSchema, PanelFormFooter, SchemaForm, SelectField, TextareaField, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { RecordPaymentInput } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { IssueReceiptsMutation, RecordPaymentMutation } from '../fees-documents';
import { euro, italianDay, parseEuro, PAYMENT_METHOD_OPTIONS } from '../fees-labels';
import type { EarlyOffer } from './early-offers';

export interface OpenCharge {
  id: string;
  personName: string;
  description: string;
  dueOn: string;
  openCents: number;
}

interface PaymentValues {
  method: PaymentMethod | '';
  paidOn: string;
  amountCents: string;
  reference: string;
  note: string;
  chargeIds: string[];
}

const checked = (v: PaymentValues, payerId: string) => ({
  payerId,
  method: v.method,
  paidOn: v.paidOn,
  amountCents: parseEuro(v.amountCents) ?? undefined,
  reference: v.reference,
  note: v.note,
  chargeIds: v.chargeIds.length ? v.chargeIds : undefined,
});

function ChargesChoice({ charges }: { charges: OpenCharge[] }) {
  const { control } = useFormContext<PaymentValues>();
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        Addebiti pagati (facoltativo)
      </Fieldset.Legend>
      <Fieldset.HelperText fontSize="xs">
        Il pagamento copre gli addebiti scelti nell&apos;ordine in cui li scegli; senza una scelta, va sulle rate aperte della famiglia, dalla scadenza più vecchia.
      </Fieldset.HelperText>
      <Fieldset.Content>
        <Controller
          name="chargeIds"
          control={control}
          render={({ field }) => (
            <Stack gap="2" borderWidth="1px" borderRadius="md" px="3" py="2" maxH="56" overflowY="auto">
              {charges.map((c) => (
                <Checkbox.Root
                  key={c.id}
                  colorPalette="brand"
                  checked={field.value.includes(c.id)}
                  onCheckedChange={(d) => field.onChange(d.checked === true ? [...field.value.filter((id) => id !== c.id), c.id] : field.value.filter((id) => id !== c.id))}
                >
                  <Checkbox.HiddenInput onBlur={field.onBlur} />
                  <Checkbox.Control />
                  <Checkbox.Label fontWeight="normal">{`${c.personName}: ${c.description}, scade il ${italianDay(c.dueOn)} (da pagare ${euro(c.openCents)})`}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          )}
        />
      </Fieldset.Content>
    </Fieldset.Root>
  );
}

function PaymentForm({
  formId,
  payerId,
  charges,
  openCents,
  offers,
  save,
  onDirtyChange,
}: {
  formId: string;
  payerId: string;
  charges: OpenCharge[];
  openCents: number;
  offers: EarlyOffer[];
  save: (input: RecordPaymentInput) => Promise<SubmitOutcome>;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const today = clubDate(new Date());
  const schema = useMemo(
    () =>
      formSchema(
        recordPaymentInput(today),
        (v: PaymentValues): RecordPaymentInput => {
          const parsed = recordPaymentInput(today).safeParse(checked(v, payerId));
          return (parsed.success ? parsed.data : checked(v, payerId)) as RecordPaymentInput;
        },
        (v: PaymentValues) => checked(v, payerId),
      ),
    [today, payerId],
  );
  const form = useSchemaForm(schema, { method: '', paidOn: today, amountCents: '', reference: '', note: '', chargeIds: [] });
  return (
    <SchemaForm id={formId} form={form} onSubmit={save} onDirtyChange={onDirtyChange} aria-label="Registra pagamento">
      <Text fontSize="sm" color="fg.muted">{`Da pagare in tutto: ${euro(openCents)}.`}</Text>
      {offers.length > 0 && (
        <Stack as="ul" gap="1" listStyleType="none" aria-label="Sconti per pagamento anticipato" fontSize="sm" bg="blue.subtle" borderRadius="md" px="3" py="2">
          {offers.map((o) => (
            <Text as="li" key={`${o.personName} ${o.text}`} overflowWrap="anywhere">{`${o.personName} · ${o.text}`}</Text>
          ))}
        </Stack>
      )}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <SelectField name="method" label="Metodo" required options={PAYMENT_METHOD_OPTIONS} placeholder="Come è stato pagato" />
        <TextField name="paidOn" label="Data del pagamento" type="date" required max={today} />
        <TextField name="amountCents" label="Importo (€)" required inputMode="decimal" placeholder="150,00" />
        <TextField name="reference" label="Riferimento" maxLength={200} helper="Il CRO del bonifico, lo scontrino del POS..." />
      </SimpleGrid>
      <TextareaField name="note" label="Nota" rows={2} maxLength={1000} />
      {charges.length > 1 && <ChargesChoice charges={charges} />}
    </SchemaForm>
  );
}

export interface PaymentDialogProps {
  open: boolean;
  payerId: string;
  payerName: string;
  charges: OpenCharge[];
  /** The plans the family may still pay whole with their early-payment discount. */
  offers?: EarlyOffer[];
  onClose: () => void;
}

const NO_OFFERS: EarlyOffer[] = [];

export function PaymentDialog({ open, payerId, payerName, charges, offers = NO_OFFERS, onClose }: PaymentDialogProps) {
  const formId = useId();
  const refetch = { refetchQueries: ['FamilyStatementPage_Statement', 'FeesPage_Overview'], awaitRefetchQueries: true };
  const [record, { loading: sending }] = useMutation(RecordPaymentMutation, refetch);
  const [issue, { loading: issuing }] = useMutation(IssueReceiptsMutation, refetch);
  const [dirty, setDirty] = useState(false);
  const [recorded, setRecorded] = useState<{ paymentId: string; message: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const openCents = charges.reduce((sum, c) => sum + c.openCents, 0);

  const close = () => {
    if (sending || issuing) return;
    setRecorded(null);
    setProblem(null);
    setDirty(false);
    onClose();
  };

  const save = async (input: RecordPaymentInput): Promise<SubmitOutcome> => {
    const outcome = readMutationResult((await record({ variables: { input } })).data?.recordPayment);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    setDirty(false);
    setRecorded({ paymentId: outcome.data.payment.id, message: outcome.data.message });
  };

  const issueReceipts = async () => {
    if (!recorded) return;
    setProblem(null);
    try {
      const outcome = readMutationResult((await issue({ variables: { paymentId: recorded.paymentId } })).data?.issueReceipts);
      if (!outcome.ok) {
        setProblem(outcome.message);
        return;
      }
      notify(MESSAGE_LEVEL.success, outcome.data.message);
      close();
    } catch (error) {
      setProblem(messageOfError(error));
    }
  };

  return (
    <FormDialog
      open={open}
      dirty={dirty && !recorded}
      size="lg"
      title={`Registra pagamento: ${payerName}`}
      onClose={close}
      footer={
        <HStack gap="3" w="100%" justify="flex-end" wrap="wrap">
          {recorded ? (
            <>
              <Button variant="outline" onClick={close} disabled={issuing}>
                Chiudi
              </Button>
              <Button onClick={() => void issueReceipts()} loading={issuing} loadingText="Emissione in corso...">
                Emetti ricevute
              </Button>
            </>
          ) : (
            <PanelFormFooter formId={formId} sending={sending} submitLabel="Registra pagamento" sendingLabel="Registrazione in corso..." />
          )}
        </HStack>
      }
    >
      {recorded ? (
        <Stack gap="3">
          <FormAlert status="success" message={recorded.message} />
          {problem && <FormAlert message={problem} />}
          <Text>
            Emetti ora le ricevute di questo pagamento (una per ogni persona che ha pagato): sono numerate in ordine e inviate per email a {payerName}. Puoi farlo anche
            più tardi dall&apos;elenco dei pagamenti.
          </Text>
        </Stack>
      ) : (
        open && <PaymentForm formId={formId} payerId={payerId} charges={charges} openCents={openCents} offers={offers} save={save} onDirtyChange={setDirty} />
      )}
    </FormDialog>
  );
}
