// "Registra" on the person page's "Consensi privacy" (issue 36 point 2): one purpose, fixed; "Dato" or "Negato";
// the day it was given (today by default); and, for a minor, who gave it ("Dato da": one of the person's guardians,
// or the person themselves from 14 where the law allows). The shared rules check the form first; the server's
// messages go under their fields (givenById, givenOn), a refusal of the whole (no notice published yet) above them.
import { useMutation, useQuery } from '@apollo/client/react';
import { Fieldset, Flex, HStack, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { clubDate } from '../../../../../schema/club-time';
import { CONSENT_PURPOSE_LABELS, recordConsentInput } from '../../../../../schema/validation/consents';
import { formSchema, PanelFormFooter, SchemaForm, SelectField, TextField, useFieldError, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { ConsentGiver, ConsentPurpose, RecordConsentInput } from '../../../gql/graphql';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { CONSENT_GIVER_LABELS, fullName } from '../../../lib/consent-labels';
import { ConsentGuardiansQuery, RecordConsentMutation } from '../consents-documents';

/** The purpose being recorded and who answers for it today. */
export interface RecordedPurpose {
  purpose: ConsentPurpose;
  giver: ConsentGiver;
}

interface ConsentValues {
  /** '' none chosen, 'true' given, 'false' refused. */
  granted: string;
  givenOn: string;
  /** A guardian's person id, SELF for the person themselves, '' none chosen. */
  givenById: string;
}

const SELF = 'self';

const consentFormSchema = (personId: string, purpose: ConsentPurpose) => {
  const checked = (v: ConsentValues) => ({ personId, purpose, granted: v.granted, givenOn: v.givenOn, givenById: v.givenById === SELF ? '' : v.givenById });
  const toInput = (v: ConsentValues): RecordConsentInput => {
    const input: RecordConsentInput = { personId, purpose, granted: v.granted === 'true', givenOn: v.givenOn };
    if (v.givenById && v.givenById !== SELF) input.givenById = v.givenById;
    return input;
  };
  return formSchema(recordConsentInput, toInput, checked);
};

function AnswerField() {
  const error = useFieldError('granted');
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        Risposta
      </Fieldset.Legend>
      <Controller
        name="granted"
        render={({ field }) => (
          <RadioGroup.Root name={field.name} value={field.value as string} onValueChange={(d) => d.value && field.onChange(d.value)} colorPalette="brand">
            <Flex gap="5" wrap="wrap" pt="1">
              {[
                { value: 'true', label: 'Dato' },
                { value: 'false', label: 'Negato' },
              ].map((o) => (
                <RadioGroup.Item key={o.value} value={o.value}>
                  <RadioGroup.ItemHiddenInput ref={field.ref} onBlur={field.onBlur} />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Flex>
          </RadioGroup.Root>
        )}
      />
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}

interface FormProps {
  personId: string;
  recorded: RecordedPurpose;
  formId: string;
  save: (input: RecordConsentInput) => Promise<SubmitOutcome>;
  onDirtyChange: (dirty: boolean) => void;
}

function ConsentForm({ personId, recorded, formId, save, onDirtyChange }: FormProps) {
  const schema = useMemo(() => consentFormSchema(personId, recorded.purpose), [personId, recorded.purpose]);
  const form = useSchemaForm(schema, { granted: '', givenOn: clubDate(new Date()), givenById: '' } satisfies ConsentValues);
  const askGiver = recorded.giver !== 'self';
  const guardians = useQuery(ConsentGuardiansQuery, { variables: { personId }, skip: !askGiver, fetchPolicy: 'cache-and-network' });
  const giverOptions = [
    ...(recorded.giver === 'either' ? [{ value: SELF, label: 'La persona stessa' }] : []),
    ...(guardians.data?.personFamily?.guardians ?? []).map((g) => ({ value: g.guardian.personId, label: fullName(g.guardian) })),
  ];
  const noGuardian = askGiver && guardians.data && !guardians.data.personFamily?.guardians.length;
  return (
    <SchemaForm id={formId} form={form} onDirtyChange={onDirtyChange} onSubmit={save} repeatFieldMessage={false}>
      <AnswerField />
      <TextField name="givenOn" label="Data" required type="date" />
      {askGiver && (
        <SelectField
          name="givenById"
          label="Dato da"
          required={recorded.giver === 'guardian'}
          options={giverOptions}
          placeholder="Scegli chi lo dà"
          helper={noGuardian ? 'Nessun genitore o tutore registrato: aggiungilo in "Genitori e tutori".' : undefined}
        />
      )}
    </SchemaForm>
  );
}

export interface ConsentRecordDialogProps {
  /** The purpose to record; the dialog is open while this is not null. */
  recorded: RecordedPurpose | null;
  personId: string;
  personName: string;
  onClose: () => void;
}

export function ConsentRecordDialog({ recorded, personId, personName, onClose }: ConsentRecordDialogProps) {
  const formId = useId();
  const [dirty, setDirty] = useState(false);
  const [record, { loading: sending }] = useMutation(RecordConsentMutation, { refetchQueries: ['PersonConsents_Consents', 'PersonChanges_List'], awaitRefetchQueries: true });

  const save = async (input: RecordConsentInput): Promise<SubmitOutcome> => {
    const outcome = readMutationResult((await record({ variables: { input } })).data?.recordConsent);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    onClose();
  };

  return (
    <FormDialog
      open={recorded !== null}
      dirty={dirty}
      title={recorded ? `Registra consenso: ${CONSENT_PURPOSE_LABELS[recorded.purpose]}` : ''}
      onClose={() => {
        if (!sending) onClose();
      }}
      footer={
        <HStack gap="3" w="100%" justify="flex-end">
          <PanelFormFooter formId={formId} sending={sending} submitLabel="Registra" />
        </HStack>
      }
    >
      {recorded && (
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            {`Di ${personName}. Risponde oggi: ${CONSENT_GIVER_LABELS[recorded.giver].toLowerCase()}.`}
          </Text>
          <ConsentForm personId={personId} recorded={recorded} formId={formId} save={save} onDirtyChange={setDirty} />
        </Stack>
      )}
    </FormDialog>
  );
}
