// /area, the personal area's first screen (issue 36 point 4): the people the account reaches (itself and the minors it
// is guardian of, in every club) as cards: name, club, who they are to you, the medical certificate's state and
// expiry; a card opens the person. Above them, the family's call-ups to answer (issue 38); under them, the notices
// received (issue 39) after the channels of the family's groups (issue 39 point 4), how they come by e-mail and as notifications on this device. An account linked to nobody reads what to ask the club, not an
// error; without a network, the offline notice.
import { useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Heading, HStack, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { FAMILY_MSG } from '../../../../../schema/messages-family';
import { ChevronRightIcon, UsersIcon } from '../../../components/icons';
import { CertificateBadge } from '../../../components/ui/certificate-badge';
import { ListError, ListLoading } from '../../../components/ui/list-status';
import { OfflineNotice } from '../../../components/ui/offline-notice';
import type { FamilyArea_PeopleQuery } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/document-title';
import { isNetworkFailure, messageOfError } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { MyCallUpsSection } from '../../../components/call-ups/my-call-ups-section';
import { FamilyCalendarSection } from '../components/family-calendar-section';
import { MyChannelsSection } from '../components/my-channels-section';
import { MyMailSettingsSection } from '../components/my-mail-settings-section';
import { MyNoticesSection } from '../components/my-notices-section';
import { MyPushSection } from '../components/my-push-section';
import { MyFamilyQuery } from '../family-area-documents';
import { fullName, italianDay, RELATION_LABELS } from '../family-labels';

type FamilyPerson = FamilyArea_PeopleQuery['myFamily'][number];

const TITLE = 'Area personale';

function PersonCard({ person }: { person: FamilyPerson }) {
  const name = fullName(person);
  return (
    <LinkBox
      as="li"
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p="4"
      shadow="xs"
      transition="box-shadow 0.15s, border-color 0.15s"
      _hover={{ borderColor: 'brand.emphasized', shadow: 'sm' }}
      _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
    >
      <Flex gap="3" align="flex-start">
        <Stack gap="1" flex="1" minW="0">
          <Flex gap="2" align="center" wrap="wrap">
            <LinkOverlay asChild outline="none">
              <RouterLink to={`/area/${person.personId}`}>
                <Text as="span" fontWeight="semibold" fontSize="lg" overflowWrap="anywhere">
                  {name}
                </Text>
              </RouterLink>
            </LinkOverlay>
            <Badge colorPalette={person.relation === 'genitore' ? 'blue' : 'brand'} variant="subtle">
              {RELATION_LABELS[person.relation]}
            </Badge>
          </Flex>
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            {person.clubName}
          </Text>
          {person.birthday && (
            <Text fontSize="sm" color="fg.muted">
              {`Nato/a il ${italianDay(person.birthday)}`}
            </Text>
          )}
          {person.certificateState && (
            <HStack gap="2" mt="2" wrap="wrap">
              <Text fontSize="sm">Certificato medico</Text>
              <CertificateBadge state={person.certificateState} size="sm" />
              {person.certificateExpiresOn && (
                <Text fontSize="sm" color="fg.muted">
                  {`scade il ${italianDay(person.certificateExpiresOn)}`}
                </Text>
              )}
            </HStack>
          )}
        </Stack>
        <ChevronRightIcon color="fg.muted" mt="1" />
      </Flex>
    </LinkBox>
  );
}

/** An account linked to nobody: what to ask the club (the server's sentence), not an error. */
function NobodyLinked({ staff }: { staff: boolean }) {
  return (
    <Stack as="section" aria-labelledby="area-vuota" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '5', md: '8' }} gap="3" align="flex-start">
      <UsersIcon boxSize="8" color="fg.muted" />
      <Heading as="h2" id="area-vuota" size="lg">
        Nessuna scheda collegata
      </Heading>
      <Text color="fg.muted">{FAMILY_MSG.familyNoAccess}</Text>
      <Text color="fg.muted" fontSize="sm">
        Il link arriva per email quando la società approva un’iscrizione online o quando te lo manda dalla tua scheda: aprilo da questo telefono o computer
        ed entra con questo account.
      </Text>
      {staff && (
        <Button asChild variant="outline" alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
          <RouterLink to="/dashboard">Vai alla gestione della società</RouterLink>
        </Button>
      )}
    </Stack>
  );
}

export default function FamilyAreaPage() {
  useDocumentTitle(TITLE);
  const { account, membership } = useSession();
  const { data, previousData, error, refetch } = useQuery(MyFamilyQuery, { fetchPolicy: 'cache-and-network' });
  const people = (data ?? previousData)?.myFamily;
  const retry = () => void refetch().catch(() => undefined);

  let body;
  if (people) {
    body = (
      <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap="3" listStyleType="none" aria-label="Le persone della tua famiglia">
        {people.map((person) => (
          <PersonCard key={person.personId} person={person} />
        ))}
      </SimpleGrid>
    );
  } else if (error && messageOfError(error) === FAMILY_MSG.familyNoAccess) body = <NobodyLinked staff={Boolean(membership)} />;
  else if (error && isNetworkFailure(error)) body = <OfflineNotice onRetry={retry} />;
  else if (error) body = <ListError message={messageOfError(error)} onRetry={retry} />;
  else body = <ListLoading label="Caricamento della tua famiglia..." />;

  const firstname = account?.profile.firstname;
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
          {TITLE}
        </Heading>
        <Text color="fg.muted">
          {firstname ? `Ciao ${firstname}: ` : ''}
          qui trovi i dati che la società ha su di te e sui tuoi figli: iscrizioni, tessere, certificati medici, documenti e consensi.
        </Text>
      </Stack>
      {people && people.length > 0 && <MyCallUpsSection />}
      {body}
      {people && people.length > 0 && <MyChannelsSection />}
      {people && people.length > 0 && <MyNoticesSection />}
      {people && people.length > 0 && <MyMailSettingsSection />}
      {people && people.length > 0 && <MyPushSection />}
      {people && people.length > 0 && <FamilyCalendarSection clubs={[...new Map(people.map((p) => [p.clubId, { clubId: p.clubId, clubName: p.clubName }])).values()]} />}
      {membership && people && (
        <Box borderTopWidth="1px" pt="4">
          <Text fontSize="sm" color="fg.muted">
            Lavori anche per una società?{' '}
            <RouterLink to="/dashboard">
              <Text as="span" color="brand.fg" fontWeight="semibold" textDecoration="underline">
                Vai alla gestione
              </Text>
            </RouterLink>
          </Text>
        </Box>
      )}
    </Stack>
  );
}
