// New / edit group or category in the side panel (spec §2 Forms, §3 Group/category, §4 form states, §5).
// Groups: name + type (Dirigente, Allenatori, Staff, Socio, Volontario); categories: name only, saved as type athlete.
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import type { PersonKindKey } from '../../../../../schema/constants';
import { saveGroupInput } from '../../../../../schema/validation/registry';
import { PanelFormFooter, SchemaForm, SelectField, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { SidePanel } from '../../../components/ui/side-panel';
import { fieldErrorsFromServer } from '../../../lib/form-errors';
import { readMutationResult } from '../../../lib/mutation-result';
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

type SaveGroup = (input: { id?: string | undefined; name: string; type: PersonKindKey }) => Promise<SubmitOutcome>;

export function GroupFormPanel({ config, open, group, onClose, onSaved }: GroupFormPanelProps) {
  const [saveGroup, { loading: sending }] = useMutation(SaveGroupMutation);
  const [dirty, setDirty] = useState(false);
  const save: SaveGroup = async (input) => {
    const { data } = await saveGroup({ variables: { input } });
    const outcome = readMutationResult(data?.saveGroup);
    if (outcome.ok) {
      notify(MESSAGE_LEVEL.success, outcome.data.message);
      onSaved();
      return;
    }
    // A name already taken comes as ConflictError with the field it concerns.
    const result = data?.saveGroup;
    const conflictFields = result?.__typename === 'ConflictError' ? fieldErrorsFromServer(result.fields) : {};
    return { ok: false, message: outcome.message, fieldErrors: { ...outcome.fieldErrors, ...conflictFields } };
  };
  return (
    <SidePanel
      open={open}
      dirty={dirty}
      onClose={() => !sending && onClose()}
      title={group ? config.editLabel : config.newLabel}
      footer={<PanelFormFooter formId={FORM_ID} sending={sending} />}
    >
      {/* Keyed by the record: opening another one starts from its own values. */}
      <GroupForm key={group?.id ?? 'new'} config={config} group={group} onDirtyChange={setDirty} save={save} />
    </SidePanel>
  );
}

interface GroupFormProps {
  config: GroupListConfig;
  group: EditableGroup | null;
  onDirtyChange: (dirty: boolean) => void;
  save: SaveGroup;
}

function GroupForm({ config, group, onDirtyChange, save }: GroupFormProps) {
  // A category is a group of athletes with only a name: its type is set, not asked.
  const form = useSchemaForm(saveGroupInput, {
    id: group?.id ?? '',
    name: group?.name ?? '',
    type: group?.type ?? (config.askType ? '' : 'athlete'),
  });
  // Saved: the owner closes the panel (the values are left as they are, so it does not ask).
  return (
    <SchemaForm id={FORM_ID} form={form} onDirtyChange={onDirtyChange} onSubmit={({ id, name, type }) => save({ id, name, type })}>
      <TextField name="name" label="Nome" required maxLength={100} placeholder={config.askType ? 'Es. Direttivo' : 'Es. Under 12'} />
      {config.askType && <SelectField name="type" label="Tipologia" required options={TYPE_OPTIONS} placeholder="Seleziona la tipologia" />}
    </SchemaForm>
  );
}
