// "Chi vede i dati" of a person in the personal area: the club's roles that may see the person, whether each also
// sees health data (the medical certificates), and who holds the role at the club.
import { Badge, Flex, Stack, Text } from '@chakra-ui/react';
import { AreaEmpty, AreaItem, AreaSection } from './area-section';
import type { FamilyPersonPage } from './person-data-section';

export function PersonVisibilitySection({ person }: { person: FamilyPersonPage }) {
  return (
    <AreaSection id="chi-vede" title="Chi vede i dati" description={`Chi, in ${person.clubName}, può vedere questa scheda, per ruolo. Ogni lettura dei dati sanitari resta nel registro degli accessi della società.`}>
      {person.visibility.length ? (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Chi vede i dati">
          {person.visibility.map((v) => (
            <AreaItem key={v.role}>
              <Flex justify="space-between" gap="2" wrap="wrap" align="center">
                <Text fontWeight="semibold">{v.roleLabel}</Text>
                <Badge colorPalette={v.health ? 'orange' : 'gray'} variant="subtle">
                  {v.health ? 'Vede anche i certificati medici' : 'Non vede i dati sanitari'}
                </Badge>
              </Flex>
              <Text fontSize="sm" color="fg.muted" mt="1" overflowWrap="anywhere">
                {v.names.length ? v.names.join(', ') : 'Nessuno ha questo ruolo ora.'}
              </Text>
            </AreaItem>
          ))}
        </Stack>
      ) : (
        <AreaEmpty>Nessun ruolo della società vede questa scheda.</AreaEmpty>
      )}
    </AreaSection>
  );
}
