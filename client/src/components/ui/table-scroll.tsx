// The box around a table that may be wider (a phone) or taller (the import preview) than the room it has: it scrolls
// inside, and while it does it is a named region in the tab order, so a keyboard user can reach it and scroll it
// with the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable). A table that fits adds no tab stop.
import { Box, type BoxProps } from '@chakra-ui/react';
import { useEffect, useRef, useState, type RefObject } from 'react';

export interface TableScrollProps extends Omit<BoxProps, 'aria-label' | 'role' | 'tabIndex'> {
  /** The region's name: the table's own (its caption or aria-label). */
  label: string;
}

/** True while the element's content is larger than its box (measured again when either changes size). */
function useOverflowing(ref: RefObject<HTMLElement | null>): boolean {
  // Without ResizeObserver (an old browser, jsdom) it counts as scrolling: a tab stop too many beats one missing.
  const [overflowing, setOverflowing] = useState(typeof ResizeObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflowing(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return overflowing;
}

export function TableScroll({ label, children, ...box }: TableScrollProps) {
  const ref = useRef<HTMLDivElement>(null);
  const overflowing = useOverflowing(ref);
  return (
    <Box
      ref={ref}
      overflowX="auto"
      // a tab stop needs a role and a name; a table that fits stays a plain table, without a landmark around it
      {...(overflowing ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
      focusVisibleRing="outside"
      {...box}
    >
      {children}
    </Box>
  );
}
