// /duplicati (user menu "Possibili duplicati"; the person page's notice links here): profiles of the club that may be
// one person (same name and birth date, or tax codes one character apart), side by side, and "Unisci" for the roles
// that may merge them (people archive). Loading, empty and error states; one column on phones, two on wide screens.
import { useQuery } from '@apollo/client/react';
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PERSON_KINDS } from '../../../../../schema/constants';
import { FormAlert } from '../../../components/ui/form-alert';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { useAccess } from '../../../lib/use-access';
import { DuplicatePairCard, type DuplicatePair } from '../components/duplicate-pair-card';
import { MergeDialog } from '../components/merge-dialog';
import { PossibleDuplicatesQuery } from '../duplicates-documents';

const TITLE = 'Possibili duplicati';

export default function DuplicatesPage() {
  useDocumentTitle(TITLE);
  const access = useAccess();
  // Merging deletes a profile and moves its roles: the roles that may archive people (the office).
  const mayMerge = PERSON_KINDS.some((kind) => access.can(`people.${kind}.archive`));
  const query = useQuery(PossibleDuplicatesQuery, { fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  const [merging, setMerging] = useState<DuplicatePair | null>(null);
  const result = (query.data ?? query.previousData)?.possibleDuplicates;

  let body;
  if (query.error && !result) {
    body = <ListError message={messageOfError(query.error)} onRetry={() => void query.refetch()} />;
  } else if (!result) {
    body = <ListLoading label="Ricerca dei possibili duplicati..." />;
  } else if (result.pairs.length === 0) {
    body = <ListEmpty>Nessun possibile duplicato: ogni persona della società ha un solo profilo.</ListEmpty>;
  } else {
    body = (
      <Stack gap="3" aria-busy={query.loading}>
        {query.error && <FormAlert message={messageOfError(query.error)} />}
        <Text color="fg.muted" fontSize="sm" role="status">
          {result.totalCount === 1 ? '1 coppia da controllare' : `${result.totalCount} coppie da controllare`}
          {result.totalCount > result.pairs.length ? `: sono mostrate le prime ${result.pairs.length}, le altre compariranno man mano.` : '.'}
        </Text>
        <Stack as="ul" gap="3" ps="0">
          {result.pairs.map((pair) => (
            <DuplicatePairCard key={`${pair.first.id}|${pair.second.id}`} pair={pair} onMerge={mayMerge ? setMerging : undefined} />
          ))}
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack gap="6" maxW="6xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="fg.muted">
          Profili che potrebbero appartenere alla stessa persona: stesso nome e data di nascita, oppure codici fiscali che
          differiscono per un solo carattere (un codice corretto). Controlla le due schede e, se è la stessa persona, uniscile:
          ruoli, gruppi, documenti, certificati e storico restano sul profilo che scegli.
        </Text>
        {!mayMerge && (
          <Text color="fg.muted" fontSize="sm">
            Solo la segreteria, il titolare e gli amministratori possono unire i profili.
          </Text>
        )}
      </Stack>
      {body}
      <MergeDialog
        pair={merging}
        onClose={() => setMerging(null)}
        onMerged={() => setMerging(null)}
      />
    </Stack>
  );
}
