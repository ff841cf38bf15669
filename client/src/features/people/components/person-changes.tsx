// "Modifiche" under a person's record: who created, changed, archived or restored it, and when (the access log's
// lines about this person, newest first). Owners and admins also get a link to everything the log holds on them.
// Under the form in the side panel, or as a card of its own on the person page (`asCard`).
import { useQuery } from '@apollo/client/react';
import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { ACCESS_LOG_ACTIONS } from '../../../../../schema/access-log';
import { graphql } from '../../../gql';
import { useAccess } from '../../../lib/use-access';

const PersonChangesQuery = graphql(`
  query PersonChanges_List($personId: ID!) {
    personChanges(personId: $personId) {
      id
      at
      action
      actorKind
      actorName
      actorEmail
      detail
    }
  }
`);

const WHEN = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'medium', timeStyle: 'short' });

export function PersonChanges({ personId, name, asCard = false }: { personId: string; name: string; asCard?: boolean }) {
  // Unique per instance: the person page and its side panel may show the same person's changes at once.
  const headingId = useId();
  const { data, loading, error } = useQuery(PersonChangesQuery, { variables: { personId }, fetchPolicy: 'cache-and-network' });
  const readsLog = useAccess().can('accessLog.read');
  const changes = data?.personChanges ?? [];
  let body;
  if (error) body = <Text color="fg.muted">Le modifiche non sono disponibili in questo momento.</Text>;
  else if (loading && !data) body = <Text color="fg.muted">Caricamento...</Text>;
  else if (!changes.length) body = <Text color="fg.muted">Nessuna modifica registrata.</Text>;
  else {
    body = (
      <Stack as="ol" gap="2" listStyleType="none">
        {changes.map((change) => (
          <Box as="li" key={change.id} fontSize="sm">
            <Text>
              <Text as="span" fontWeight="medium">
                {ACCESS_LOG_ACTIONS[change.action]}
              </Text>
              {' — '}
              {change.actorKind === 'system' ? 'Sistema' : (change.actorName ?? change.actorEmail ?? 'sconosciuto')}
            </Text>
            <Text color="fg.muted">
              <time dateTime={change.at}>{WHEN.format(new Date(change.at))}</time>
              {change.detail ? ` · ${change.detail}` : ''}
            </Text>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      {...(asCard ? { bg: 'bg', borderWidth: '1px', borderRadius: 'xl', p: { base: '4', md: '6' }, minW: '0' } : { borderTopWidth: '1px', pt: '4', mt: '6' })}
    >
      <Heading as={asCard ? 'h2' : 'h3'} size={asCard ? 'md' : 'sm'} id={headingId} mb={asCard ? '4' : '3'}>
        Modifiche
      </Heading>
      {body}
      {readsLog && (
        <Link asChild fontSize="sm" mt="3" colorPalette="brand" variant="underline">
          <RouterLink to={`/registro-accessi?${new URLSearchParams({ person: personId, personName: name })}`}>Vedi tutto nel registro accessi</RouterLink>
        </Link>
      )}
    </Box>
  );
}
