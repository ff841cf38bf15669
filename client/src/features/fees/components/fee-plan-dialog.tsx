// "Nuovo piano" / "Modifica" on /quote (issue 37 point 1): name, kind, the sport the receipts name, the instalments
// (label, due date, amount in euro; added and removed, 1 to 12), the family discounts (second child, third and
// later) and the early-payment discount (a percent off a person's whole plan paid in one payment by a day: both or
// neither). The shared rules (schema/validation/fees.ts) check the form first; the server's messages go under their
// fields (instalments.0.amountCents...). A plan that already charged people is first saved as a preview (dryRun):
// when the change reaches someone's unpaid charges the dialog names them and the button becomes "Conferma e
// salva"; any further edit asks again.
import { useMutation } from '@apollo/client/react';
import { Box, Button, Fieldset, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { MAX_INSTALMENTS, saveFeePlanInput, type FeeKind } from '../../../../../schema/validation/fees';
import { formSchema, PanelFormFooter, SchemaForm, SelectField, TextField, useFieldError, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { PlusIcon } from '../../../components/icons';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { FeesPage_PlansQuery, SaveFeePlanInput } from '../../../gql/graphql';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { SaveFeePlanMutation } from '../fees-documents';
import { euro, euroInput, FEE_KIND_OPTIONS, parseEuro, peopleCount } from '../fees-labels';

export type EditedPlan = FeesPage_PlansQuery['feePlans'][number];

interface InstalmentValues {
  label: string;
  dueOn: string;
  /** Euro as typed ("150", "150,50"). */
  amountCents: string;
}

interface PlanValues {
  name: string;
  kind: FeeKind;
  sport: string;
  secondChildPercent: string;
  thirdChildPercent: string;
  earlyPaymentPercent: string;
  /** YYYY-MM-DD, or blank without the discount. */
  earlyPaymentBy: string;
  instalments: InstalmentValues[];
}

const EMPTY_INSTALMENT: InstalmentValues = { label: '', dueOn: '', amountCents: '' };

/** A percent as typed: blank is none (0), anything but a whole number NaN (refused by the shared rule). */
const percentOf = (text: string) => (text.trim() === '' ? undefined : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The values in the shape of the shared rules: amounts in cents, percents as numbers. */
const checked = (values: PlanValues, seasonId: string, id: string | undefined) => ({
  ...(id ? { id } : {}),
  seasonId,
  name: values.name,
  kind: values.kind,
  sport: values.sport,
  secondChildPercent: percentOf(values.secondChildPercent),
  thirdChildPercent: percentOf(values.thirdChildPercent),
  earlyPaymentPercent: percentOf(values.earlyPaymentPercent),
  earlyPaymentBy: values.earlyPaymentBy,
  instalments: values.instalments.map((i) => ({ label: i.label, dueOn: i.dueOn, amountCents: parseEuro(i.amountCents) ?? undefined })),
});

const toInput = (values: PlanValues, seasonId: string, id: string | undefined): SaveFeePlanInput => {
  // only called once the rules passed (formSchema); a failure would have stopped the submit before
  const parsed = saveFeePlanInput.safeParse(checked(values, seasonId, id));
  if (!parsed.success) return checked(values, seasonId, id) as unknown as SaveFeePlanInput;
  return { ...parsed.data, sport: parsed.data.sport ?? null, earlyPaymentBy: parsed.data.earlyPaymentBy ?? null };
};

function valuesOf(plan: EditedPlan | null): PlanValues {
  return {
    name: plan?.name ?? '',
    kind: plan?.kind ?? 'quota_associativa',
    sport: plan?.sport ?? '',
    secondChildPercent: String(plan?.secondChildPercent ?? 0),
    thirdChildPercent: String(plan?.thirdChildPercent ?? 0),
    earlyPaymentPercent: String(plan?.earlyPaymentPercent ?? 0),
    earlyPaymentBy: plan?.earlyPaymentBy ?? '',
    instalments: plan ? plan.instalments.map((i) => ({ label: i.label, dueOn: i.dueOn, amountCents: euroInput(i.amountCents) })) : [{ ...EMPTY_INSTALMENT }],
  };
}

function InstalmentRow({ index, count, onRemove }: { index: number; count: number; onRemove: () => void }) {
  const path = `instalments.${index}` as const;
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" p="3">
      <Fieldset.Root>
        <HStack justify="space-between" gap="2" mb="2">
          <Fieldset.Legend fontWeight="semibold" fontSize="sm">{`Rata ${index + 1}`}</Fieldset.Legend>
          <Button size="xs" variant="outline" colorPalette="red" onClick={onRemove} disabled={count <= 1} aria-label={`Rimuovi la rata ${index + 1}`}>
            Rimuovi
          </Button>
        </HStack>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
          <TextField name={`${path}.label`} label="Nome della rata" required maxLength={100} />
          <TextField name={`${path}.dueOn`} label="Scadenza" type="date" required />
          <TextField name={`${path}.amountCents`} label="Importo (€)" required inputMode="decimal" placeholder="150,00" />
        </SimpleGrid>
      </Fieldset.Root>
    </Box>
  );
}

function InstalmentsField() {
  const { control } = useFormContext<PlanValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'instalments' });
  const error = useFieldError('instalments');
  const ownError = (useFormContext<PlanValues>().formState.errors.instalments as { message?: string } | undefined)?.message;
  return (
    <Stack gap="3">
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Rate">
        {fields.map((f, i) => (
          <InstalmentRow key={f.id} index={i} count={fields.length} onRemove={() => remove(i)} />
        ))}
      </Stack>
      {ownError && error && (
        <Text color="fg.error" fontSize="sm">
          {error}
        </Text>
      )}
      <Box>
        <Button size="sm" variant="outline" disabled={fields.length >= MAX_INSTALMENTS} onClick={() => append({ ...EMPTY_INSTALMENT })}>
          <PlusIcon />
          Aggiungi rata
        </Button>
      </Box>
    </Stack>
  );
}

