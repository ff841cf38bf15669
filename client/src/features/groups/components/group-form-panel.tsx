// New / edit group or category in the side panel (spec §2 Forms, §3 Group/category, §4 form states, §5).
// Groups: name + type (Dirigente, Allenatori, Staff, Socio, Volontario); categories: name only, saved as type athlete.
import { useMutation } from '@apollo/client/react';
import { Button, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { PersonKindKey } from '../../../../../schema/constants';
import { MSG } from '../../../../../schema/messages';
import { saveCategoryInput, saveGroupInput } from '../../../../../schema/validation/registry';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { SelectInput } from '../../../components/ui/select-field';
import { SidePanel } from '../../../components/ui/side-panel';
import { PanelCancelButton } from '../../../components/ui/unsaved-changes';
import { messageOfError } from '../../../lib/errors';
import { fieldErrorsFromServer, validate, type FieldErrors } from '../../../lib/form-errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { useDirtyReport, useIsDirty } from '../../../lib/use-is-dirty';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { SaveGroupMutation } from '../group-documents';
import { GROUP_FORM_TYPES, type GroupListConfig } from '../group-list-config';

export interface EditableGroup {
  id: string;
  name: string;
  type: PersonKindKey;
}

interface GroupFormPanelProps {
  config: GroupListConfig;
  open: boolean;
  /** The group being edited; null for a new one. */
  group: EditableGroup | null;
  onClose: () => void;
  /** After a successful save (the list refetches). */
  onSaved: () => void;
}

const FORM_ID = 'group-form';
const TYPE_OPTIONS = GROUP_FORM_TYPES.map((t) => ({ value: t.key, label: t.name }));

export function GroupFormPanel({ config, open, group, onClose, onSaved }: GroupFormPanelProps) {
  const [saveGroup, { loading: sending }] = useMutation(SaveGroupMutation);
  const [dirty, setDirty] = useState(false);
  return (
    <SidePanel
      open={open}
      dirty={dirty}
      onClose={() => !sending && onClose()}
      title={group ? config.editLabel : config.newLabel}
      footer={
        <>
          <PanelCancelButton disabled={sending}>Annulla</PanelCancelButton>
          <Button type="submit" form={FORM_ID} disabled={sending}>
            {sending ? 'Salvataggio in corso...' : 'Salva'}
          </Button>
        </>
      }
    >
      {/* Keyed by the record: opening another one starts from its own values. */}
      <GroupForm
        key={group?.id ?? 'new'}
        config={config}
        group={group}
        sending={sending}
        onDirtyChange={setDirty}
        save={async (input) => {
          try {
            const { data } = await saveGroup({ variables: { input } });
            const outcome = readMutationResult(data?.saveGroup);
            if (outcome.ok) {
              notify(MESSAGE_LEVEL.success, outcome.data.message);
              onSaved();
              return { ok: true };
            }
            // A name already taken comes as ConflictError with the field it concerns.
            const result = data?.saveGroup;
            const conflictFields = result?.__typename === 'ConflictError' ? fieldErrorsFromServer(result.fields) : {};
            return { ok: false, message: outcome.message, fieldErrors: { ...outcome.fieldErrors, ...conflictFields } };
          } catch (error) {
            return { ok: false, message: messageOfError(error), fieldErrors: {} };
          }
        }}
      />
    </SidePanel>
  );
}

type SaveOutcome = { ok: true } | { ok: false; message: string; fieldErrors: FieldErrors };

interface GroupFormProps {
  config: GroupListConfig;
  group: EditableGroup | null;
  sending: boolean;
  onDirtyChange: (dirty: boolean) => void;
  save: (input: { id?: string | undefined; name: string; type: PersonKindKey }) => Promise<SaveOutcome>;
}

const EMPTY = { name: '', type: '' };

function GroupForm({ config, group, sending, onDirtyChange, save }: GroupFormProps) {
  const [opened] = useState<{ name: string; type: string }>(() => (group ? { name: group.name, type: group.type } : EMPTY));
  const [values, setValues] = useState(opened);
  useDirtyReport(useIsDirty(opened, values), onDirtyChange);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  const fail = (message: string, fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    setFormError(message);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const raw = { id: group?.id, name: values.name, type: values.type };
    // Validation on submit with the shared rules (the server applies the same ones).
    let input: { id?: string | undefined; name: string; type: PersonKindKey };
    if (config.askType) {
      const checked = validate(saveGroupInput, raw);
      if (!checked.ok) return fail(MSG.invalidFields, checked.errors);
      input = { id: checked.data.id, name: checked.data.name, type: checked.data.type };
    } else {
      const checked = validate(saveCategoryInput, raw);
      if (!checked.ok) return fail(MSG.invalidFields, checked.errors);
      input = { id: checked.data.id, name: checked.data.name, type: 'athlete' };
    }
    setErrors({});
    setFormError(undefined);
    const outcome = await save(input);
    // Saved: the owner closes the panel (the values are left as they are, so it does not ask).
    if (outcome.ok) return;
    fail(outcome.message, outcome.fieldErrors);
  }

  return (
    <form id={FORM_ID} noValidate onSubmit={onSubmit}>
      <Stack gap="5">
        <FormAlert message={formError} />
        <FormField label="Nome" required error={errors.name}>
          <Input
            name="name"
            value={values.name}
            onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
            autoComplete="off"
            maxLength={100}
            placeholder={config.askType ? 'Es. Direttivo' : 'Es. Under 12'}
          />
        </FormField>
        {config.askType && (
          <FormField label="Tipologia" required error={errors.type}>
            <SelectInput
              name="type"
              value={values.type}
              onChange={(e) => setValues((v) => ({ ...v, type: e.target.value }))}
              options={TYPE_OPTIONS}
              placeholder="Seleziona la tipologia"
            />
          </FormField>
        )}
      </Stack>
    </form>
  );
}
