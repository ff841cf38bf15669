// /area/:personId, one person of the family in the personal area (issue 36 point 4), in sections a phone user reads
// from the top: Dati, Iscrizione e tessere, Certificati medici (athletes), Quote e ricevute (issue 37), Documenti,
// Consensi privacy, Scarica i dati (when the account may), Chi vede i dati. What the account may do for the person
// is the server's answer (`may`), never guessed here from the relation. The section links stay under the header on a phone and beside the sections on a desktop.
// Someone outside the family reads "not found" (the server answers null), without a network the offline notice.
import { useQuery } from '@apollo/client/react';
import { Badge, Box, Flex, Grid, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router';
import { ArrowLeftIcon } from '../../../components/icons';
import { ListError, ListLoading } from '../../../components/ui/list-status';
import { OfflineNotice } from '../../../components/ui/offline-notice';
import { useDocumentTitle } from '../../../lib/document-title';
import { isNetworkFailure, messageOfError } from '../../../lib/errors';
import { FamilyPersonQuery } from '../family-area-documents';
import { fullName, italianDay } from '../family-labels';
import { PersonCertificatesSection } from '../components/person-certificates-section';
import { PersonConsentsSection } from '../components/person-consents-section';
import { PersonDataSection, type FamilyPersonPage as Person } from '../components/person-data-section';
import { PersonDocumentsSection } from '../components/person-documents-section';
import { PersonExportSection } from '../components/person-export-section';
import { PersonFeesSection } from '../components/person-fees-section';
import { PersonMembershipSection } from '../components/person-membership-section';
import { PersonVisibilitySection } from '../components/person-visibility-section';

function sectionsOf(person: Person): { id: string; label: string }[] {
  return [
    { id: 'dati', label: 'Dati' },
    { id: 'iscrizione', label: 'Iscrizione e tessere' },
    ...(person.certificateState ? [{ id: 'certificati', label: 'Certificati' }] : []),
    { id: 'quote', label: 'Quote e ricevute' },
    { id: 'documenti', label: 'Documenti' },
    { id: 'consensi', label: 'Consensi' },
    ...(person.may.export ? [{ id: 'scarica', label: 'Scarica i dati' }] : []),
    { id: 'chi-vede', label: 'Chi vede i dati' },
  ];
}

/** The section links: a row that scrolls sideways under the header on a phone, a column beside the page on a desktop. */
function SectionLinks({ person }: { person: Person }) {
  return (
    <Box
      as="nav"
      aria-label="Sezioni della scheda"
      position="sticky"
      top={{ base: '14', lg: '20' }}
      zIndex="docked"
      bg={{ base: 'bg.subtle', lg: 'transparent' }}
      mx={{ base: '-4', md: '-8', lg: '0' }}
      px={{ base: '4', md: '8', lg: '0' }}
      py="2"
      alignSelf="start"
    >
      <Flex as="ul" listStyleType="none" gap="2" direction={{ base: 'row', lg: 'column' }} overflowX={{ base: 'auto', lg: 'visible' }} css={{ scrollbarWidth: 'none' }}>
        {sectionsOf(person).map((s) => (
          <Box as="li" key={s.id} flexShrink={0}>
            <Link
              href={`#${s.id}`}
              display="block"
              px="3"
              py="1.5"
              borderRadius={{ base: 'full', lg: 'md' }}
              borderWidth={{ base: '1px', lg: '0' }}
              bg={{ base: 'bg', lg: 'transparent' }}
              fontSize="sm"
              fontWeight="medium"
              color="fg"
              textDecoration="none"
              whiteSpace="nowrap"
              _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
            >
              {s.label}
            </Link>
          </Box>
        ))}
      </Flex>
    </Box>
  );
}

function BackLink() {
  return (
    <Link asChild fontSize="sm" color="fg.muted" alignSelf="flex-start">
      <RouterLink to="/area">
        <ArrowLeftIcon boxSize="4" />
        Area personale
      </RouterLink>
    </Link>
  );
}

function PersonHeader({ person }: { person: Person }) {
  const relation = person.relation === 'genitore' ? 'Figlio/a' : 'La tua scheda';
  return (
    <Stack gap="2">
      <BackLink />
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em" overflowWrap="anywhere">
        {fullName(person)}
      </Heading>
      <Flex gap="2" align="center" wrap="wrap">
        <Badge colorPalette={person.relation === 'genitore' ? 'blue' : 'brand'}>{relation}</Badge>
        <Text color="fg.muted">{person.clubName}</Text>
      </Flex>
      {person.birthday && <Text color="fg.muted" fontSize="sm">{`Nato/a il ${italianDay(person.birthday)}`}</Text>}
    </Stack>
  );
}

export default function FamilyPersonPage() {
  const { personId = '' } = useParams();
  const { data, previousData, error, refetch } = useQuery(FamilyPersonQuery, { variables: { personId }, fetchPolicy: 'cache-and-network' });
  const answered = data ?? (previousData?.myFamilyPerson?.personId === personId ? previousData : undefined);
  const person = answered?.myFamilyPerson;
  useDocumentTitle(person ? fullName(person) : 'Area personale');
  const reload = () => refetch();
  const retry = () => void refetch().catch(() => undefined);

  if (!answered) {
    if (error && isNetworkFailure(error)) return <OfflineNotice onRetry={retry} />;
    return (
      <Stack gap="4">
        <BackLink />
        {error ? <ListError message={messageOfError(error)} onRetry={retry} /> : <ListLoading label="Caricamento della scheda..." />}
      </Stack>
    );
  }
  if (!person) {
    return (
      <Stack gap="4">
        <BackLink />
        <Heading as="h1" size="2xl">
          Scheda non trovata
        </Heading>
        <Text color="fg.muted">Questa scheda non è tra quelle collegate al tuo account. Torna all’area personale per vedere le tue.</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="4">
      <PersonHeader person={person} />
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '12rem minmax(0, 1fr)' }} gap={{ base: '2', lg: '8' }} alignItems="start">
        <SectionLinks person={person} />
        <Stack gap="4" minW="0">
          <PersonDataSection person={person} onSaved={reload} />
          <PersonMembershipSection person={person} />
          <PersonCertificatesSection person={person} onSaved={reload} />
          <PersonFeesSection person={person} />
          <PersonDocumentsSection person={person} />
          <PersonConsentsSection person={person} onSaved={reload} />
          {person.may.export && <PersonExportSection person={person} />}
          <PersonVisibilitySection person={person} />
        </Stack>
      </Grid>
    </Stack>
  );
}
