// Holds a route change while a form has unsaved changes (issue 15). The app uses React Router in declarative mode
// (<BrowserRouter>, router.tsx), where `useBlocker` and `unstable_usePrompt` throw: they need a data router. What
// declarative mode offers is the navigator in UNSAFE_NavigationContext (the history that <Link> and navigate()
// push to) and `useBeforeUnload`. So, while a guard is active:
// - in-app navigation (links, navigate()): the navigator's push/replace are wrapped and handed to the guard;
// - back/forward: a `popstate` listener on window registered before <BrowserRouter> mounts (main.tsx calls
//   installLeaveGuard; listeners on window run in the order they were added, capture or not) stops the router's
//   own listener, puts the browser back on the entry it left (history.go with the difference of React Router's
//   `idx`) and asks;
// - reload or closing the tab: `beforeunload` (the browser's own question; its text cannot be chosen).
// The newest active guard answers (a panel over a page form). `proceed` leaves without asking again.
import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext, useBeforeUnload } from 'react-router';

type Ask = (proceed: () => void) => void;
interface Guard {
  ask: Ask;
}
type Navigate = (...args: unknown[]) => void;
interface PatchableNavigator {
  push: Navigate;
  replace: Navigate;
}

const guards: Guard[] = [];
const patched = new WeakSet<object>();
let popstateInstalled = false;
/** The popstate caused by our own history.go that undoes a blocked back/forward: swallowed. */
let undoing = false;
/** The popstate of a confirmed back/forward: let through to the router. */
let allowing = false;
/** React Router's index of the entry on screen (its `idx` in history.state), to undo a back/forward. */
let lastIdx: unknown = null;

const currentIdx = () => (window.history.state as { idx?: unknown } | null)?.idx;

function patchNavigator(navigator: PatchableNavigator) {
  if (patched.has(navigator)) return;
  patched.add(navigator);
  for (const method of ['push', 'replace'] as const) {
    const original = navigator[method].bind(navigator);
    const go = (args: unknown[]) => {
      original(...args);
      lastIdx = currentIdx();
    };
    navigator[method] = (...args: unknown[]) => {
      const guard = guards.at(-1);
      if (!guard) return go(args);
      guard.ask(() => go(args));
    };
  }
}

/** Call once before <BrowserRouter> renders, so back/forward reach the guard before the router. */
export function installLeaveGuard() {
  if (popstateInstalled) return;
  popstateInstalled = true;
  window.addEventListener('popstate', (event) => {
    if (undoing) {
      undoing = false;
      event.stopImmediatePropagation();
      return;
    }
    if (allowing) {
      allowing = false;
      lastIdx = currentIdx();
      return;
    }
    const guard = guards.at(-1);
    const to = currentIdx();
    if (!guard || typeof to !== 'number' || typeof lastIdx !== 'number' || to === lastIdx) {
      lastIdx = to;
      return;
    }
    const delta = lastIdx - to;
    event.stopImmediatePropagation();
    undoing = true;
    window.history.go(delta);
    guard.ask(() => {
      allowing = true;
      window.history.go(-delta);
    });
  });
}

/** While `active`, a route change, back/forward or reload calls `ask(proceed)` instead of leaving. */
export function useLeaveGuard(active: boolean, ask: Ask) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const askRef = useRef(ask);
  useEffect(() => {
    askRef.current = ask;
  });
  useEffect(() => {
    if (!active) return;
    patchNavigator(navigator as unknown as PatchableNavigator);
    lastIdx = currentIdx();
    const guard: Guard = { ask: (proceed) => askRef.current(proceed) };
    guards.push(guard);
    return () => {
      const at = guards.indexOf(guard);
      if (at >= 0) guards.splice(at, 1);
    };
  }, [active, navigator]);
  useBeforeUnload(
    (event) => {
      if (!active) return;
      event.preventDefault();
      // Older browsers want returnValue set to show their question.
      event.returnValue = '';
    },
    { capture: true },
  );
}
