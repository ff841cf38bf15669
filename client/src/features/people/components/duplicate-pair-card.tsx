// One pair of possible duplicates: why they were flagged, the two profiles side by side (stacked on phones), and
// "Unisci" for the roles that may merge. The characters where two similar tax codes differ are highlighted.
import { Badge, Box, Button, Flex, HStack, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PERSON_KIND_INFO } from '../../../../../schema/constants';
import type { DuplicateReason, Duplicates_PersonFragment } from '../../../gql/graphql';
import { differingPositions, personName } from '../merge-plan';

export const REASON_LABELS: Record<DuplicateReason, string> = {
  SAME_NAME_BIRTHDAY: 'Stesso nome e data di nascita',
  SIMILAR_TAX_CODE: 'Codice fiscale quasi uguale',
};

/** 2026-03-01 -> 01/03/2026 (a calendar day). */
export const formatDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const INSTANT_DAY = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' });
export const formatInstantDay = (instant: string) => INSTANT_DAY.format(new Date(instant));

export interface DuplicatePair {
  reasons: readonly DuplicateReason[];
  first: Duplicates_PersonFragment;
  second: Duplicates_PersonFragment;
}

function TaxCode({ code, highlight }: { code: string; highlight: Set<number> }) {
  return (
    <Text as="span" fontFamily="mono" letterSpacing="wide" wordBreak="break-all">
      {[...code].map((c, i) =>
        highlight.has(i) ? (
          <Box as="mark" key={i} bg="orange.200" color="orange.950" borderRadius="sm" title="Carattere diverso">
            {c}
          </Box>
        ) : (
          c
        ),
      )}
    </Text>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex gap="2" fontSize="sm" wrap="wrap">
      <Text as="span" color="fg.muted" minW="28">
        {label}
      </Text>
      <Text as="span" minW="0">
        {children}
      </Text>
    </Flex>
  );
}

export function ProfileSummary({ person, highlight, label }: { person: Duplicates_PersonFragment; highlight: Set<number>; label: string }) {
  const roleId = (person.roles.find((r) => !r.archivedAt) ?? person.roles[0])?.id;
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="lg" p="3" minW="0" aria-label={`${label}: ${personName(person)}`}>
      <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
        <Text fontWeight="semibold" fontSize="md">
          {personName(person)}
        </Text>
        {roleId && (
          <Button asChild size="xs" variant="ghost">
            <RouterLink to={`/persona/${roleId}`}>Apri scheda</RouterLink>
          </Button>
        )}
      </Flex>
      <Field label="Codice fiscale">
        <TaxCode code={person.taxIdCode} highlight={highlight} />
      </Field>
      <Field label="Data di nascita">{person.birthday ? formatDay(person.birthday) : '—'}</Field>
      {person.birthplace && <Field label="Luogo di nascita">{person.birthplace}</Field>}
      <Field label="Inserito il">{formatInstantDay(person.createdAt)}</Field>
      <Wrap gap="1.5" aria-label="Ruoli">
        {person.roles.map((role) => (
          <Badge key={role.id} colorPalette={role.archivedAt ? 'gray' : 'brand'} variant={role.archivedAt ? 'outline' : 'subtle'}>
            {PERSON_KIND_INFO[role.kind].singular}
            {role.archivedAt ? ' (archiviato)' : ''}
            {role.groups.length ? ` · ${role.groups.map((g) => g.name).join(', ')}` : ''}
          </Badge>
        ))}
      </Wrap>
      {person.hasLinkedAccount && (
        <Text fontSize="xs" color="fg.muted">
          Collegato a un account
        </Text>
      )}
    </Stack>
  );
}

export function DuplicatePairCard({ pair, onMerge }: { pair: DuplicatePair; onMerge?: (pair: DuplicatePair) => void }) {
  // The 16th character is the check letter: it changes with any other, so only the first 15 are marked.
  const highlight = pair.reasons.includes('SIMILAR_TAX_CODE')
    ? new Set([...differingPositions(pair.first.taxIdCode, pair.second.taxIdCode)].filter((i) => i < 15))
    : new Set<number>();
  return (
    <Box as="li" listStyleType="none" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '3', md: '4' }}>
      <Stack gap="3">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <HStack gap="2" wrap="wrap">
            {pair.reasons.map((reason) => (
              <Badge key={reason} colorPalette="orange" variant="subtle">
                {REASON_LABELS[reason]}
              </Badge>
            ))}
          </HStack>
          {onMerge && (
            <Button size="sm" onClick={() => onMerge(pair)} aria-label={`Unisci ${personName(pair.first)} e ${personName(pair.second)}`}>
              Unisci
            </Button>
          )}
        </Flex>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <ProfileSummary person={pair.first} highlight={highlight} label="Primo profilo" />
          <ProfileSummary person={pair.second} highlight={highlight} label="Secondo profilo" />
        </SimpleGrid>
      </Stack>
    </Box>
  );
}
