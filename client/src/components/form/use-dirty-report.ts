// Whether a form holds unsaved changes goes up to the SidePanel/FormDialog or page that holds it (issue 15: closing
// a form with unsaved changes asks first). react-hook-form decides dirtiness against the values the form opened with.
import { useLayoutEffect } from 'react';

/**
 * Tells the form's owner whether the form is dirty (false again when the form goes away). A layout effect: the
 * owner re-renders within the same commit as the keystroke, so an Escape right after typing already asks.
 */
export function useDirtyReport(dirty: boolean, report: ((dirty: boolean) => void) | undefined) {
  useLayoutEffect(() => {
    report?.(dirty);
    return () => report?.(false);
  }, [dirty, report]);
}
