// Work a request starts but does not wait for (e.g. the password-code mail, so `forgot` answers known and unknown
// emails in the same time). Failures are logged, never thrown at the request; the app waits for what is still
// running before it closes the database, and tests wait for it through idle().
export interface Background {
  run(label: string, task: () => Promise<unknown>): void;
  /** Settles when every task started so far has settled. */
  idle(): Promise<void>;
}

export function createBackground(log: { error(obj: object, msg?: string): void }): Background {
  const running = new Set<Promise<unknown>>();
  return {
    run(label, task) {
      const p: Promise<unknown> = Promise.resolve()
        .then(task)
        .catch((err: unknown) => log.error({ err, task: label }, 'background task failed'))
        .finally(() => running.delete(p));
      running.add(p);
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
