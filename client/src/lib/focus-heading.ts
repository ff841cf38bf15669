// Focus on the new page's main heading after a change of page (app/router.tsx, app/public-app.tsx): keyboard and
// screen-reader users start where the page starts instead of on <body> or on a link of the old page. The heading may
// come a moment later than the address (the session being checked, a page's own Suspense): looked for on each
// frame for a while. A focus the user or the page has already placed inside the page (a form's first field) stays.
import { useEffect, useRef } from 'react';

const WAIT_MS = 4000;

/** Starts looking for `main h1` and focuses it; returns a function that stops looking (the page changed again). */
export function focusMainHeading(): () => void {
  const started = performance.now();
  let frame = 0;
  const look = () => {
    // Visible only: the previous page may still be in the document, hidden while the new one loads (Suspense).
    const heading = [...document.querySelectorAll<HTMLElement>('main h1')].find((h) => h.checkVisibility());
    const active = document.activeElement;
    const placedInPage = active instanceof HTMLElement && active !== heading && active.closest('main') !== null && active.checkVisibility();
    if (placedInPage) return;
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      if (document.activeElement === heading) return;
    }
    if (performance.now() - started < WAIT_MS) frame = requestAnimationFrame(look);
  };
  frame = requestAnimationFrame(look);
  return () => cancelAnimationFrame(frame);
}

/** Focuses the main heading after each change of `pathname`, not on the first page of a visit (the browser's own start). */
export function useFocusHeadingOnPathChange(pathname: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    return focusMainHeading();
  }, [pathname]);
}
