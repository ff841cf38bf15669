// /quote/impostazioni, "Promemoria delle quote" (issue 37 point 4): whether CampoBase mails whoever pays a reminder
// of the charges still open, on which days from the due date (1 to 6 rows: "7 giorni prima della scadenza", "il
// giorno della scadenza", "30 giorni dopo la scadenza"), and in which words (the default text prefilled; the
// placeholders explained; the default again when left as it is or emptied). Checked with the server's rules first
// (schema/validation/fees.ts feeReminderSettingsInput); the messages about one day go under its row, those about the
// days together under the list, the text's under the text. Saved with its own button (fees.write).
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Fieldset, Flex, Grid, Heading, HStack, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FEE_REMINDER_PLACEHOLDERS, feeReminderSettingsInput } from '../../../../../schema/validation/fees';
import { SchemaForm, SelectField, TextareaField, useFieldError, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { PlusIcon } from '../../../components/icons';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import type { FeeReminderSettingsInput, FeeSettingsPage_RemindersQuery } from '../../../gql/graphql';
import type { FieldErrors } from '../../../lib/form-errors';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { FeeReminderSettingsQuery, UpdateFeeRemindersMutation } from '../fees-documents';
import { REMINDER_WHEN_OPTIONS, reminderDayLabel, reminderDaysSentence, reminderOffsetOf, reminderRowOf, type ReminderRow } from '../fees-labels';

type Settings = FeeSettingsPage_RemindersQuery['feeReminderSettings'];

const MAX_DAYS = 6;
/** Where the messages about the days together go (the list has no control of its own). */
const DAYS_LIST = 'daysList';

interface ReminderValues {
  enabled: boolean;
  days: ReminderRow[];
  template: string;
  /** Never typed: holds the message about the days together. */
  daysList?: string;
}

const PLACEHOLDER_MEANING: Record<(typeof FEE_REMINDER_PLACEHOLDERS)[number], string> = {
  '{destinatario}': 'il nome di chi riceve il promemoria',
  '{elenco}': "l'elenco delle quote da versare, una per riga, con importo e scadenza (obbligatorio)",
  '{totale}': 'la somma da versare',
  '{societa}': 'il nome della società',
};

/** The server's path of a message about the days ("days", "days.2") as the form's: under the row, or under the list. */
const formPath = (path: string) => (path === 'days' ? DAYS_LIST : /^days\.\d+$/.test(path) ? `${path}.days` : path);

function rowsOf(days: readonly number[]): ReminderRow[] {
  return [...days].sort((a, b) => a - b).map(reminderRowOf);
}

/** The text sent: unchanged from the default (or emptied) is the default, so a better default reaches the club too. */
const templateOf = (text: string, defaultTemplate: string) => (text.trim() === defaultTemplate.trim() ? '' : text.trim());

function remindersSchema(defaultTemplate: string) {
  return z
    .custom<ReminderValues>()
    .superRefine((values, ctx) => {
      const result = feeReminderSettingsInput.safeParse({ enabled: values.enabled, days: values.days.map(reminderOffsetOf), template: values.template });
      if (!result.success) for (const { path, message } of result.error.issues) ctx.addIssue({ code: 'custom', path: formPath(path.join('.')).split('.'), message });
    })
    .transform((values): FeeReminderSettingsInput => ({ enabled: values.enabled, days: values.days.map(reminderOffsetOf), template: templateOf(values.template, defaultTemplate) }));
}

/**
 * One day of the reminders: how many days and whether before or after the due date (or the day itself), the day in
 * words below; a message about it goes below the whole row (the number's field is too narrow to hold it), tied to
 * the number's field.
 */
function DayRow({ index, count, readOnly, onRemove }: { index: number; count: number; readOnly: boolean; onRemove: () => void }) {
  const { control, register, setValue } = useFormContext<ReminderValues>();
  const row = useWatch({ control, name: `days.${index}` });
  const error = useFieldError(`days.${index}.days`);
  const errorId = useId();
  const offset = row ? reminderOffsetOf(row) : Number.NaN;
  const sameDay = row?.when === 'giorno';
  // the day itself has no number: the one typed before goes (the field shows a dash)
  useEffect(() => {
    if (sameDay && row.days) setValue(`days.${index}.days`, '', { shouldDirty: true });
  }, [sameDay, row?.days, index, setValue]);
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" p="3" aria-label={`Promemoria ${index + 1}`}>
      <Grid
        gap="3"
        alignItems="end"
        templateColumns={{ base: '6rem minmax(0, 1fr)', sm: '6rem minmax(0, 1fr) auto' }}
        templateAreas={{ base: '"days remove" "when when"', sm: '"days when remove"' }}
      >
        <Box gridArea="days">
          <FormField label="Giorni" invalid={Boolean(error)} readOnly={readOnly}>
            <Input
              autoComplete="off"
              inputMode="numeric"
              maxLength={3}
              disabled={sameDay}
              placeholder={sameDay ? '—' : '7'}
              aria-describedby={error ? errorId : undefined}
              {...register(`days.${index}.days`)}
            />
          </FormField>
        </Box>
        <Box gridArea="when" minW="0">
          <SelectField name={`days.${index}.when`} label="Quando" options={REMINDER_WHEN_OPTIONS} placeholder="" readOnly={readOnly} />
        </Box>
        {!readOnly && (
          <Box gridArea="remove" justifySelf="end">
            <Button size="sm" variant="outline" colorPalette="red" onClick={onRemove} disabled={count <= 1} aria-label={`Rimuovi il promemoria ${index + 1}`}>
              Rimuovi
            </Button>
          </Box>
        )}
      </Grid>
      {error ? (
        <Text id={errorId} fontSize="sm" color="fg.error" mt="2">
          {error}
        </Text>
      ) : (
        feeReminderSettingsInput.shape.days.safeParse([offset]).success && (
          <Text fontSize="sm" color="fg.muted" mt="2">
            {`Inviato ${reminderDayLabel(offset)}.`}
          </Text>
        )
      )}
    </Box>
  );
}

