// "Ore di silenzio" on /avvisi (issue 39 point 2): the club's quiet hours, when a normal notice waits for the morning
// (an urgent one never waits). Everyone with the notices reads them; the owner and the admin (club.write) change them
// in a dialog: start and end (HH:MM, Rome's wall clock), or none. The shared rule's messages under the fields.
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Flex, Heading, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { minuteLabel } from '../../../../../schema/notice-schedule';
import { noticeSettingsInput } from '../../../../../schema/validation/notices';
import { formSchema, PanelFormFooter, SchemaForm, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormDialog } from '../../../components/ui/form-dialog';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/use-access';
import { parseClockTime } from '../notices-labels';
import { NoticeSettingsQuery, SaveNoticeSettingsMutation } from '../notices-documents';
import { quietLabel, quietOf } from '../notice-when';

interface Values {
  enabled: boolean;
  quietStart: string;
  quietEnd: string;
}

const toInput = (v: Values) => (v.enabled ? { quietStart: parseClockTime(v.quietStart), quietEnd: parseClockTime(v.quietEnd) } : { quietStart: null, quietEnd: null });
const settingsSchema = formSchema(noticeSettingsInput, toInput, toInput);
const FORM_ID = 'ore-di-silenzio';

function QuietHoursForm({ values, onDone }: { values: Values; onDone: () => void }) {
  const [save] = useMutation(SaveNoticeSettingsMutation, { refetchQueries: ['Notices_Settings'], awaitRefetchQueries: true });
  const form = useSchemaForm(settingsSchema, values);
  const enabled = useWatch({ control: form.control, name: 'enabled' });
  async function onSubmit(input: ReturnType<typeof toInput>): Promise<SubmitOutcome> {
    try {
      const outcome = readMutationResult((await save({ variables: { input } })).data?.saveNoticeSettings);
      if (!outcome.ok) return outcome;
      notify(MESSAGE_LEVEL.success, outcome.data.message ?? '');
      onDone();
    } catch (error) {
      return { ok: false, message: messageOfError(error), fieldErrors: {} };
    }
  }
  return (
    <SchemaForm form={form} onSubmit={onSubmit} id={FORM_ID} gap="4" aria-label="Ore di silenzio">
      <Text fontSize="sm" color="fg.muted">
        Nelle ore di silenzio gli avvisi non urgenti aspettano e partono alla fine (es. alle 07:00). Gli avvisi urgenti partono sempre subito.
      </Text>
      <Controller
        name="enabled"
        control={form.control}
        render={({ field }) => (
          <Switch.Root name={field.name} checked={field.value} onCheckedChange={(d) => field.onChange(d.checked)} colorPalette="brand">
            <Switch.HiddenInput ref={field.ref} onBlur={field.onBlur} />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>Usa le ore di silenzio</Switch.Label>
          </Switch.Root>
        )}
      />
      {enabled && (
        <SimpleGrid columns={2} gap="3">
          <TextField name="quietStart" label="Dalle" placeholder="22:00" inputMode="numeric" maxLength={5} helper="Ora italiana (HH:MM)" />
          <TextField name="quietEnd" label="Alle" placeholder="07:00" inputMode="numeric" maxLength={5} />
        </SimpleGrid>
      )}
    </SchemaForm>
  );
}

export function QuietHoursSection() {
  const access = useAccess();
  const canEdit = access.can('club.write');
  const [open, setOpen] = useState(false);
  const { data, error } = useQuery(NoticeSettingsQuery, { fetchPolicy: 'cache-and-network' });
  const settings = data?.noticeSettings;
  const quiet = quietOf(settings);
  const text = !settings
    ? error
      ? messageOfError(error)
      : 'Caricamento...'
    : quiet
      ? `${quietLabel(quiet)}: gli avvisi non urgenti scritti in queste ore partono alle ${minuteLabel(quiet.end)}. Gli urgenti partono subito.`
      : 'Nessuna: gli avvisi partono sempre all’ora scelta.';
  return (
    <Box as="section" aria-labelledby="ore-di-silenzio-titolo" bg="bg" borderWidth="1px" borderRadius="xl" px={{ base: '3', md: '4' }} py="3">
      <Flex gap="3" justify="space-between" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <Stack gap="0.5" minW="0">
          <Heading as="h2" size="sm" id="ore-di-silenzio-titolo">
            Ore di silenzio
          </Heading>
          <Text fontSize="sm" color={error && !settings ? 'fg.error' : 'fg.muted'} aria-live="polite">
            {text}
          </Text>
        </Stack>
        {canEdit && settings && (
          <Button size="sm" variant="outline" flexShrink={0} onClick={() => setOpen(true)} aria-label="Modifica le ore di silenzio">
            Modifica
          </Button>
        )}
      </Flex>
      {canEdit && settings && (
        <FormDialog open={open} title="Ore di silenzio" onClose={() => setOpen(false)} size="sm" footer={<PanelFormFooter formId={FORM_ID} sending={false} submitLabel="Salva" />}>
          <QuietHoursForm
            values={{ enabled: Boolean(quiet), quietStart: minuteLabel(quiet?.start ?? 1320), quietEnd: minuteLabel(quiet?.end ?? 420) }}
            onDone={() => setOpen(false)}
          />
        </FormDialog>
      )}
    </Box>
  );
}
