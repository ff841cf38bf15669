// Mounts what a page opens only on demand (a side panel, a dialog, the selection's bar), from a lazy chunk: the
// list's first rows do not wait for the form's and dialogs' code (issue 34 point 3). Once opened it stays mounted,
// so closing animates and its state (a dialog's step) survives as it did when it was always there.
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { returnTarget } from '../../../lib/focus';

export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  // What opened it, read when it opens: while the chunk loads, a row menu closes and the focus may fall to <body>, so
  // the panel (which remembers the focused element as it mounts, lib/focus.ts) would give it back to nobody.
  const opener = useRef<HTMLElement | null>(null);
  if (open && !opened) {
    opener.current = document.activeElement instanceof HTMLElement ? returnTarget(document.activeElement) : null;
    setOpened(true);
  }
  return opened ? (
    <Suspense fallback={null}>
      <FocusOpenerFirst opener={opener} />
      {children}
    </Suspense>
  ) : null;
}

/** Before its next sibling's layout effects: puts a lost focus back on the opener, once. */
function FocusOpenerFirst({ opener }: { opener: { current: HTMLElement | null } }) {
  useLayoutEffect(() => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected && (document.activeElement === null || document.activeElement === document.body)) target.focus();
  }, [opener]);
  return null;
}

/** A named export of a lazy module as a component (React.lazy takes default exports). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component: its own props stay typed
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/**
 * Loads `modules` once the browser is idle after `ready` (the list on screen), so the first click finds them
 * already there instead of waiting for their chunks.
 */
export function usePreloadWhenIdle(ready: boolean, modules: readonly (() => Promise<unknown>)[]) {
  useEffect(() => {
    if (!ready) return;
    const load = () => modules.forEach((load) => void load().catch(() => undefined));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(load, 200);
    return () => window.clearTimeout(id);
    // the modules are the page's constants: once ready is all that matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
}
