// Pieces every legacy module shares: Laravel-style pages for `load`, and field errors under the payload's names.
import { PAGE_SIZE } from '../../schema/constants';
import { renameErrorFields } from '../lib/errors';

/** A page of a legacy `load`, as the legacy client reads it (Laravel's paginator fields). */
export function presentPage<T>(data: T[], total: number, page: number) {
  return { current_page: page, data, last_page: Math.max(1, Math.ceil(total / PAGE_SIZE)), per_page: PAGE_SIZE, total };
}

/**
 * Runs a service and reports field errors under the legacy payload's names: `renames` maps a service field (or
 * its first path segment, e.g. `types.0`) to the legacy one; the envelope snake-cases the rest.
 */
export async function withLegacyFields<T>(renames: Record<string, string>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw renameErrorFields(error, (path) => renames[path] ?? renames[path.split('.')[0]] ?? path);
  }
}
