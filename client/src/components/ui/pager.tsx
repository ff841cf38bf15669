// Previous / next paging of a list (spec: 8 rows a page). Nothing to show when everything fits in one page.
import { Button, HStack, Text } from '@chakra-ui/react';

export interface PagerProps {
  page: number;
  totalPages: number;
  onPrev: () => void;
  onNext: () => void;
  /** A page is loading: both buttons wait. */
  loading?: boolean;
}

export function Pager({ page, totalPages, onPrev, onNext, loading = false }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <HStack as="nav" aria-label="Paginazione" justify="space-between" gap="3" pt="2">
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
  );
}
