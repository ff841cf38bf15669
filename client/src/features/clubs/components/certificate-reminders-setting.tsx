// /impostazioni, "Promemoria certificati" (issue 14): whether CampoBase mails a reminder before an athlete's medical
// certificate expires, and how many days before (0 = the day itself); saved with its own button, checked with the
// server's rules first (the form layer). Below, for who reads health data, the latest reminders and whether each
// went out.
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Heading, Stack, Switch, Text } from '@chakra-ui/react';
import { Controller, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { SchemaForm, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormAlert } from '../../../components/ui/form-alert';
import { graphql } from '../../../gql';
import type { CertificateReminders_SettingsQuery } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/use-access';
import { describeReminderDays, formatReminderDays, reminderFieldErrors, reminderForm, validateReminders } from '../reminder-days';

const RemindersQuery = graphql(`
  query CertificateReminders_Settings($withLog: Boolean!) {
    club {
      id
      certificateReminders {
        enabled
        days
      }
    }
    certificateReminderLog(first: 10) @include(if: $withLog) {
      id
      day
      daysBefore
      recipient
      sentAt
      error
      expiresOn
      personName
    }
  }
`);

const UpdateRemindersMutation = graphql(`
  mutation CertificateReminders_Update($input: CertificateRemindersInput!) {
    updateCertificateReminders(input: $input) {
      __typename
      ... on MutationUpdateCertificateRemindersSuccess {
        data {
          message
          club {
            id
            certificateReminders {
              enabled
              days
            }
          }
        }
      }
      ...MutationError
    }
  }
`);

type Settings = CertificateReminders_SettingsQuery['club']['certificateReminders'];
type LogEntry = NonNullable<CertificateReminders_SettingsQuery['certificateReminderLog']>[number];

const italianDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const WHEN = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' });

function RemindersForm({ settings }: { settings: Settings }) {
  const [save] = useMutation(UpdateRemindersMutation);
  const form = useSchemaForm(reminderForm, { enabled: settings.enabled, days: formatReminderDays(settings.days) });
  const sending = form.formState.isSubmitting;
  // The helper says the days in words while they are valid (the same check as on saving).
  const [enabled, daysText] = useWatch({ control: form.control, name: ['enabled', 'days'] });
  const checked = validateReminders(enabled, daysText);

  async function onSubmit(input: z.output<typeof reminderForm>): Promise<SubmitOutcome> {
    const result = await save({ variables: { input } });
    const outcome = readMutationResult(result.data?.updateCertificateReminders);
    if (!outcome.ok) return { ...outcome, fieldErrors: reminderFieldErrors(outcome.fieldErrors) };
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    form.reset({ enabled: input.enabled ?? enabled, days: formatReminderDays(outcome.data.club.certificateReminders.days) });
  }

  return (
    <SchemaForm form={form} onSubmit={onSubmit} gap="4">
      <Controller
        name="enabled"
        control={form.control}
        render={({ field }) => (
          <Switch.Root name={field.name} checked={field.value} onCheckedChange={(d) => field.onChange(d.checked)} colorPalette="brand">
            <Switch.HiddenInput ref={field.ref} onBlur={field.onBlur} />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>Invia i promemoria</Switch.Label>
          </Switch.Root>
        )}
      />
      <TextField
        name="days"
        label="Giorni prima della scadenza"
        helper={`Da 1 a 6 numeri separati da virgole; 0 è il giorno della scadenza.${checked.ok && enabled ? ` Promemoria ${describeReminderDays(checked.days)}.` : ''}`}
        inputMode="numeric"
        maxW="xs"
        disabled={!enabled}
      />
      <Flex justify="flex-end">
        <Button type="submit" loading={sending} loadingText="Salvataggio in corso..." w={{ base: 'full', sm: 'auto' }}>
          Salva promemoria
        </Button>
      </Flex>
    </SchemaForm>
  );
}

function entryStatus(entry: LogEntry): { label: string; palette: string } {
  if (entry.sentAt) return { label: `Inviato ${WHEN.format(new Date(entry.sentAt))}`, palette: 'green' };
  if (!entry.recipient) return { label: 'Senza email: nel riepilogo allo staff', palette: 'gray' };
  if (entry.error) return { label: 'Non inviato: nuovo tentativo in corso', palette: 'red' };
  return { label: 'In invio', palette: 'orange' };
}

function ReminderLog({ entries }: { entries: readonly LogEntry[] }) {
  return (
    <Box borderTopWidth="1px" pt="4">
      <Heading as="h3" size="sm" mb="3">
        Ultimi promemoria
      </Heading>
      {entries.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Nessun promemoria inviato finora.
        </Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {entries.map((entry) => {
            const status = entryStatus(entry);
            return (
              <Flex as="li" key={entry.id} justify="space-between" align="flex-start" gap="2" wrap="wrap" fontSize="sm">
                <Stack gap="0" minW="0" flex="1 1 14rem">
                  <Text fontWeight="medium">{entry.personName}</Text>
                  <Text color="fg.muted" overflowWrap="anywhere">
                    Scadenza {italianDay(entry.expiresOn)} · {entry.daysBefore === 0 ? 'il giorno stesso' : `${entry.daysBefore} ${entry.daysBefore === 1 ? 'giorno' : 'giorni'} prima`}
                    {entry.recipient ? ` · a ${entry.recipient}` : ''}
                  </Text>
                </Stack>
                <Badge colorPalette={status.palette} variant="subtle" whiteSpace="normal" title={entry.error ?? undefined}>
                  {status.label}
                </Badge>
              </Flex>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}

export function CertificateRemindersSetting() {
  // Who was written to, about which certificate, is health data: the log only for who reads it.
  const withLog = useAccess().can('health.read');
  const { data, error, refetch } = useQuery(RemindersQuery, { variables: { withLog }, fetchPolicy: 'network-only' });
  return (
    <Box as="section" aria-labelledby="settings-certificate-reminders" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
      <Stack gap="4">
        <Stack gap="1">
          <Heading as="h2" id="settings-certificate-reminders" size="md">
            Promemoria certificati
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Prima che scada il certificato medico di un atleta, CampoBase invia un promemoria al suo indirizzo email (per i minori è rivolto a
            chi ne ha la responsabilità) e un riepilogo giornaliero a chi nella società gestisce i dati sanitari.
          </Text>
        </Stack>
        {data ? (
          <>
            <RemindersForm key={data.club.id} settings={data.club.certificateReminders} />
            {data.certificateReminderLog && <ReminderLog entries={data.certificateReminderLog} />}
          </>
        ) : error ? (
          <Stack gap="2" align="flex-start">
            <FormAlert message={messageOfError(error)} />
            <Button size="xs" variant="outline" onClick={() => void refetch()}>
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
