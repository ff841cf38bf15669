// /club: the club's data, read-only (spec §2 "Club page"): logo (placeholder until uploaded), name, type, sport,
// foundation, tax data, legal representative, contacts, addresses, colours and season, with a "Modifica" button
// (club.write) and, for the owner (club.archive), "Archivia società".
import { useQuery } from '@apollo/client/react';
import { Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CLUB_TYPES, SPORTS } from '../../../../../schema/constants';
import { ListError } from '../../../components/ui/list-status';
import { PageSpinner } from '../../../components/ui/page-spinner';
import type { ClubRecord_ClubFragment } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { CurrentClubQuery } from '../club-documents';
import { useAccess } from '../../../lib/use-access';
import { ArchiveClubSection } from '../components/archive-club-section';
import { ClubLogo } from '../components/club-logo';
import { ColorSwatch } from '../components/color-swatch';

const NOT_SET = 'Non indicato';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
      <Heading as="h2" size="md" mb="4">
        {title}
      </Heading>
      <SimpleGrid as="dl" columns={{ base: 1, sm: 2 }} gap="4">
        {children}
      </SimpleGrid>
    </Box>
  );
}

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <Box gridColumn={wide ? { sm: 'span 2' } : undefined} minW="0">
      <Text as="dt" fontSize="xs" textTransform="uppercase" letterSpacing="wide" color="fg.muted" fontWeight="semibold">
        {label}
      </Text>
      <Box as="dd" m="0" mt="1" overflowWrap="anywhere" color={empty ? 'fg.muted' : undefined}>
        {empty ? NOT_SET : children}
      </Box>
    </Box>
  );
}

type Address = ClubRecord_ClubFragment['legalAddress'];
function formatAddress(a: Address): string {
  if (!a) return '';
  const street = [a.address, a.streetNumber].filter(Boolean).join(', ');
  const place = [a.postalCode, a.city, a.province ? `(${a.province})` : null].filter(Boolean).join(' ');
  return [street, place, a.country].filter(Boolean).join(' - ');
}

const mail = (email: string | null | undefined) => (email ? <a href={`mailto:${email}`}>{email}</a> : null);
const phone = (number: string | null | undefined) => (number ? <a href={`tel:${number}`}>{number}</a> : null);

export function ClubDetails({ club }: { club: ClubRecord_ClubFragment }) {
  const typeLabel = CLUB_TYPES.find((t) => t.value === club.typeClub)?.label ?? club.typeClub;
  const sportLabel = SPORTS.find((s) => s.value === club.sport)?.label;
  return (
    <Stack gap="6">
      <Card title="Dati società">
        <Item label="Nome">{club.fullName}</Item>
        <Item label="Tipo">{typeLabel}</Item>
        <Item label="Sport">{sportLabel}</Item>
        <Item label="Anno di fondazione">{club.foundation}</Item>
        <Item label="Stagione">{club.seasonLabel}</Item>
      </Card>
      <Card title="Dati fiscali">
        <Item label="Ragione sociale">{club.companyName}</Item>
        <Item label="Partita IVA">{club.vatNumber}</Item>
        <Item label="Codice fiscale">{club.fiscalCode}</Item>
        <Item label="Legale rappresentante">{club.legalRepresentativeNameSurname}</Item>
        <Item label="Codice fiscale del legale rappresentante">{club.legalRepresentativeFiscalCode}</Item>
      </Card>
      <Card title="Contatti">
        <Item label="Email principale">{mail(club.emailPrimary)}</Item>
        <Item label="Email secondaria">{mail(club.emailSecondary)}</Item>
        <Item label="Telefono principale">{phone(club.phonePrimary)}</Item>
        <Item label="Telefono secondario">{phone(club.phoneSecondary)}</Item>
      </Card>
      <Card title="Indirizzi">
        <Item label="Sede legale" wide>
          {formatAddress(club.legalAddress)}
        </Item>
        <Item label="Sede operativa" wide>
          {formatAddress(club.clubAddress)}
        </Item>
      </Card>
      <Card title="Colori sociali">
        <Item label="Colore principale">
          <ColorSwatch value={club.primaryColor} />
        </Item>
        <Item label="Colore secondario">
          <ColorSwatch value={club.secondaryColor} />
        </Item>
      </Card>
    </Stack>
  );
}

export default function ClubPage() {
  useDocumentTitle('Club');
  const { data, loading, error, refetch } = useQuery(CurrentClubQuery, { fetchPolicy: 'cache-and-network' });
  const club = data?.club;
  const access = useAccess();

  return (
    <Stack gap="6" maxW="5xl">
      <Flex gap="4" align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <Flex gap="4" align="center" flex="1" minW="0">
          {club && <ClubLogo name={club.fullName} logoUrl={club.logoUrl} hasUploadedLogo={club.hasUploadedLogo} size="20" fontSize="3xl" />}
          <Box minW="0">
            <Heading as="h1" size="2xl" overflowWrap="anywhere">
              {club?.fullName ?? 'Club'}
            </Heading>
            {club && (
              <Text color="fg.muted">
                Stagione {club.seasonLabel}
                {!club.hasUploadedLogo && ' · logo non ancora caricato'}
              </Text>
            )}
          </Box>
        </Flex>
        {access.can('club.write') && (
          <Button asChild>
            <RouterLink to="/modifica-club">Modifica</RouterLink>
          </Button>
        )}
      </Flex>
      {club ? (
        <>
          <ClubDetails club={club} />
          {access.can('club.archive') && <ArchiveClubSection clubId={club.id} clubName={club.fullName} />}
        </>
      ) : loading ? (
        <PageSpinner label="Caricamento dati del club..." />
      ) : (
        <ListError message={messageOfError(error)} onRetry={() => void refetch()} />
      )}
    </Stack>
  );
}
