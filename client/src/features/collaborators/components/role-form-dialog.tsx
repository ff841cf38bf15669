// The two forms of the Collaboratori page in a dialog: "Invita collaboratore" (email, role, groups for a coach) and
// "Cambia ruolo" (role, groups). Validated on submit with the shared rules (schema/validation/collaborators.ts); the
// server's messages go under the fields they concern, any other one above the form.
import { useMutation } from '@apollo/client/react';
import { Button, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { MSG } from '../../../../../schema/messages';
import { changeCollaboratorRoleInput, inviteCollaboratorInput } from '../../../../../schema/validation/collaborators';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormDialog } from '../../../components/ui/form-dialog';
import { PanelCancelButton } from '../../../components/ui/unsaved-changes';
import { FormField } from '../../../components/ui/form-field';
import type { CollaboratorRole } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { fieldErrorsFromServer, validate, type FieldErrors, type Validated } from '../../../lib/form-errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { useDirtyReport, useIsDirty } from '../../../lib/use-is-dirty';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { ChangeRoleMutation, InviteCollaboratorMutation } from '../collaborator-documents';
import { RoleFields, roleInput, type RoleValues } from './role-fields';

type SaveOutcome = { ok: true; message: string } | { ok: false; message: string; fieldErrors: FieldErrors };

/** The form's state and its error layout: a message already shown under a field is not repeated above the form. */
function useRoleForm(initial: RoleValues & { email: string }, onDirtyChange: (dirty: boolean) => void) {
  const [values, setValues] = useState(initial);
  useDirtyReport(useIsDirty(initial, values), onDirtyChange);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const fail = (message: string, fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    setFormError(Object.values(fieldErrors).includes(message) ? undefined : message);
  };
  /** Checked by the shared rule, then saved: the server's refusals land under the fields like the local ones. */
  async function submit<T>(checked: Validated<T>, save: (data: T) => Promise<SaveOutcome>, onSaved: (message: string) => void) {
    if (!checked.ok) return fail(MSG.invalidFields, checked.errors);
    setErrors({});
    setFormError(undefined);
    const outcome = await save(checked.data);
    if (outcome.ok) onSaved(outcome.message);
    else fail(outcome.message, outcome.fieldErrors);
  }
  return { values, setValues, errors, formError, submit };
}

async function run(save: () => Promise<SaveOutcome>): Promise<SaveOutcome> {
  try {
    return await save();
  } catch (error) {
    return { ok: false, message: messageOfError(error), fieldErrors: {} };
  }
}

function Footer({ formId, sending, label }: { formId: string; sending: boolean; label: string }) {
  return (
    <>
      <PanelCancelButton disabled={sending}>Annulla</PanelCancelButton>
      <Button type="submit" form={formId} loading={sending} loadingText="Invio in corso...">
        {label}
      </Button>
    </>
  );
}

const INVITE_FORM = 'invite-collaborator-form';

export function InviteDialog({ open, onClose, onInvited }: { open: boolean; onClose: () => void; onInvited: () => void }) {
  const [invite, { loading: sending }] = useMutation(InviteCollaboratorMutation);
  const [dirty, setDirty] = useState(false);
  const close = () => !sending && onClose();
  return (
    <FormDialog
      open={open}
      dirty={dirty}
      onClose={close}
      title="Invita collaboratore"
      size="sm"
      footer={<Footer formId={INVITE_FORM} sending={sending} label="Invia invito" />}
    >
      <InviteForm
        sending={sending}
        onDirtyChange={setDirty}
        save={(input) =>
          run(async () => {
            const result = (await invite({ variables: { input } })).data?.inviteCollaborator;
            const outcome = readMutationResult(result);
            if (outcome.ok) return { ok: true, message: outcome.data.message };
            // An address that already collaborates comes as ConflictError naming the email field.
            const conflict = result?.__typename === 'ConflictError' ? fieldErrorsFromServer(result.fields) : {};
            return { ok: false, message: outcome.message, fieldErrors: { ...outcome.fieldErrors, ...conflict } };
          })
        }
        onSaved={(message) => {
          notify(MESSAGE_LEVEL.success, message);
          onInvited();
          onClose();
        }}
      />
    </FormDialog>
  );
}

type InviteInput = { email: string; role: CollaboratorRole; groupIds?: string[] | undefined };

function InviteForm({
  sending,
  save,
  onSaved,
  onDirtyChange,
}: {
  sending: boolean;
  save: (input: InviteInput) => Promise<SaveOutcome>;
  onSaved: (message: string) => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const form = useRoleForm({ email: '', role: '', groupIds: [] }, onDirtyChange);
  const { values, errors } = form;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    await form.submit(validate(inviteCollaboratorInput, { email: values.email, ...roleInput(values) }), save, onSaved);
  }

  return (
    <form id={INVITE_FORM} noValidate onSubmit={onSubmit}>
      <Stack gap="5">
        <FormAlert message={form.formError} />
        <FormField label="Email" required error={errors.email} helper="Riceverà un link valido 7 giorni per unirsi alla società.">
          <Input
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            value={values.email}
            onChange={(e) => form.setValues((v) => ({ ...v, email: e.target.value }))}
            maxLength={254}
            placeholder="nome@esempio.it"
          />
        </FormField>
        <RoleFields values={values} onChange={(next) => form.setValues((v) => ({ ...v, ...next }))} errors={errors} />
      </Stack>
    </form>
  );
}

const ROLE_FORM = 'change-role-form';

export interface RoleTarget {
  id: string;
  name: string;
  role: string;
  groupIds: readonly string[];
}

export function ChangeRoleDialog({ target, onClose, onChanged }: { target: RoleTarget | null; onClose: () => void; onChanged: () => void }) {
  const [change, { loading: sending }] = useMutation(ChangeRoleMutation);
  const [dirty, setDirty] = useState(false);
  const close = () => !sending && onClose();
  return (
    <FormDialog
      open={target !== null}
      dirty={dirty}
      onClose={close}
      title={`Cambia ruolo di ${target?.name ?? ''}`}
      size="sm"
      footer={<Footer formId={ROLE_FORM} sending={sending} label="Salva" />}
    >
      {target && (
        <ChangeRoleForm
          key={target.id}
          target={target}
          sending={sending}
          onDirtyChange={setDirty}
          save={(input) =>
            run(async () => {
              const outcome = readMutationResult((await change({ variables: { id: target.id, input } })).data?.changeCollaboratorRole);
              return outcome.ok ? { ok: true, message: outcome.data.message } : outcome;
            })
          }
          onSaved={(message) => {
            notify(MESSAGE_LEVEL.success, message);
            onChanged();
            onClose();
          }}
        />
      )}
    </FormDialog>
  );
}

type RoleInput = { role: CollaboratorRole; groupIds?: string[] | undefined };

function ChangeRoleForm({
  target,
  sending,
  save,
  onSaved,
  onDirtyChange,
}: {
  target: RoleTarget;
  sending: boolean;
  save: (input: RoleInput) => Promise<SaveOutcome>;
  onSaved: (message: string) => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const form = useRoleForm({ email: '', role: target.role, groupIds: [...target.groupIds] }, onDirtyChange);
  const { values, errors } = form;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    await form.submit(validate(changeCollaboratorRoleInput, roleInput(values)), save, onSaved);
  }

  return (
    <form id={ROLE_FORM} noValidate onSubmit={onSubmit}>
      <Stack gap="5">
        <FormAlert message={form.formError} />
        <RoleFields values={values} onChange={(next) => form.setValues((v) => ({ ...v, ...next }))} errors={errors} />
      </Stack>
    </form>
  );
}