function DaysField({ readOnly }: { readOnly: boolean }) {
  const { control } = useFormContext<ReminderValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'days' });
  const listError = useFieldError(DAYS_LIST);
  const rows = useWatch({ control, name: 'days' });
  const offsets = (rows ?? []).map(reminderOffsetOf);
  // said in words while the rule holds (each day within its bounds, none twice)
  const sentence = feeReminderSettingsInput.shape.days.safeParse(offsets).success ? reminderDaysSentence(offsets) : '';
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="medium" fontSize="sm">
        Quando inviarli
      </Fieldset.Legend>
      <Fieldset.HelperText>{`Da 1 a ${MAX_DAYS} giorni, da 60 giorni prima a 120 giorni dopo la scadenza di ogni rata, finché resta da pagare.`}</Fieldset.HelperText>
      <Fieldset.Content mt="2" gap="3">
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Giorni dei promemoria">
          {fields.map((f, i) => (
            <DayRow key={f.id} index={i} count={fields.length} readOnly={readOnly} onRemove={() => remove(i)} />
          ))}
        </Stack>
        {listError && (
          <Text color="fg.error" fontSize="sm">
            {listError}
          </Text>
        )}
        <HStack gap="3" wrap="wrap" justify="space-between">
          {!readOnly && (
            <Button size="sm" variant="outline" disabled={fields.length >= MAX_DAYS} onClick={() => append({ when: 'dopo', days: '' })}>
              <PlusIcon />
              Aggiungi un giorno
            </Button>
          )}
          {sentence && (
            <Text fontSize="sm" fontWeight="medium">
              {`Promemoria ${sentence}.`}
            </Text>
          )}
        </HStack>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}

