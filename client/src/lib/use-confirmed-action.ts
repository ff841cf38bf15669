// The flow every confirmed action shares (archive, remove, delete, revoke): pick a row, confirm in a dialog, run the
// mutation, toast the outcome (the server's success message, or `successMessage`; the refusal's message otherwise),
// close on success and tell the caller.
import { useState } from 'react';
import { messageOfError } from './errors';
import { readMutationResult } from './mutation-result';
import { MESSAGE_LEVEL, notify } from './notify';

export function useConfirmedAction<Row>(
  /** Runs the mutation for the row and answers its result union (e.g. `data?.removeGuardianship`). */
  run: (row: Row) => Promise<{ __typename?: string } | null | undefined>,
  { successMessage, onDone }: { successMessage?: string; onDone?: (row: Row) => void } = {},
) {
  const [target, setTarget] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (target === null) return;
    setBusy(true);
    try {
      const outcome = readMutationResult(await run(target));
      if (!outcome.ok) {
        notify(MESSAGE_LEVEL.error, outcome.message);
        return;
      }
      const said = (outcome.data as { message?: unknown } | undefined)?.message;
      notify(MESSAGE_LEVEL.success, successMessage ?? (typeof said === 'string' ? said : ''));
      setTarget(null);
      onDone?.(target);
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    } finally {
      setBusy(false);
    }
  }

  return { target, ask: setTarget, cancel: () => setTarget(null), confirm: () => void confirm(), busy };
}
