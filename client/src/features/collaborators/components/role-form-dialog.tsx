// The two forms of the Collaboratori page in a dialog: "Invita collaboratore" (email, role, groups for a coach) and
// "Cambia ruolo" (role, groups). Validated on submit with the shared rules (schema/validation/collaborators.ts); the
// server's messages go under the fields they concern, any other one above the form.
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import type { z } from 'zod';
import { changeCollaboratorRoleInput, inviteCollaboratorInput } from '../../../../../schema/validation/collaborators';
import { PanelFormFooter, SchemaForm, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormDialog } from '../../../components/ui/form-dialog';
import { fieldErrorsFromServer } from '../../../lib/form-errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { ChangeRoleMutation, InviteCollaboratorMutation } from '../collaborator-documents';
import { overRoleInput, RoleFields } from './role-fields';

type Save<T> = (input: T) => Promise<SubmitOutcome>;

const INVITE_FORM = 'invite-collaborator-form';
const inviteForm = overRoleInput(inviteCollaboratorInput);

export function InviteDialog({ open, onClose, onInvited }: { open: boolean; onClose: () => void; onInvited: () => void }) {
  const [invite, { loading: sending }] = useMutation(InviteCollaboratorMutation);
  const [dirty, setDirty] = useState(false);
  const save: Save<z.output<typeof inviteForm>> = async (input) => {
    const result = (await invite({ variables: { input } })).data?.inviteCollaborator;
    const outcome = readMutationResult(result);
    if (!outcome.ok) {
      // An address that already collaborates comes as ConflictError naming the email field.
      const conflict = result?.__typename === 'ConflictError' ? fieldErrorsFromServer(result.fields) : {};
      return { ok: false, message: outcome.message, fieldErrors: { ...outcome.fieldErrors, ...conflict } };
    }
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    onInvited();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      dirty={dirty}
      onClose={() => !sending && onClose()}
      title="Invita collaboratore"
      size="sm"
      footer={<PanelFormFooter formId={INVITE_FORM} sending={sending} submitLabel="Invia invito" sendingLabel="Invio in corso..." />}
    >
      <InviteForm save={save} onDirtyChange={setDirty} />
    </FormDialog>
  );
}

function InviteForm({ save, onDirtyChange }: { save: Save<z.output<typeof inviteForm>>; onDirtyChange: (dirty: boolean) => void }) {
  const form = useSchemaForm(inviteForm, { email: '', role: '', groupIds: [] as string[] });
  // A message already shown under a field is not repeated above the form.
  return (
    <SchemaForm id={INVITE_FORM} form={form} onSubmit={save} onDirtyChange={onDirtyChange} repeatFieldMessage={false}>
      <TextField
        name="email"
        label="Email"
        required
        helper="Riceverà un link valido 7 giorni per unirsi alla società."
        type="email"
        inputMode="email"
        maxLength={254}
        placeholder="nome@esempio.it"
      />
      <RoleFields />
    </SchemaForm>
  );
}

const ROLE_FORM = 'change-role-form';
const roleForm = overRoleInput(changeCollaboratorRoleInput);

export interface RoleTarget {
  id: string;
  name: string;
  role: string;
  groupIds: readonly string[];
}

export function ChangeRoleDialog({ target, onClose, onChanged }: { target: RoleTarget | null; onClose: () => void; onChanged: () => void }) {
  const [change, { loading: sending }] = useMutation(ChangeRoleMutation);
  const [dirty, setDirty] = useState(false);
  const save = (id: string): Save<z.output<typeof roleForm>> => async (input) => {
    const outcome = readMutationResult((await change({ variables: { id, input } })).data?.changeCollaboratorRole);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    onChanged();
    onClose();
  };
  return (
    <FormDialog
      open={target !== null}
      dirty={dirty}
      onClose={() => !sending && onClose()}
      title={`Cambia ruolo di ${target?.name ?? ''}`}
      size="sm"
      footer={<PanelFormFooter formId={ROLE_FORM} sending={sending} sendingLabel="Invio in corso..." />}
    >
      {target && <ChangeRoleForm key={target.id} target={target} onDirtyChange={setDirty} save={save(target.id)} />}
    </FormDialog>
  );
}

function ChangeRoleForm({ target, save, onDirtyChange }: { target: RoleTarget; save: Save<z.output<typeof roleForm>>; onDirtyChange: (dirty: boolean) => void }) {
  const form = useSchemaForm(roleForm, { role: target.role, groupIds: [...target.groupIds] });
  return (
    <SchemaForm id={ROLE_FORM} form={form} onSubmit={save} onDirtyChange={onDirtyChange} repeatFieldMessage={false}>
      <RoleFields />
    </SchemaForm>
  );
}
