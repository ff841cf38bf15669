// Previous / next paging of a list (spec: 8 rows a page). Nothing to show when everything fits in one page. With
// `onJump` (lists whose page lives in the address), a "Vai alla pagina" field jumps straight to a page.
// The focus stays where the user pressed: while a page loads the buttons say so (aria-disabled) instead of being
// disabled, which would drop the focus to <body>; a button that the new page does disable ("Successiva" on the last
// page) hands the focus to the page's heading, above the new rows.
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { focusPageHeading } from '../../lib/focus';

export interface PagerProps {
  page: number;
  totalPages: number;
  onPrev: () => void;
  onNext: () => void;
  /** Goes to page n (1..totalPages); shows the jump field when there are more than two pages. */
  onJump?: (page: number) => void;
  /** A page is loading: the buttons wait. */
  loading?: boolean;
}

export function Pager({ page, totalPages, onPrev, onNext, onJump, loading = false }: PagerProps) {
  const pressed = useRef<HTMLButtonElement | null>(null);
  // The new page is on screen: the pressed button, if this page disables it, cannot keep the focus.
  useEffect(() => {
    const button = pressed.current;
    if (loading || !button?.disabled) return;
    pressed.current = null;
    const active = document.activeElement;
    if (!active || active === document.body || active === button) focusPageHeading();
  }, [page, loading]);
  if (totalPages <= 1) return null;
  const step = (go: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) return;
    pressed.current = event.currentTarget;
    go();
  };
  return (
    <Stack as="nav" aria-label="Paginazione" gap="3" pt="2">
      <HStack justify="space-between" gap="3">
        <Button size="sm" variant="outline" onClick={step(onPrev)} disabled={page <= 1} aria-disabled={loading || undefined}>
          Precedente
        </Button>
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          Pagina {page} di {totalPages}
        </Text>
        <Button size="sm" variant="outline" onClick={step(onNext)} disabled={page >= totalPages} aria-disabled={loading || undefined}>
          Successiva
        </Button>
      </HStack>
      {onJump && totalPages > 2 && <JumpToPage page={page} totalPages={totalPages} onJump={onJump} loading={loading} />}
    </Stack>
  );
}

/** A page number and "Vai": Enter works too; a number out of range is brought back within 1..totalPages. */
function JumpToPage({ page, totalPages, onJump, loading }: { page: number; totalPages: number; onJump: (page: number) => void; loading: boolean }) {
  const [text, setText] = useState(String(page));
  // Another page shown: the field says its number (kept mounted, so the focus stays in the field or on "Vai").
  const [shown, setShown] = useState(page);
  if (shown !== page) {
    setShown(page);
    setText(String(page));
  }
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const n = Math.trunc(Number(text));
    if (!Number.isFinite(n) || text.trim() === '') return;
    const target = Math.min(Math.max(n, 1), totalPages);
    setText(String(target));
    if (target !== page) onJump(target);
  };
  return (
    <HStack as="form" onSubmit={submit} justify="center" gap="2">
      <Text asChild fontSize="sm" color="fg.muted">
        <label htmlFor={id}>Vai alla pagina</label>
      </Text>
      <Input
        id={id}
        size="sm"
        width="20"
        type="number"
        inputMode="numeric"
        min={1}
        max={totalPages}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button size="sm" variant="outline" type="submit" aria-disabled={loading || undefined}>
        Vai
      </Button>
    </HStack>
  );
}
