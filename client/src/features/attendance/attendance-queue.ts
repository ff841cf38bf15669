// The attendance the phone has taken and the server does not have yet (issue 38 point 3): lib/offline-queue.ts on its
// own IndexedDB database, sending through recordAttendance (idempotent by the submission's id: sent twice, counted
// once). useAttendanceQueue() sends what waits when a page of attendance opens and when the browser is back online,
// and follows the queue for the pages (what waits, what was refused); the calendar sends it too
// (waiting-attendance.ts).
import type { ApolloClient } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { messageOfError } from '../../lib/errors';
import { readMutationResult } from '../../lib/mutation-result';
import { indexedDbStore, offlineQueue, type OfflineQueue, type QueuedSubmission, type SendOutcome } from '../../lib/offline-queue';
import { RecordAttendanceMutation } from './attendance-documents';

export interface AttendanceMark {
  personId: string;
  present: boolean;
  reason: string | null;
}

export interface AttendanceSubmission {
  eventId: string;
  occursOn: string;
  /** When the coach saved it (ISO): the server keeps the newest sheet of a day. */
  takenAt: string;
  marks: AttendanceMark[];
  /** What the pending list shows: the event and the day. */
  label: string;
}

/** A refusal of the request itself that sending again will not change (anything else: tried again later). */
const FINAL_CODES = new Set(['VALIDATION', 'NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'BAD_USER_INPUT']);

async function send(client: ApolloClient, item: QueuedSubmission<AttendanceSubmission>): Promise<SendOutcome> {
  const { eventId, occursOn, takenAt, marks } = item.payload;
  try {
    const { data } = await client.mutate({
      mutation: RecordAttendanceMutation,
      variables: { input: { eventId, occursOn, submissionId: item.id, takenAt, marks } },
      fetchPolicy: 'no-cache',
    });
    const outcome = readMutationResult(data?.recordAttendance);
    if (outcome.ok) return { kind: 'done', message: outcome.data.message };
    // a session that expired: kept until the coach signs in again
    if (outcome.code === 'UNAUTHENTICATED') return { kind: 'retry', message: outcome.message };
    return { kind: 'refused', message: outcome.message };
  } catch (error) {
    const code = CombinedGraphQLErrors.is(error) ? error.errors[0]?.extensions?.code : undefined;
    if (typeof code === 'string' && FINAL_CODES.has(code)) return { kind: 'refused', message: messageOfError(error) };
    // no network, the server unreachable, busy (503) or failing: no answer, kept
    return { kind: 'retry', message: ServerError.is(error) ? messageOfError(error) : null };
  }
}

/** How many sheets wait, for the calendar (waiting-attendance.ts reads the same key): whether to load this module. */
const WAITING_COUNT_KEY = 'campobase.presenze.inAttesa';

function noteWaitingAttendance(count: number): void {
  try {
    if (count > 0) window.localStorage.setItem(WAITING_COUNT_KEY, String(count));
    else window.localStorage.removeItem(WAITING_COUNT_KEY);
  } catch {
    // not stored: the attendance pages still send what waits when they open
  }
}

let shared: { client: ApolloClient; queue: OfflineQueue<AttendanceSubmission> } | undefined;

/** This browser's queue (one per client: flushes run one after the other, whoever asks). */
export function queueFor(client: ApolloClient): OfflineQueue<AttendanceSubmission> {
  if (shared?.client !== client) {
    const queue = offlineQueue(indexedDbStore<AttendanceSubmission>('campobase-presenze'), (item) => send(client, item));
    // the admin area's hint (waiting-attendance.ts): whether to load this code at all on another page
    queue.subscribe(
      () =>
        void queue
          .list()
          .then((items) => noteWaitingAttendance(items.filter((i) => !i.refusal).length))
          .catch(() => undefined),
    );
    shared = { client, queue };
  }
  return shared.queue;
}

/** Whether two submissions are the same day's sheet (a newer one replaces an unsent older one). */
export const sameSheet = (a: Pick<AttendanceSubmission, 'eventId' | 'occursOn'>) => (b: Pick<AttendanceSubmission, 'eventId' | 'occursOn'>) =>
  a.eventId === b.eventId && a.occursOn === b.occursOn;

export interface AttendanceQueueView {
  queue: OfflineQueue<AttendanceSubmission>;
  /** What waits (and what was refused), oldest first; null until read. */
  items: QueuedSubmission<AttendanceSubmission>[] | null;
  /** Sends what waits now (the user's retry: the refused ones too). */
  retry: () => Promise<void>;
  sending: boolean;
}

/** The queue of this browser, sent on mount and whenever the browser is back online. */
export function useAttendanceQueue(): AttendanceQueueView {
  const client = useApolloClient();
  const queue = queueFor(client);
  const [items, setItems] = useState<QueuedSubmission<AttendanceSubmission>[] | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    const read = () =>
      void queue
        .list()
        .then((list) => {
          noteWaitingAttendance(list.filter((i) => !i.refusal).length);
          if (live) setItems(list);
        })
        .catch(() => live && setItems([]));
    const unsubscribe = queue.subscribe(read);
    read();
    const flush = () => void queue.flush().catch(() => undefined);
    flush();
    window.addEventListener('online', flush);
    return () => {
      live = false;
      unsubscribe();
      window.removeEventListener('online', flush);
    };
  }, [queue]);

  const retry = useCallback(async () => {
    setSending(true);
    try {
      await queue.flush({ retryRefused: true });
    } finally {
      setSending(false);
    }
  }, [queue]);

  return { queue, items, retry, sending };
}
