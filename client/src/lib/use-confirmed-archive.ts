// The archive flow every list shares: pick a row, confirm in a dialog, run the archive mutation, toast the
// outcome ('Record archiviato correttamente' or the server's message), then let the list refresh.
import { useState } from 'react';
import { MSG } from '../../../schema/messages';
import { messageOfError } from './errors';
import { readMutationResult } from './mutation-result';
import { MESSAGE_LEVEL, notify } from './notify';

export function useConfirmedArchive<Row extends { id: string }>(
  /** Runs the mutation and answers its result union (e.g. `data?.archivePost`). */
  archive: (id: string) => Promise<{ __typename?: string } | null | undefined>,
  onArchived: (row: Row) => void,
) {
  const [target, setTarget] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!target) return;
    setBusy(true);
    try {
      const outcome = readMutationResult(await archive(target.id));
      if (!outcome.ok) {
        notify(MESSAGE_LEVEL.error, outcome.message);
        return;
      }
      notify(MESSAGE_LEVEL.success, MSG.archived);
      setTarget(null);
      onArchived(target);
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    } finally {
      setBusy(false);
    }
  }

  return { target, ask: setTarget, cancel: () => setTarget(null), confirm: () => void confirm(), busy };
}