interface FieldsProps {
  plan: EditedPlan | null;
  seasonId: string;
  formId: string;
  save: (input: SaveFeePlanInput) => Promise<SubmitOutcome>;
  onDirtyChange: (dirty: boolean) => void;
  /** Any edit: a confirmation given for other values no longer holds. */
  onEdit: () => void;
  affected: string[] | null;
}

function FeePlanFields({ plan, seasonId, formId, save, onDirtyChange, onEdit, affected }: FieldsProps) {
  const id = plan?.id;
  const schema = useMemo(
    () =>
      formSchema(
        saveFeePlanInput,
        (values: PlanValues) => toInput(values, seasonId, id),
        (values: PlanValues) => checked(values, seasonId, id),
      ),
    [seasonId, id],
  );
  const form = useSchemaForm(schema, valuesOf(plan));
  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      if (type === 'change') onEdit();
    });
    return () => subscription.unsubscribe();
  }, [form, onEdit]);
  return (
    <SchemaForm id={formId} form={form} onSubmit={save} onDirtyChange={onDirtyChange} aria-label={plan ? `Modifica piano ${plan.name}` : 'Nuovo piano'}>
      {plan && plan.chargedPeople > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {`Il piano è già assegnato a ${peopleCount(plan.chargedPeople)}: una modifica delle rate cambia solo gli addebiti non ancora pagati, e prima di salvarla ti diciamo chi riguarda.`}
        </Text>
      )}
      <TextField name="name" label="Nome del piano" required maxLength={100} helper="Ad esempio: Corso Under 12 2026/27." />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SelectField name="kind" label="Tipo" required options={FEE_KIND_OPTIONS} />
        <TextField name="sport" label="Sport" maxLength={100} helper="Lo sport che le ricevute indicano (es. Pallavolo)." />
      </SimpleGrid>
      <Fieldset.Root borderTopWidth="1px" pt="4">
        <Fieldset.Legend asChild>
          <Heading as="h3" size="sm" fontWeight="semibold" color="fg">
            Rate
          </Heading>
        </Fieldset.Legend>
        <Fieldset.HelperText>Da 1 a {MAX_INSTALMENTS} rate, ognuna con la sua scadenza.</Fieldset.HelperText>
        <Fieldset.Content mt="3">
          <InstalmentsField />
        </Fieldset.Content>
      </Fieldset.Root>
      <Fieldset.Root borderTopWidth="1px" pt="4">
        <Fieldset.Legend asChild>
          <Heading as="h3" size="sm" fontWeight="semibold" color="fg">
            Sconti famiglia
          </Heading>
        </Fieldset.Legend>
        <Fieldset.HelperText>Per i fratelli con lo stesso genitore che paga, dal più grande: percentuale sul totale del piano.</Fieldset.HelperText>
        <Fieldset.Content mt="3">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField name="secondChildPercent" label="Secondo figlio (%)" inputMode="numeric" maxLength={3} />
            <TextField name="thirdChildPercent" label="Dal terzo figlio (%)" inputMode="numeric" maxLength={3} />
          </SimpleGrid>
        </Fieldset.Content>
      </Fieldset.Root>
      <Fieldset.Root borderTopWidth="1px" pt="4">
        <Fieldset.Legend asChild>
          <Heading as="h3" size="sm" fontWeight="semibold" color="fg">
            Pagamento anticipato
          </Heading>
        </Fieldset.Legend>
        <Fieldset.HelperText>
          Chi paga tutto il piano di una persona in un&apos;unica soluzione entro la data ha questo sconto; lo applichiamo quando registri il pagamento. Lascia 0 per nessuno sconto.
        </Fieldset.HelperText>
        <Fieldset.Content mt="3">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField name="earlyPaymentPercent" label="Sconto pagamento anticipato (%)" inputMode="numeric" maxLength={3} />
            <TextField name="earlyPaymentBy" label="Entro il" type="date" />
          </SimpleGrid>
        </Fieldset.Content>
      </Fieldset.Root>
      {affected && (
        <Box role="alert" borderWidth="1px" borderColor="orange.muted" bg="orange.subtle" borderRadius="md" p="3">
          <Text fontWeight="semibold">{`Questa modifica cambia gli addebiti non pagati di: ${affected.join(', ')}.`}</Text>
          <Text fontSize="sm" mt="1">
            Gli addebiti già pagati, anche in parte, restano come sono. Premi «Conferma e salva» per procedere.
          </Text>
        </Box>
      )}
    </SchemaForm>
  );
}

