// "Qualifiche" on the person page: BLSD, first aid and fire prevention (the training flags of the profile), each
// with its expiry and the same states as certificates (a qualification not held says so instead of "Mancante").
// Its fields: the fragment PersonQualifications_Person in ../person-page-documents.ts (the page's one document).
import { HStack, Stack, Text } from '@chakra-ui/react';
import { QUALIFICATION_LABELS } from '../../../../../schema/medical-certificates';
import { CertificateBadge } from '../../../components/ui/certificate-badge';
import type { PersonQualifications_PersonFragment } from '../../../gql/graphql';
import { formatDay } from '../person-dates';
import { PageCard } from './page-card';

export function PersonQualifications({ person }: { person: PersonQualifications_PersonFragment }) {
  return (
    <PageCard title="Qualifiche">
      <Stack as="ul" gap="3" listStyleType="none">
        {person.qualifications.map((q) => (
          <HStack as="li" key={q.qualification} justify="space-between" align="flex-start" gap="3">
            <Stack gap="0" minW="0">
              <Text fontWeight="medium">{QUALIFICATION_LABELS[q.qualification]}</Text>
              <Text fontSize="sm" color="fg.muted">
                {!q.held ? 'Non conseguita' : q.expiresOn ? `Scade il ${formatDay(q.expiresOn)}` : 'Senza scadenza indicata'}
              </Text>
            </Stack>
            {q.held && <CertificateBadge state={q.state} />}
          </HStack>
        ))}
      </Stack>
    </PageCard>
  );
}
