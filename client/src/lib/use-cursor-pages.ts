// Page-by-page navigation over a Relay connection: the `after` cursor of every page visited is kept on a stack,
// so "Precedente" goes back without a `before` query and page numbers stay exact. A new resetKey (the filters)
// starts again from page 1.
import { useCallback, useState } from 'react';
import { PAGE_SIZE } from '../../../schema/constants';

export interface CursorPages {
  /** Variables for the connection query. */
  variables: { first: number; after: string | null };
  /** 1-based page number. */
  page: number;
  totalPages: (totalCount: number) => number;
  /** Go to the page after the current one (pass the connection's pageInfo.endCursor). */
  next: (endCursor: string | null | undefined) => void;
  prev: () => void;
  /** Back to page 1 (e.g. after the last row of the last page went away). */
  reset: () => void;
}

interface StackState {
  key: string;
  /** `after` of page 1, 2, ...: the first is always null. */
  cursors: (string | null)[];
}

export function pageCount(totalCount: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, totalCount) / pageSize));
}

/** The stack operations, pure (unit-tested). */
export const cursorStack = {
  start: (): (string | null)[] => [null],
  next: (cursors: (string | null)[], endCursor: string | null | undefined) =>
    endCursor ? [...cursors, endCursor] : cursors,
  prev: (cursors: (string | null)[]) => (cursors.length > 1 ? cursors.slice(0, -1) : cursors),
};

export function useCursorPages(resetKey: string, pageSize = PAGE_SIZE): CursorPages {
  const [state, setState] = useState<StackState>({ key: resetKey, cursors: cursorStack.start() });
  // Derived during render: the first render with new filters already asks for page 1.
  const cursors = state.key === resetKey ? state.cursors : cursorStack.start();
  if (state.key !== resetKey) setState({ key: resetKey, cursors });

  const next = useCallback(
    (endCursor: string | null | undefined) =>
      setState((s) => ({ key: resetKey, cursors: cursorStack.next(s.key === resetKey ? s.cursors : cursorStack.start(), endCursor) })),
    [resetKey],
  );
  const prev = useCallback(
    () => setState((s) => ({ key: resetKey, cursors: cursorStack.prev(s.key === resetKey ? s.cursors : cursorStack.start()) })),
    [resetKey],
  );
  const reset = useCallback(() => setState({ key: resetKey, cursors: cursorStack.start() }), [resetKey]);
  const totalPages = useCallback((totalCount: number) => pageCount(totalCount, pageSize), [pageSize]);

  return {
    variables: { first: pageSize, after: cursors[cursors.length - 1] ?? null },
    page: cursors.length,
    totalPages,
    next,
    prev,
    reset,
  };
}