export interface FeePlanDialogProps {
  /** A new plan (null) or the one to edit; the dialog is open while this is not undefined. */
  plan: EditedPlan | null | undefined;
  /** The season a new plan belongs to. */
  seasonId: string;
  onClose: () => void;
}

export function FeePlanDialog({ plan, seasonId, onClose }: FeePlanDialogProps) {
  const open = plan !== undefined;
  const formId = useId();
  const [saveMutation, { loading: sending }] = useMutation(SaveFeePlanMutation, { refetchQueries: ['FeesPage_Plans', 'FeesPage_Overview'], awaitRefetchQueries: true });
  const [dirty, setDirty] = useState(false);
  /** The change previewed and who it reaches: the next submit of the same values saves it. */
  const [confirmation, setConfirmation] = useState<{ key: string; affected: string[] } | null>(null);
  const onEdit = useMemo(() => () => setConfirmation(null), []);

  const close = () => {
    setConfirmation(null);
    onClose();
  };

  const save = async (input: SaveFeePlanInput): Promise<SubmitOutcome> => {
    const key = JSON.stringify(input);
    if (plan && plan.chargedPeople > 0 && confirmation?.key !== key) {
      const preview = readMutationResult((await saveMutation({ variables: { input, dryRun: true } })).data?.saveFeePlan);
      if (!preview.ok) return preview;
      if (preview.data.affected.length) {
        setConfirmation({ key, affected: preview.data.affected });
        return;
      }
    }
    const outcome = readMutationResult((await saveMutation({ variables: { input, dryRun: false } })).data?.saveFeePlan);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    setDirty(false);
    close();
  };

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      size="lg"
      title={plan ? `Modifica piano: ${plan.name}` : 'Nuovo piano'}
      onClose={() => {
        if (!sending) close();
      }}
      footer={
        <HStack gap="3" w="100%" justify="flex-end" wrap="wrap">
          <PanelFormFooter formId={formId} sending={sending} submitLabel={confirmation ? 'Conferma e salva' : 'Salva'} />
        </HStack>
      }
    >
      {open && (
        <FeePlanFields
          key={plan?.id ?? 'nuovo'}
          plan={plan}
          seasonId={plan?.seasonId ?? seasonId}
          formId={formId}
          save={save}
          onDirtyChange={setDirty}
          onEdit={onEdit}
          affected={confirmation?.affected ?? null}
        />
      )}
    </FormDialog>
  );
}

/** A plan's total in a line, "300,00 € in 2 rate". */
export const planTotal = (plan: Pick<EditedPlan, 'totalCents' | 'instalments'>) =>
  `${euro(plan.totalCents)} ${plan.instalments.length === 1 ? 'in una rata' : `in ${plan.instalments.length} rate`}`;
