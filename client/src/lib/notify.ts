// notify(level, text): the app-message toast of the spec (§3, §8): 1 info, 2 success, 3 warning, 4 error, 4 s.
import { MESSAGE_LEVEL, TOAST_DURATION_MS, type MessageLevel } from '../../../schema/constants';
import { toaster } from '../components/ui/toaster';

const TOAST_TYPE = {
  [MESSAGE_LEVEL.info]: 'info',
  [MESSAGE_LEVEL.success]: 'success',
  [MESSAGE_LEVEL.warning]: 'warning',
  [MESSAGE_LEVEL.error]: 'error',
} as const satisfies Record<MessageLevel, string>;

/** Shows a toast; level 0 (no message) shows nothing. Returns the toast id, if any. */
export function notify(level: MessageLevel | 0, text: string): string | undefined {
  if (!level || !text) return undefined;
  return toaster.create({ type: TOAST_TYPE[level], title: text, duration: TOAST_DURATION_MS, closable: true });
}

export { MESSAGE_LEVEL };

/** Closes a toast shown by notify() (e.g. a login error once the login succeeds). */
export function dismissNotification(id: string | undefined): void {
  if (id) toaster.dismiss(id);
}