function Placeholders() {
  return (
    <Box fontSize="sm" bg="bg.subtle" borderRadius="md" px="3" py="2">
      <Text fontWeight="medium" mb="1">
        Le parole tra parentesi graffe diventano, in ogni messaggio:
      </Text>
      <Stack as="dl" gap="1">
        {FEE_REMINDER_PLACEHOLDERS.map((p) => (
          <Flex key={p} gap="2" wrap="wrap">
            <Text as="dt" fontFamily="mono" fontWeight="semibold">
              {p}
            </Text>
            <Text as="dd" m="0" color="fg.muted">
              {PLACEHOLDER_MEANING[p]}
            </Text>
          </Flex>
        ))}
      </Stack>
    </Box>
  );
}

function RemindersForm({ settings, readOnly }: { settings: Settings; readOnly: boolean }) {
  const [save] = useMutation(UpdateFeeRemindersMutation);
  const schema = useMemo(() => remindersSchema(settings.defaultTemplate), [settings.defaultTemplate]);
  const valuesOf = (s: Settings): ReminderValues => ({ enabled: s.enabled, days: rowsOf(s.days), template: s.template ?? s.defaultTemplate });
  const form = useSchemaForm(schema, valuesOf(settings));
  const sending = form.formState.isSubmitting;

  async function onSubmit(input: FeeReminderSettingsInput): Promise<SubmitOutcome> {
    const outcome = readMutationResult((await save({ variables: { input } })).data?.updateFeeReminders);
    if (!outcome.ok) {
      const fieldErrors: FieldErrors = {};
      for (const [path, message] of Object.entries(outcome.fieldErrors)) fieldErrors[formPath(path)] ??= message;
      return { ...outcome, fieldErrors };
    }
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    form.reset(valuesOf(outcome.data.settings));
  }

  return (
    <SchemaForm form={form} onSubmit={onSubmit} gap="5" readOnly={readOnly} aria-label="Promemoria delle quote">
      <Controller
        name="enabled"
        control={form.control}
        render={({ field }) => (
          <Switch.Root name={field.name} checked={field.value} onCheckedChange={(d) => field.onChange(d.checked)} colorPalette="brand" disabled={readOnly}>
            <Switch.HiddenInput ref={field.ref} onBlur={field.onBlur} />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>Invia i promemoria delle quote</Switch.Label>
          </Switch.Root>
        )}
      />
      <DaysField readOnly={readOnly} />
      <Stack gap="2">
        <TextareaField name="template" label="Testo del promemoria" rows={10} maxLength={3000} readOnly={readOnly} helper="Lascia il testo proposto, o scrivi il tuo: deve contenere {elenco}. Svuotato, torna quello proposto." />
        {!readOnly && (
          <Box>
            <Button size="xs" variant="ghost" onClick={() => form.setValue('template', settings.defaultTemplate, { shouldDirty: true, shouldValidate: form.getFieldState('template').invalid })}>
              Ripristina il testo proposto
            </Button>
          </Box>
        )}
        <Placeholders />
      </Stack>
      {!readOnly && (
        <Flex justify="flex-end">
          <Button type="submit" loading={sending} loadingText="Salvataggio in corso..." w={{ base: 'full', sm: 'auto' }}>
            Salva promemoria
          </Button>
        </Flex>
      )}
    </SchemaForm>
  );
}

export function FeeRemindersSettings({ mayWrite }: { mayWrite: boolean }) {
  const { data, error, refetch } = useQuery(FeeReminderSettingsQuery, { fetchPolicy: 'network-only' });
  return (
    <Box as="section" aria-labelledby="quote-impostazioni-promemoria" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }} minW="0">
      <Stack gap="4">
        <Stack gap="1">
          <Heading as="h2" id="quote-impostazioni-promemoria" size="md">
            Promemoria delle quote
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            CampoBase invia per email a chi paga (per i minori, al genitore che paga) un promemoria delle rate ancora da pagare, nei giorni scelti rispetto
            alla scadenza. Le rate dello stesso giorno vanno in un solo messaggio; una rata pagata o annullata non viene più ricordata.
          </Text>
        </Stack>
        {data ? (
          <RemindersForm settings={data.feeReminderSettings} readOnly={!mayWrite} />
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
