// A closed season's groups or categories (issue 35 point 3), shown on /groups and /category while that season is looked
// at: as the renewal that closed it kept them (season_rosters), each with its people, read-only. The live groups have
// gone on with the next season; a closed season never renewed kept no composition of its own, and says so.
import { useQuery } from '@apollo/client/react';
import { Badge, Box, Card, Flex, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import { graphql } from '../../../gql';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import type { SeasonInfo } from '../../../lib/season-view';

export const SeasonRosterQuery = graphql(`
  query SeasonGroups_Roster($seasonId: ID!) {
    seasonRoster(seasonId: $seasonId) {
      snapshot
      groups {
        groupId
        name
        type
        people {
          roleId
          firstname
          lastname
        }
      }
    }
  }
`);

export type SeasonGroupsList = 'groups' | 'categories';

const TITLE: Record<SeasonGroupsList, string> = { groups: 'Gruppi', categories: 'Categorie' };

export function SeasonGroups({ list, season }: { list: SeasonGroupsList; season: SeasonInfo }) {
  const title = `${TITLE[list]} della stagione ${season.label}`;
  useDocumentTitle(title);
  const { data, loading, error, refetch } = useQuery(SeasonRosterQuery, { variables: { seasonId: season.id } });
  const roster = data?.seasonRoster;
  const groups = (roster?.groups ?? []).filter((g) => (list === 'categories') === (g.type === 'athlete'));

  let body;
  if (!data && loading) body = <ListLoading />;
  else if (!data && error) body = <ListError message={messageOfError(error)} onRetry={() => void refetch().catch(() => undefined)} />;
  else if (!roster?.snapshot) {
    body = (
      <ListEmpty>
        La composizione di {list === 'categories' ? 'categorie' : 'gruppi'} della stagione {season.label} non è stata conservata: viene salvata dal rinnovo
        guidato che apre la stagione successiva.
      </ListEmpty>
    );
  } else if (groups.length === 0) {
    body = <ListEmpty>Nella stagione {season.label} {list === 'categories' ? 'nessuna categoria aveva atleti' : 'nessun gruppo aveva persone'}.</ListEmpty>;
  } else {
    body = (
      <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 3 }} gap="4" listStyleType="none" aria-label={title}>
        {groups.map((group) => (
          <Card.Root as="li" key={group.groupId} size="sm">
            <Card.Header>
              <Flex justify="space-between" align="baseline" gap="2">
                <Heading as="h2" size="md" overflowWrap="anywhere">
                  {group.name}
                </Heading>
                <Text fontSize="sm" color="fg.muted" flexShrink={0}>
                  {group.people.length} {group.people.length === 1 ? 'persona' : 'persone'}
                </Text>
              </Flex>
            </Card.Header>
            <Card.Body pt="2">
              <Stack as="ul" gap="1" listStyleType="none" aria-label={`Persone di ${group.name}`}>
                {group.people.map((p) => (
                  <Box as="li" key={p.roleId}>
                    <Link asChild variant="underline">
                      <RouterLink to={`/persona/${p.roleId}`}>
                        {p.lastname} {p.firstname}
                      </RouterLink>
                    </Link>
                  </Box>
                ))}
              </Stack>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="6">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Badge colorPalette="orange" variant="subtle">
          Sola lettura
        </Badge>
      </Flex>
      <Text color="fg.muted">Com’erano a fine stagione, quando il rinnovo ha aperto la successiva. I gruppi di oggi sono quelli della stagione corrente.</Text>
      {body}
    </Stack>
  );
}
