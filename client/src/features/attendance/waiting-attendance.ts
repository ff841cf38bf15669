// Attendance kept on this phone and not sent yet (issue 38 point 3), sent from the calendar (app/routes/calendar.tsx)
// as well as from the sheet: asked when the page opens and whenever the browser is back online. A count in
// localStorage (written by the queue, attendance-queue.ts) says whether anything waits, so a page with nothing waiting
// loads none of the queue's code (IndexedDB, the mutation).
import type { ApolloClient } from '@apollo/client';
import { useEffect } from 'react';

/** Written by the queue (attendance-queue.ts, WAITING_COUNT_KEY): the same words, not an import, so that this module
 * stays small and loads none of the queue's code. */
const WAITING_KEY = 'campobase.presenze.inAttesa';

/** Whether attendance waits on this phone (as the queue last counted it). */
function anyWaiting(): boolean {
  try {
    return Number(window.localStorage.getItem(WAITING_KEY)) > 0;
  } catch {
    return false;
  }
}

/** Sends what waits when the admin area starts and when the browser is back online. */
export function useSendWaitingAttendance(client: ApolloClient): void {
  useEffect(() => {
    const send = () => {
      if (!anyWaiting()) return;
      void import('./attendance-queue').then((m) => m.queueFor(client).flush()).catch(() => undefined);
    };
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [client]);
}
