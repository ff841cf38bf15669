// PGlite runs in this thread and answers through promises alone, never through the event loop's I/O. With many
// requests in flight, one turn of the loop therefore ran every statement they asked for, one after another (about
// 250 ms at 100 clients), and Node accepts ONE new connection per turn (libuv, since 2022): at 200 clients new
// connections waited over 10 s to be read at all while the old ones were served (`npm run bench:mixed`). Now a
// statement that would extend a stretch of work past TURN_BUDGET_MS first waits for the next turn, so sockets, new
// connections included, are served every few milliseconds. A quiet server never waits: its stretches are short.
// Inside a transaction under way the budget is longer (CALL_BUDGET_MS): the transaction holds the one session, so each
// wait there keeps everyone else's statements out too. With every club write a transaction (its access-log line
// commits with it), a save of 10 statements held the session for several turns of a crowded loop (hundreds of ms at
// 200 clients) and saves starved (`npm run bench:mixed`). A save now runs in one stretch of a few milliseconds; a
// long transaction still lets the loop turn every CALL_BUDGET_MS (an import's slices also breathe between statements,
// imports/import-write.ts).
// How requests take turns on the one session is the other half (requestsFinishFirst, below).

/** The PGlite entries each statement goes through (its query mutex, inside the call's), transactions' statements included. */
interface PGliteStatements {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

const TURN_BUDGET_MS = 4;
/** Within one call (a transaction): a save's statements, a few ms together, never wait for a turn between them. */
export const CALL_BUDGET_MS = 25;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function oneTurnAtATime(pglite: PGliteStatements): void {
  const run = pglite._runExclusiveQuery.bind(pglite);
  const call = pglite._runExclusiveTransaction.bind(pglite);
  let stretchStart = performance.now();
  // Set as a call (a statement alone, or a whole transaction) takes the session; its first statement clears it.
  let callStarting = false;
  let callStretchStart = stretchStart;
  pglite._runExclusiveTransaction = <T>(fn: () => Promise<T>) =>
    call(() => {
      callStarting = true;
      return fn();
    });
  pglite._runExclusiveQuery = <T>(fn: () => Promise<T>) =>
    run(async () => {
      const now = performance.now();
      if (callStarting ? now - stretchStart > TURN_BUDGET_MS : now - callStretchStart > CALL_BUDGET_MS) {
        await nextTurn();
        stretchStart = performance.now();
        callStretchStart = stretchStart;
      } else if (callStarting) {
        callStretchStart = now;
      }
      callStarting = false;
      return fn();
    });
}

/** The PGlite entry every call goes through one at a time: a statement alone, or a whole transaction. */
interface PGliteCalls {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

/** Calls of a request already under way that go before new requests' (a bulk write's beyond that wait in line). */
const FOLLOW_UP_CALLS = 16;

/**
 * PGlite's calls queue in arrival order, so under load a request waited in the whole queue once per statement: a
 * search of 6 statements took 6 waits (8 s at 200 clients, some over 10 s) where a list page of 3 took 3. Now a
 * call from a request (or job) that has already had one goes before those of requests not yet started, up to
 * FOLLOW_UP_CALLS of them: a request waits in line about once, then finishes. New requests still go in arrival
 * order, and a long write (an import's slices, each one call) is back in line after its first calls.
 */
export function requestsFinishFirst(pglite: PGliteCalls, scopeOf: () => object | undefined): void {
  const run = pglite._runExclusiveTransaction.bind(pglite);
  const callsOf = new WeakMap<object, number>();
  const followUps: Array<() => void> = [];
  const newcomers: Array<() => void> = [];
  let busy = false;
  const next = () => {
    const go = followUps.shift() ?? newcomers.shift();
    if (go) go();
    else busy = false;
  };
  pglite._runExclusiveTransaction = async <T>(fn: () => Promise<T>): Promise<T> => {
    const scope = scopeOf();
    const calls = scope ? (callsOf.get(scope) ?? 0) : 0;
    if (scope) callsOf.set(scope, calls + 1);
    if (busy) await new Promise<void>((go) => (calls > 0 && calls <= FOLLOW_UP_CALLS ? followUps : newcomers).push(go));
    busy = true;
    try {
      return await run(fn);
    } finally {
      next();
    }
  };
}
