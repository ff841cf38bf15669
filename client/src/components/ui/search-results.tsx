// What a search-as-you-type shows under its box: searching, failed, nothing found, or the list of what it found
// (a person search in the fees' statements, a notice's hand-picked people, a guardian's existing profile).
import { Box, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface SearchResultsProps {
  /** The text is long enough to search. */
  active: boolean;
  loading: boolean;
  /** The search failed and there is no earlier answer to show. */
  failed?: boolean;
  /** An answer has come (possibly empty). */
  answered: boolean;
  count: number;
  empty: string;
  /** Tied to the search box by its aria-controls. */
  id?: string;
  /** The list's items (`<li>`). */
  children: ReactNode;
}

export function SearchResults({ active, loading, failed = false, answered, count, empty, id, children }: SearchResultsProps) {
  let content: ReactNode = null;
  if (active && loading && !answered) {
    content = (
      <HStack gap="2" role="status">
        <Spinner size="xs" />
        <Text fontSize="sm" color="fg.muted">
          Ricerca in corso...
        </Text>
      </HStack>
    );
  } else if (active && failed && !answered) {
    content = (
      <Text fontSize="sm" color="fg.error">
        La ricerca non è riuscita: riprova.
      </Text>
    );
  } else if (active && answered && count === 0) {
    content = (
      <Text fontSize="sm" color="fg.muted" role="status">
        {empty}
      </Text>
    );
  } else if (count > 0) {
    content = (
      <Stack as="ul" gap="1" listStyleType="none" aria-label="Persone trovate">
        {children}
      </Stack>
    );
  }
  return (
    <Box id={id} aria-live="polite">
      {content}
    </Box>
  );
}
