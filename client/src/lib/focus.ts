// Where the keyboard focus goes when what held it goes away (issue 34 point 4): a closed panel or dialog gives it
// back to what opened it, a pager at the end of its list to the page's heading. Never left on <body>, where a
// keyboard or screen-reader user would start again from the top of the page.
import { useCallback, useLayoutEffect, useRef } from 'react';

/** The page's main heading (given tabindex -1 so a script may focus it), else the <main> landmark. */
export function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    return heading;
  }
  return document.querySelector<HTMLElement>('main');
}

/** Focuses the page's main heading (a list's pager at its last page, an opener that went away). */
export function focusPageHeading(): void {
  pageHeading()?.focus({ preventScroll: false });
}

/** A dialog or drawer on its way out (Chakra keeps it in the page for its exit animation). */
const CLOSING = '[role="dialog"][data-state="closed"], [role="alertdialog"][data-state="closed"]';

/** Gone, hidden, disabled or inside a dialog that is closing: focusing it would leave the focus nowhere useful. */
function unusable(el: HTMLElement): boolean {
  return !el.isConnected || el === document.body || el.closest(`[hidden], ${CLOSING}`) !== null || (el as HTMLButtonElement).disabled === true;
}

/**
 * What a closed panel or dialog gives the focus back to: the element that had it when it opened; for an entry of a
 * menu (a row's "Modifica", the profile menu's "Lascia un feedback"), the button that opened that menu, since the
 * menu has closed. Null when neither can take it (the dialog library then keeps its own choice).
 */
export function returnTarget(opener: HTMLElement | null): HTMLElement | null {
  if (!opener) return null;
  // (a closed menu's content keeps aria-labelledby, its trigger's id; the trigger drops aria-controls)
  const menu = opener.closest<HTMLElement>('[role="menu"]');
  const target = menu ? document.getElementById(menu.getAttribute('aria-labelledby') ?? '') : opener;
  return target && !unusable(target) ? target : null;
}

/** The heading a closing dialog fell back to: a panel closing after it may still give the focus to its opener. */
let fallback: HTMLElement | null = null;

/** The focus was lost: on <body>, on a removed element, inside a panel that is closing, or on a fallback. */
function focusLost(): boolean {
  const active = document.activeElement as HTMLElement | null;
  return !active || active === document.body || active === fallback || !active.isConnected || active.closest(CLOSING) !== null;
}

/**
 * Focus return for a Chakra Dialog or Drawer: spread the result on its Root. The opener is recorded when `open`
 * turns true (a layout effect runs before the dialog moves the focus inside), handed to the focus trap as
 * `finalFocusEl`, and checked again once the exit animation ends: a question asked over the panel ("Modifiche non
 * salvate") closing together with it can otherwise put the focus back into the panel being removed. When the
 * opener is gone (the archived row's menu button), the page's heading.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Unmounted while open (its owner went away, e.g. a bulk bar whose selection emptied): no exit animation runs.
    return () => void requestAnimationFrame(() => restoreFocus(opener.current));
  }, [open]);
  const finalFocusEl = useCallback(() => returnTarget(opener.current), []);
  const onExitComplete = useCallback(() => {
    restoreFocus(opener.current);
    // the content leaves the page right after this callback: look again once it has
    requestAnimationFrame(() => restoreFocus(opener.current));
  }, []);
  return { finalFocusEl, onExitComplete };
}

/** Puts a lost focus back on `opener` (or what stands for it), else on the page's heading. */
function restoreFocus(opener: HTMLElement | null) {
  if (!focusLost()) return;
  const target = returnTarget(opener);
  fallback = target ? null : pageHeading();
  (target ?? fallback)?.focus();
}
