// "Registra di nuovo" (issue 15, coming back): the confirmation, then reregisterPerson, which gives the archived
// role's person a new active role of the same kind; the archived record stays as it is. The new role's id goes to
// `onDone` (the caller opens its page). Shared (not in a feature) because the archive page and the person page both
// offer it, and a feature does not import another.
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { PERSON_KIND_INFO, type PersonKindKey } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { graphql } from '../gql';
import { messageOfError } from '../lib/errors';
import { readMutationResult } from '../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../lib/notify';
import { ConfirmDialog } from './ui/confirm-dialog';

const ReregisterPersonMutation = graphql(`
  mutation ReregisterPerson($roleId: ID!) {
    reregisterPerson(roleId: $roleId) {
      __typename
      ... on MutationReregisterPersonSuccess {
        data {
          message
          role {
            id
          }
        }
      }
      ... on BaseError {
        code
        message
      }
    }
  }
`);

/** The archived role to register again, and whose it is (for the dialog's words). */
export interface ReregisterTarget {
  roleId: string;
  kind: PersonKindKey;
  name: string;
}

export interface ReregisterDialogProps {
  target: ReregisterTarget | null;
  onCancel: () => void;
  onDone: (newRoleId: string) => void;
}

export function ReregisterDialog({ target, onCancel, onDone }: ReregisterDialogProps) {
  const [reregister] = useMutation(ReregisterPersonMutation);
  const [busy, setBusy] = useState(false);
  const singular = target ? PERSON_KIND_INFO[target.kind].singular : '';

  async function confirm() {
    if (!target) return;
    setBusy(true);
    try {
      const outcome = readMutationResult((await reregister({ variables: { roleId: target.roleId } })).data?.reregisterPerson);
      if (!outcome.ok) {
        notify(MESSAGE_LEVEL.error, outcome.message);
        return;
      }
      notify(MESSAGE_LEVEL.success, outcome.data.message);
      onDone(outcome.data.role.id);
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={target !== null}
      title={target ? `Registra di nuovo ${target.name} (${singular.toLowerCase()})` : 'Registra di nuovo'}
      message={target ? MSG.reregisterConfirm(target.name, singular) : ''}
      confirmLabel="Registra di nuovo"
      tone="neutral"
      loading={busy}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    />
  );
}
