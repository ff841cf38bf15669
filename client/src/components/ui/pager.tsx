// Previous / next paging of a list (spec: 8 rows a page). Nothing to show when everything fits in one page. With
// `onJump` (lists whose page lives in the address), a "Vai alla pagina" field jumps straight to a page.
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';

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
  if (totalPages <= 1) return null;
  return (
    <Stack as="nav" aria-label="Paginazione" gap="3" pt="2">
      <HStack justify="space-between" gap="3">
        <Button size="sm" variant="outline" onClick={onPrev} disabled={loading || page <= 1}>
          Precedente
        </Button>
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          Pagina {page} di {totalPages}
        </Text>
        <Button size="sm" variant="outline" onClick={onNext} disabled={loading || page >= totalPages}>
          Successiva
        </Button>
      </HStack>
      {onJump && totalPages > 2 && <JumpToPage key={page} page={page} totalPages={totalPages} onJump={onJump} loading={loading} />}
    </Stack>
  );
}

/** A page number and "Vai": Enter works too; a number out of range is brought back within 1..totalPages. */
function JumpToPage({ page, totalPages, onJump, loading }: { page: number; totalPages: number; onJump: (page: number) => void; loading: boolean }) {
  const [text, setText] = useState(String(page));
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
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
      <Button size="sm" variant="outline" type="submit" disabled={loading}>
        Vai
      </Button>
    </HStack>
  );
}
