// "Possibile duplicato di …" on a person's page: shown when the person may have a second profile in the club (same
// name and birth date, or a tax code one character apart), with a link to /duplicati where the two can be merged.
// Shared: the person page and other features use it (a feature does not import another).
// Nothing is shown to roles that may not edit people, nor when the check fails (a notice, not a page).
import { useQuery } from '@apollo/client/react';
import { Alert, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { PERSON_KINDS } from '../../../schema/constants';
import { graphql } from '../gql';
import { useAccess } from '../lib/use-access';

const PersonDuplicatesQuery = graphql(`
  query PersonDuplicatesNotice($personId: ID!) {
    possibleDuplicates(personId: $personId) {
      totalCount
      pairs {
        first {
          id
          firstname
          lastname
        }
        second {
          id
          firstname
          lastname
        }
      }
    }
  }
`);

/** `personId`: Person.id (not a role id). */
export function PersonDuplicatesNotice({ personId }: { personId: string }) {
  const access = useAccess();
  const allowed = PERSON_KINDS.some((kind) => access.can(`people.${kind}.write`));
  const { data } = useQuery(PersonDuplicatesQuery, { variables: { personId }, skip: !allowed, fetchPolicy: 'cache-and-network' });
  const found = data?.possibleDuplicates;
  if (!allowed || !found?.totalCount) return null;
  const others = found.pairs.map((pair) => (pair.first.id === personId ? pair.second : pair.first));
  const names = others.map((p) => `${p.firstname} ${p.lastname}`.trim());
  const shown = names.length > 2 ? `${names.slice(0, 2).join(', ')} e altri ${names.length - 2}` : names.join(' e ');
  return (
    <Alert.Root status="warning" borderRadius="lg" data-testid="person-duplicates-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Possibile duplicato di {shown}</Alert.Title>
        <Alert.Description>
          Potrebbe essere la stessa persona registrata due volte.{' '}
          <Link asChild fontWeight="medium" textDecoration="underline">
            <RouterLink to="/duplicati">Controlla i possibili duplicati</RouterLink>
          </Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
