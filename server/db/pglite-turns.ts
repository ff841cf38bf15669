// PGlite runs in this thread and answers through promises alone, never through the event loop's I/O. With many
// requests in flight, one turn of the loop therefore ran every statement they asked for, one after another (about
// 250 ms at 100 clients), and Node accepts ONE new connection per turn (libuv, since 2022): at 200 clients new
// connections waited over 10 s to be read at all while the old ones were served (`npm run bench:mixed`). Now a
// statement that would extend a stretch of work past TURN_BUDGET_MS first waits for the next turn, so sockets, new
// connections included, are served every few milliseconds. A quiet server never waits: its stretches are short.

/** The PGlite entry each statement goes through (its query mutex), transactions' statements included. */
interface PGliteStatements {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}

const TURN_BUDGET_MS = 4;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function oneTurnAtATime(pglite: PGliteStatements): void {
  const run = pglite._runExclusiveQuery.bind(pglite);
  let stretchStart = performance.now();
  pglite._runExclusiveQuery = <T>(fn: () => Promise<T>) =>
    run(async () => {
      if (performance.now() - stretchStart > TURN_BUDGET_MS) {
        await nextTurn();
        stretchStart = performance.now();
      }
      return fn();
    });
}
