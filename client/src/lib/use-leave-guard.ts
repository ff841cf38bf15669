// Holds a route change while a form has unsaved changes (issue 15), on the data router's blocker (app/router.tsx).
// React Router supports one blocker at a time, and a panel's form may sit over a page's form: so one
// <LeaveGuardHost> (in the app's root route) holds the only `useBlocker`, which blocks while any guard is active,
// and hands a blocked navigation (links, navigate(), back/forward) to the newest guard; `proceed` lets it through.
// Reload or closing the tab: `beforeunload` (the browser's own question; its text cannot be chosen).
import { useEffect, useRef } from 'react';
import { useBeforeUnload, useBlocker } from 'react-router';

type Ask = (proceed: () => void) => void;
interface Guard {
  ask: Ask;
}

/** The active guards, oldest first: the newest one answers. */
const guards: Guard[] = [];

/** Rendered once, in the root route: the router's only blocker. */
export function LeaveGuardHost() {
  const blocker = useBlocker(() => guards.length > 0);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const guard = guards.at(-1);
    // The guard went away between the click and now (the form was saved): nothing to ask.
    if (!guard) blocker.proceed();
    // Staying leaves the blocker blocked: the next navigation is checked (and blocked or not) afresh.
    else guard.ask(() => blocker.proceed());
  }, [blocker]);
  return null;
}

/** While `active`, a route change, back/forward or reload calls `ask(proceed)` instead of leaving. */
export function useLeaveGuard(active: boolean, ask: Ask) {
  const askRef = useRef(ask);
  useEffect(() => {
    askRef.current = ask;
  });
  useEffect(() => {
    if (!active) return;
    const guard: Guard = { ask: (proceed) => askRef.current(proceed) };
    guards.push(guard);
    return () => {
      const at = guards.indexOf(guard);
      if (at >= 0) guards.splice(at, 1);
    };
  }, [active]);
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
