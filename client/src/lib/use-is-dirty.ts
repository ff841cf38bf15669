// Whether a form's values differ from the ones it opened with (issue 15: closing a form with unsaved changes asks
// first). Text fields treat '' and null/undefined alike, so a field the record never had and the user touched and
// emptied again does not count as a change; arrays compare item by item, objects key by key.
import { useLayoutEffect, useState } from 'react';

const isBlank = (value: unknown) => value === '' || value === null || value === undefined;

/** A plain record of values; anything else (a File, a Map...) is the same only when it is the same object. */
const isPlain = (value: object) => [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

export function sameFormValue(a: unknown, b: unknown): boolean {
  if (isBlank(a) && isBlank(b)) return true;
  if (Object.is(a, b)) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameFormValue(item, b[i]));
  }
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && isPlain(a) && isPlain(b)) {
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    for (const key of keys) if (!sameFormValue(left[key], right[key])) return false;
    return true;
  }
  return false;
}

/** True once `current` differs from the `initial` value of the first render (later `initial`s are ignored). */
export function useIsDirty<T>(initial: T, current: T): boolean {
  const [opened] = useState(() => initial);
  return !sameFormValue(opened, current);
}

/**
 * Tells the panel's owner whether the form is dirty (false again when the form goes away). A layout effect: the
 * owner re-renders within the same commit as the keystroke, so an Escape right after typing already asks.
 */
export function useDirtyReport(dirty: boolean, report: ((dirty: boolean) => void) | undefined) {
  useLayoutEffect(() => {
    report?.(dirty);
    return () => report?.(false);
  }, [dirty, report]);
}
