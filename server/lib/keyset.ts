// Keyset pagination shared by the API connections: `first` checked against a maximum, and opaque cursors (a
// position written as text, base64url) read back only when they match the shape the caller expects.
import { MSG } from '../../schema/messages';
import { ValidationError } from './errors';

/** `first` when it is a whole number from 1 to `max`, else the Italian refusal. */
export function keysetPageSize(first: number, max: number): number {
  if (!Number.isInteger(first) || first < 1 || first > max) throw new ValidationError({ first: MSG.apiPageSize(max) }, MSG.apiPageSize(max));
  return first;
}

export const encodeCursor = (position: string): string => Buffer.from(position).toString('base64url');

/** The groups of `pattern` in the cursor's position, null without a cursor; a cursor of another shape is refused. */
export function decodeCursor(cursor: string | null | undefined, pattern: RegExp): string[] | null {
  if (cursor == null) return null;
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString() : '';
  const match = pattern.exec(text);
  if (!match) throw new ValidationError({ after: MSG.paginationInvalid }, MSG.paginationInvalid);
  return match.slice(1);
}
