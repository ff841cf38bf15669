// The device's queue of submissions (client/src/lib/offline-queue.ts; attendance taken offline, issue 38 point 3),
// on a Map instead of IndexedDB: a submission leaves only once the server answered it, stays (and stops the round)
// with no answer, stays with its message when refused and is not resent by itself then; a newer sheet replaces an
// unsent older one; flushes run one after the other, so one sent by the first is not sent again by the second.
import { describe, expect, it } from 'vitest';
import { lastMonths, pendingLabel, rateLabel } from '../../client/src/features/attendance/attendance-labels';
import { newSubmissionId, offlineQueue, type QueuedSubmission, type QueueStore, type SendOutcome } from '../../client/src/lib/offline-queue';

function memoryStore<T>(): QueueStore<T> & { map: Map<string, QueuedSubmission<T>> } {
  const map = new Map<string, QueuedSubmission<T>>();
  return {
    map,
    set: async (id, item) => void map.set(id, structuredClone(item)),
    del: async (id) => void map.delete(id),
    values: async () => [...map.values()].map((v) => structuredClone(v)),
  };
}

interface Sheet {
  day: string;
  marks: number;
}

describe('offlineQueue', () => {
  it('keeps a submission with no answer and sends it when asked again, once', async () => {
    const store = memoryStore<Sheet>();
    let online = false;
    const sent: string[] = [];
    const queue = offlineQueue<Sheet>(store, async (item) => {
      if (!online) throw new TypeError('Failed to fetch');
      sent.push(item.id);
      return { kind: 'done', message: 'Presenze salvate' };
    });
    let changes = 0;
    queue.subscribe(() => (changes += 1));
    await queue.add('a', { day: '2026-11-16', marks: 3 });
    const offline = await queue.flush();
    expect(offline.outcomes.get('a')).toEqual({ kind: 'retry', message: null });
    expect(offline.left).toBe(1);
    expect((await queue.list()).map((i) => i.id)).toEqual(['a']);

    online = true;
    // two flushes at once (the 'online' event and the page's load): one after the other, the second finds nothing
    const [first, second] = await Promise.all([queue.flush(), queue.flush()]);
    expect(first.outcomes.get('a')).toEqual({ kind: 'done', message: 'Presenze salvate' });
    expect(second.outcomes.size).toBe(0);
    expect(sent).toEqual(['a']);
    expect(await queue.list()).toEqual([]);
    expect(changes).toBeGreaterThanOrEqual(3);
  });

  it('stops the round at the first submission with no answer, oldest first', async () => {
    const store = memoryStore<Sheet>();
    const tried: string[] = [];
    const queue = offlineQueue<Sheet>(store, async (item) => {
      tried.push(item.id);
      return { kind: 'retry', message: 'Il server è occupato' };
    });
    await queue.add('first', { day: '2026-11-16', marks: 1 });
    await new Promise((r) => setTimeout(r, 2));
    await queue.add('second', { day: '2026-11-19', marks: 1 });
    await queue.flush();
    expect(tried).toEqual(['first']);
    expect((await queue.list()).map((i) => [i.id, i.note])).toEqual([
      ['first', 'Il server è occupato'],
      ['second', null],
    ]);
  });

  it('keeps a refused submission with its message, not resent by itself; the retry sends it; discard drops it', async () => {
    const store = memoryStore<Sheet>();
    let answer: SendOutcome = { kind: 'refused', message: "Uno degli atleti non è dei gruppi dell'evento." };
    let sends = 0;
    const queue = offlineQueue<Sheet>(store, async () => {
      sends += 1;
      return answer;
    });
    await queue.add('r', { day: '2026-11-16', marks: 2 });
    await queue.flush();
    expect((await queue.list())[0].refusal).toBe("Uno degli atleti non è dei gruppi dell'evento.");
    await queue.flush();
    expect(sends).toBe(1);
    answer = { kind: 'refused', message: 'Ancora no' };
    await queue.flush({ retryRefused: true });
    expect(sends).toBe(2);
    expect((await queue.list())[0].refusal).toBe('Ancora no');
    await queue.discard('r');
    expect(await queue.list()).toEqual([]);
    // sent without keeping it (the device refused to store it)
    answer = { kind: 'done', message: 'Presenze salvate' };
    expect(await queue.sendOnce('s', { day: '2026-11-17', marks: 1 })).toEqual(answer);
    expect(await queue.list()).toEqual([]);
  });

  it('a newer sheet of the same day replaces an unsent or refused older one', async () => {
    const store = memoryStore<Sheet>();
    let answer: SendOutcome = { kind: 'refused', message: 'No' };
    const queue = offlineQueue<Sheet>(store, async () => answer);
    const sameDay = (day: string) => (other: Sheet) => other.day === day;
    await queue.add('refused', { day: '2026-11-16', marks: 1 }, sameDay('2026-11-16'));
    await queue.flush();
    answer = { kind: 'retry', message: null };
    await queue.add('old', { day: '2026-11-16', marks: 1 }, sameDay('2026-11-16'));
    expect((await queue.list()).map((i) => i.id)).toEqual(['old']);
    await queue.add('other', { day: '2026-11-19', marks: 1 }, sameDay('2026-11-19'));
    await queue.add('new', { day: '2026-11-16', marks: 2 }, sameDay('2026-11-16'));
    expect((await queue.list()).map((i) => i.id).sort()).toEqual(['new', 'other']);
  });

  it('makes v4 UUIDs', () => {
    const id = newSubmissionId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newSubmissionId()).not.toBe(id);
  });
});

describe('attendance labels', () => {
  it('counts what waits and what was refused', () => {
    expect(pendingLabel(1, 0)).toBe('1 invio in attesa');
    expect(pendingLabel(2, 1)).toBe('2 invii in attesa, 1 invio rifiutato');
    expect(pendingLabel(0, 3)).toBe('3 invii rifiutati');
  });

  it('reads rates in Italian and takes the last three months', () => {
    expect(rateLabel(87.5)).toBe('87,5%');
    expect(rateLabel(null)).toBe('—');
    expect(lastMonths('2026-11-16')).toEqual({ from: '2026-08-16', to: '2026-11-16' });
    expect(lastMonths('2026-05-31')).toEqual({ from: '2026-02-28', to: '2026-05-31' });
  });
});
