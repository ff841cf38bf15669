// The archive flow every list shares: useConfirmedAction with 'Record archiviato correttamente', then the list refreshes.
import { MSG } from '../../../schema/messages';
import { useConfirmedAction } from './use-confirmed-action';

export function useConfirmedArchive<Row extends { id: string }>(
  /** Runs the mutation and answers its result union (e.g. `data?.archivePost`). */
  archive: (id: string) => Promise<{ __typename?: string } | null | undefined>,
  onArchived: (row: Row) => void,
) {
  return useConfirmedAction<Row>((row) => archive(row.id), { successMessage: MSG.archived, onDone: onArchived });
}
