// "Iscrizione e tessere" of a person in the personal area: the entries of the libro soci (number, admission, exit,
// the seasons renewed) and the federation or EPS cards with their validity.
import { Badge, Flex, Stack, Text } from '@chakra-ui/react';
import { italianDay } from '../family-labels';
import { AreaEmpty, AreaItem, AreaSection, AreaSubsection } from './area-section';
import type { FamilyPersonPage } from './person-data-section';

export function PersonMembershipSection({ person }: { person: FamilyPersonPage }) {
  return (
    <AreaSection id="iscrizione" title="Iscrizione e tessere" description={`L’iscrizione a ${person.clubName} come socio e le tessere di federazioni ed enti.`}>
      {person.kinds.length > 0 && (
        <Flex gap="2" wrap="wrap" aria-label="Ruoli nella società" role="group">
          {person.kinds.map((kind) => (
            <Badge key={kind} variant="outline" colorPalette="gray">
              {kind}
            </Badge>
          ))}
        </Flex>
      )}
      <AreaSubsection title="Libro soci">
        {person.memberships.length ? (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Iscrizioni al libro soci">
            {person.memberships.map((m) => (
              <AreaItem key={m.number}>
                <Flex justify="space-between" gap="2" wrap="wrap" align="center">
                  <Text fontWeight="semibold">{`Socio n. ${m.number}`}</Text>
                  <Badge colorPalette={m.exitOn ? 'gray' : 'green'}>{m.exitOn ? 'Uscito' : 'Socio'}</Badge>
                </Flex>
                <Text fontSize="sm" color="fg.muted" mt="1">
                  {`Ammesso il ${italianDay(m.admittedOn)}${m.exitOn ? ` · uscito il ${italianDay(m.exitOn)}` : ''}`}
                </Text>
                {m.seasons.length > 0 && (
                  <Text fontSize="sm" mt="1">
                    {`Stagioni: ${m.seasons.join(', ')}`}
                  </Text>
                )}
              </AreaItem>
            ))}
          </Stack>
        ) : (
          <AreaEmpty>Non risulta nel libro soci.</AreaEmpty>
        )}
      </AreaSubsection>
      <AreaSubsection title="Tessere">
        {person.cards.length ? (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Tessere">
            {person.cards.map((c) => (
              <AreaItem key={`${c.body}-${c.number}-${c.season}`}>
                <Flex justify="space-between" gap="2" wrap="wrap">
                  <Text fontWeight="semibold">{`${c.body} n. ${c.number}`}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {`Stagione ${c.season}`}
                  </Text>
                </Flex>
                <Text fontSize="sm" color="fg.muted" mt="1">
                  {`Valida dal ${italianDay(c.startsOn)} al ${italianDay(c.expiresOn)}`}
                </Text>
              </AreaItem>
            ))}
          </Stack>
        ) : (
          <AreaEmpty>Nessuna tessera registrata.</AreaEmpty>
        )}
      </AreaSubsection>
    </AreaSection>
  );
}
