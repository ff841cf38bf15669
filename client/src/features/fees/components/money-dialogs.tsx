// The smaller money forms of a family's statement (issue 37 point 2), each a dialog over the shared rules: a refund
// of (part of) a payment with its reason, a one-off charge for a person of the family ("Nuovo addebito": a trip, a
// second kit), a person's own reduction on a charge ("Riduzione", with its reason). Nothing is ever deleted: a refund
// is a negative payment, a reduction keeps its reason in the history.
import { useMutation } from '@apollo/client/react';
import { HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { cancelInput, chargeDiscountInput, oneOffChargeInput } from '../../../../../schema/validation/fees';
import { formSchema, PanelFormFooter, SchemaForm, SelectField, TextareaField, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormDialog } from '../../../components/ui/form-dialog';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { AddChargeMutation, RefundPaymentMutation, SetChargeDiscountMutation } from '../fees-documents';
import { euro, euroInput, italianDay, parseEuro } from '../fees-labels';

const REFETCH = { refetchQueries: ['FamilyStatementPage_Statement', 'FeesPage_Overview'], awaitRefetchQueries: true };

/** A dialog around one form: the footer's buttons submit it by id; closing asks first when something was typed. */
function MoneyDialog({ open, title, submitLabel, sending, onClose, children }: { open: boolean; title: string; submitLabel: string; sending: boolean; onClose: () => void; children: (formId: string, onDirtyChange: (dirty: boolean) => void) => ReactNode }) {
  const formId = useId();
  const [dirty, setDirty] = useState(false);
  return (
    <FormDialog
      open={open}
      dirty={dirty}
      title={title}
      onClose={() => {
        if (sending) return;
        setDirty(false);
        onClose();
      }}
      footer={
        <HStack gap="3" w="100%" justify="flex-end" wrap="wrap">
          <PanelFormFooter formId={formId} sending={sending} submitLabel={submitLabel} />
        </HStack>
      }
    >
      {open && children(formId, setDirty)}
    </FormDialog>
  );
}

// --- Rimborso

export interface RefundTarget {
  paymentId: string;
  paidOn: string;
  amountCents: number;
}

const refundRule = z.object({ amountCents: oneOffChargeInput.shape.amountCents, reason: cancelInput.shape.reason });
interface RefundValues {
  amountCents: string;
  reason: string;
}
const refundChecked = (v: RefundValues) => ({ amountCents: parseEuro(v.amountCents) ?? undefined, reason: v.reason });

type Send<T> = (input: T) => Promise<SubmitOutcome>;

function RefundForm({ formId, target, onDirtyChange, send }: { formId: string; target: RefundTarget; onDirtyChange: (dirty: boolean) => void; send: Send<{ amountCents: number; reason: string }> }) {
  const schema = useMemo(() => formSchema(refundRule, (v: RefundValues) => ({ amountCents: parseEuro(v.amountCents) ?? 0, reason: v.reason.trim() }), refundChecked), []);
  const form = useSchemaForm(schema, { amountCents: euroInput(target.amountCents), reason: '' });
  return (
    <SchemaForm id={formId} form={form} onSubmit={send} onDirtyChange={onDirtyChange} aria-label="Rimborso">
      <Text fontSize="sm" color="fg.muted">
        {`Il pagamento del ${italianDay(target.paidOn)} di ${euro(target.amountCents)}: il rimborso resta nello storico come pagamento negativo, e gli addebiti che aveva pagato tornano da pagare.`}
      </Text>
      <TextField name="amountCents" label="Importo da rimborsare (€)" required inputMode="decimal" />
      <TextareaField name="reason" label="Motivo" required rows={3} maxLength={500} />
    </SchemaForm>
  );
}

export function RefundDialog({ target, onClose }: { target: RefundTarget | null; onClose: () => void }) {
  const [refund, { loading }] = useMutation(RefundPaymentMutation, REFETCH);
  const send = async (input: { amountCents: number; reason: string }): Promise<SubmitOutcome> => {
    if (!target) return;
    const outcome = readMutationResult((await refund({ variables: { paymentId: target.paymentId, ...input } })).data?.refundPayment);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    onClose();
  };
  return (
    <MoneyDialog open={target !== null} title="Rimborso" submitLabel="Registra rimborso" sending={loading} onClose={onClose}>
      {(formId, onDirtyChange) => target && <RefundForm formId={formId} target={target} onDirtyChange={onDirtyChange} send={send} />}
    </MoneyDialog>
  );
}

// --- Nuovo addebito

interface ChargeValues {
  personId: string;
  description: string;
  dueOn: string;
  amountCents: string;
}

type ChargeInput = { personId: string; seasonId: string; description: string; dueOn: string; amountCents: number };

function ChargeForm({ formId, people, seasonId, onDirtyChange, send }: { formId: string; people: { personId: string; name: string }[]; seasonId: string; onDirtyChange: (dirty: boolean) => void; send: Send<ChargeInput> }) {
  const checkedOf = useMemo(() => (v: ChargeValues) => ({ ...v, seasonId, amountCents: parseEuro(v.amountCents) ?? undefined }), [seasonId]);
  const schema = useMemo(
    () =>
      formSchema(
        oneOffChargeInput,
        (v: ChargeValues) => {
          const parsed = oneOffChargeInput.safeParse(checkedOf(v));
          return parsed.success ? parsed.data : { ...v, seasonId, amountCents: 0 };
        },
        checkedOf,
      ),
    [checkedOf, seasonId],
  );
  const form = useSchemaForm(schema, { personId: people.length === 1 ? people[0].personId : '', description: '', dueOn: '', amountCents: '' });
  return (
    <SchemaForm id={formId} form={form} onSubmit={send} onDirtyChange={onDirtyChange} aria-label="Nuovo addebito">
      <SelectField name="personId" label="Persona" required options={people.map((p) => ({ value: p.personId, label: p.name }))} placeholder="Scegli la persona" />
      <TextField name="description" label="Descrizione" required maxLength={100} helper="Ad esempio: Trasferta a Rimini, secondo kit." />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField name="dueOn" label="Scadenza" type="date" required />
        <TextField name="amountCents" label="Importo (€)" required inputMode="decimal" placeholder="25,00" />
      </SimpleGrid>
    </SchemaForm>
  );
}

export function ChargeDialog({ open, people, seasonId, onClose }: { open: boolean; people: { personId: string; name: string }[]; seasonId: string | null; onClose: () => void }) {
  const [add, { loading }] = useMutation(AddChargeMutation, REFETCH);
  const send = async (input: ChargeInput): Promise<SubmitOutcome> => {
    const outcome = readMutationResult((await add({ variables: { input } })).data?.addCharge);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    onClose();
  };
  return (
    <MoneyDialog open={open && seasonId !== null} title="Nuovo addebito" submitLabel="Aggiungi addebito" sending={loading} onClose={onClose}>
      {(formId, onDirtyChange) => seasonId && <ChargeForm formId={formId} people={people} seasonId={seasonId} onDirtyChange={onDirtyChange} send={send} />}
    </MoneyDialog>
  );
}

// --- Riduzione

export interface DiscountTarget {
  chargeId: string;
  personName: string;
  description: string;
  amountCents: number;
  discountCents: number;
  discountReason: string | null | undefined;
}

interface DiscountValues {
  discountCents: string;
  reason: string;
}

type DiscountInput = { chargeId: string; discountCents: number; reason: string };

function DiscountForm({ formId, target, onDirtyChange, send }: { formId: string; target: DiscountTarget; onDirtyChange: (dirty: boolean) => void; send: Send<DiscountInput> }) {
  const checkedOf = useMemo(() => (v: DiscountValues) => ({ chargeId: target.chargeId, discountCents: parseEuro(v.discountCents) ?? undefined, reason: v.reason }), [target.chargeId]);
  const schema = useMemo(
    () =>
      formSchema(
        chargeDiscountInput,
        (v: DiscountValues) => ({ chargeId: target.chargeId, discountCents: parseEuro(v.discountCents) ?? 0, reason: v.reason.trim() }),
        checkedOf,
      ),
    [checkedOf, target.chargeId],
  );
  const form = useSchemaForm(schema, { discountCents: target.discountCents ? euroInput(target.discountCents) : '', reason: target.discountReason ?? '' });
  return (
    <SchemaForm id={formId} form={form} onSubmit={send} onDirtyChange={onDirtyChange} aria-label="Riduzione">
      <Text fontSize="sm" color="fg.muted">
        {`${target.personName}, ${target.description}: ${euro(target.amountCents)}. La riduzione sostituisce lo sconto attuale e resta nello storico con il suo motivo.`}
      </Text>
      <TextField name="discountCents" label="Riduzione (€)" required inputMode="decimal" />
      <TextareaField name="reason" label="Motivo" required rows={3} maxLength={500} />
    </SchemaForm>
  );
}

export function DiscountDialog({ target, onClose }: { target: DiscountTarget | null; onClose: () => void }) {
  const [save, { loading }] = useMutation(SetChargeDiscountMutation, REFETCH);
  const send = async (input: DiscountInput): Promise<SubmitOutcome> => {
    const outcome = readMutationResult((await save({ variables: { input } })).data?.setChargeDiscount);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    onClose();
  };
  return (
    <MoneyDialog open={target !== null} title={target ? `Riduzione: ${target.description}` : 'Riduzione'} submitLabel="Salva riduzione" sending={loading} onClose={onClose}>
      {(formId, onDirtyChange) => target && <DiscountForm formId={formId} target={target} onDirtyChange={onDirtyChange} send={send} />}
    </MoneyDialog>
  );
}
