// Mega-menu behaviour (spec §4, §9): opens on hover (mouse, wide screens) or click; on wide screens it closes
// 600 ms after the pointer leaves (re-entering cancels); below 992 px it stays open until closed; a click
// outside or Escape closes it; while open on a narrow screen the page does not scroll.
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { MEGA_MENU_CLOSE_DELAY_MS } from '../constants';

const HOVER_CLICK_GRACE_MS = 1000;

export interface MegaMenu {
  open: boolean;
  /** Wrapper of the trigger and the panel: pointer events here keep the menu open, clicks outside close it. */
  rootRef: RefObject<HTMLDivElement | null>;
  triggerRef: RefObject<HTMLButtonElement | null>;
  toggle: () => void;
  close: (options?: { restoreFocus?: boolean }) => void;
  onPointerEnter: (event: ReactPointerEvent) => void;
  onPointerLeave: (event: ReactPointerEvent) => void;
}

export function useMegaMenu(isWide: boolean): MegaMenu {
  const [open, setOpenState] = useState(false);
  // Mirror of `open` for event handlers: a hover and the click right after it can arrive before React renders.
  const openRef = useRef(false);
  const setOpen = useCallback((value: boolean) => {
    openRef.current = value;
    setOpenState(value);
  }, []);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  // A hover-open followed by the click that usually comes with it must not close the menu again; a click long
  // after the hover does toggle it.
  const hoverOpenedAt = useRef<number | undefined>(undefined);

  const cancelClose = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  }, []);

  const close = useCallback(
    (options?: { restoreFocus?: boolean }) => {
      cancelClose();
      hoverOpenedAt.current = undefined;
      setOpen(false);
      if (options?.restoreFocus) triggerRef.current?.focus();
    },
    [cancelClose, setOpen],
  );

  const toggle = useCallback(() => {
    cancelClose();
    const keepOpen = hoverOpenedAt.current !== undefined && performance.now() - hoverOpenedAt.current < HOVER_CLICK_GRACE_MS;
    hoverOpenedAt.current = undefined;
    setOpen(keepOpen || !openRef.current);
  }, [cancelClose, setOpen]);

  const onPointerEnter = useCallback(
    (event: ReactPointerEvent) => {
      if (!isWide || event.pointerType !== 'mouse') return;
      cancelClose();
      if (!openRef.current) hoverOpenedAt.current = performance.now();
      setOpen(true);
    },
    [isWide, cancelClose, setOpen],
  );

  const onPointerLeave = useCallback(
    (event: ReactPointerEvent) => {
      if (!isWide || event.pointerType !== 'mouse') return;
      cancelClose();
      closeTimer.current = window.setTimeout(() => {
        hoverOpenedAt.current = undefined;
        setOpen(false);
      }, MEGA_MENU_CLOSE_DELAY_MS);
    },
    [isWide, cancelClose, setOpen],
  );

  // Click outside and Escape.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close({ restoreFocus: true });
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close]);

  // Scroll lock for the full-screen menu on narrow screens.
  useEffect(() => {
    if (!open || isWide) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open, isWide]);

  // Crossing the breakpoint with a pending close: the narrow rule (stay open) wins.
  useEffect(() => {
    if (!isWide) cancelClose();
  }, [isWide, cancelClose]);

  useEffect(() => cancelClose, [cancelClose]);

  return { open, rootRef, triggerRef, toggle, close, onPointerEnter, onPointerLeave };
}
