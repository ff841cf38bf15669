// "Società affiliate": the clubs in force (then those that ended), each with its number, status, the data it shares
// (short labels: the long ones are in the key form), its people by kind (while it shares its profile), its athletes'
// certificates (while it shares them) and the last change;
// admins end an affiliation in force ("Termina", confirmed by the page). A table on wide screens, cards on phones.
import { Badge, Box, Flex, Stack, Table, Text, useBreakpointValue, VisuallyHidden, Wrap } from '@chakra-ui/react';
import { ListEmpty } from '../../../components/ui/list-status';
import type { OrganisationPortal_OverviewQuery } from '../../../gql/graphql';
import { PERSON_KIND_INFO, type PersonKindKey } from '../../../../../schema/constants';
import { affiliationBadge, count, day, scopeLabel, shortScopeLabel } from '../portal-labels';
import { EndAffiliationButton } from './end-affiliation';
import { TableScroll } from '../../../components/ui/table-scroll';

export type PortalAffiliation = OrganisationPortal_OverviewQuery['organisationOverview']['affiliations'][number];

export function StatusBadge({ affiliation }: { affiliation: PortalAffiliation }) {
  const badge = affiliationBadge(affiliation);
  return (
    <Badge colorPalette={badge.palette} variant="subtle" flexShrink={0}>
      {badge.label}
    </Badge>
  );
}

export function SharedData({ affiliation: a }: { affiliation: PortalAffiliation }) {
  if (a.scopes.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        Nessun dato
      </Text>
    );
  }
  return (
    <Wrap gap="1" as="ul" listStyleType="none" aria-label="Dati condivisi">
      {a.scopes.map((s) => (
        <Badge as="li" key={s} variant="outline" colorPalette="gray" title={scopeLabel(s)}>
          {shortScopeLabel(s)}
        </Badge>
      ))}
      {a.minorsContacts && a.scopes.includes('PEOPLE_CONTACTS') && (
        <Badge as="li" variant="outline" colorPalette="purple" title="Anche i contatti dei minorenni">
          Contatti minori
        </Badge>
      )}
    </Wrap>
  );
}

const people = (a: PortalAffiliation) => (a.peopleCount === null ? '—' : count(a.peopleCount));

const CERTIFICATE_BADGES = [
  { key: 'valid', label: 'validi', palette: 'green' },
  { key: 'expiring', label: 'in scadenza', palette: 'orange' },
  { key: 'expired', label: 'scaduti', palette: 'red' },
  { key: 'missing', label: 'mancanti', palette: 'gray' },
] as const;

/** The club's statistics it shares: people by kind, and its athletes' certificates. */
export function ClubStatistics({ affiliation: a, align = 'start' }: { affiliation: PortalAffiliation; align?: 'start' | 'end' }) {
  if (!a.peopleByKind && !a.certificates) return null;
  return (
    <Stack gap="1" align={align === 'end' ? 'flex-end' : 'flex-start'}>
      {a.peopleByKind && a.peopleByKind.length > 0 && (
        <Text fontSize="xs" color="fg.muted" textAlign={align}>
          {a.peopleByKind.map((k) => `${PERSON_KIND_INFO[k.label as PersonKindKey]?.plural ?? k.label} ${count(k.count)}`).join(' · ')}
        </Text>
      )}
      {a.certificates && (
        <Wrap gap="1" justify={align === 'end' ? 'flex-end' : 'flex-start'} aria-label="Certificati medici degli atleti">
          {CERTIFICATE_BADGES.filter((b) => a.certificates![b.key] > 0).map((b) => (
            <Badge key={b.key} size="sm" variant="subtle" colorPalette={b.palette}>
              {count(a.certificates![b.key])} {b.label}
            </Badge>
          ))}
        </Wrap>
      )}
    </Stack>
  );
}

/** `onEnd` (admins): asks to end an affiliation in force. */
export function AffiliatedClubs({ affiliations, onEnd }: { affiliations: readonly PortalAffiliation[]; onEnd?: (a: PortalAffiliation) => void }) {
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false });
  if (affiliations.length === 0) {
    return <ListEmpty>Nessuna società affiliata. Chiedi l'affiliazione con la partita IVA, o manda alle società il codice qui sopra.</ListEmpty>;
  }
  if (!wide) {
    return (
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Società affiliate">
        {affiliations.map((a) => (
          <Box as="li" key={a.id} borderWidth="1px" borderRadius="lg" p="4" aria-label={a.clubName}>
            <Stack gap="3">
              <Flex gap="2" justify="space-between" align="flex-start">
                <Box minW="0">
                  <Text fontWeight="semibold" overflowWrap="anywhere">
                    {a.clubName}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" fontFamily="mono">
                    {a.clubNumber ?? 'Senza partita IVA'}
                  </Text>
                </Box>
                <StatusBadge affiliation={a} />
              </Flex>
              <SharedData affiliation={a} />
              <Text fontSize="sm" color="fg.muted">
                Tesserati: {people(a)} · aggiornata il {day(a.updatedAt)}
              </Text>
              <ClubStatistics affiliation={a} />
              {onEnd && a.status === 'active' && <EndAffiliationButton affiliation={a} onEnd={onEnd} alignSelf="flex-start" />}
            </Stack>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <TableScroll label="Società affiliate" borderWidth="1px" borderRadius="lg">
      <Table.Root size="sm" aria-label="Società affiliate">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader ps="4">Società</Table.ColumnHeader>
            <Table.ColumnHeader>Stato</Table.ColumnHeader>
            <Table.ColumnHeader>Dati condivisi</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Tesserati</Table.ColumnHeader>
            <Table.ColumnHeader pe={onEnd ? undefined : '4'}>Aggiornata</Table.ColumnHeader>
            {onEnd && (
              <Table.ColumnHeader pe="4">
                <VisuallyHidden>Azioni</VisuallyHidden>
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {affiliations.map((a) => (
            <Table.Row key={a.id} verticalAlign="top">
              <Table.Cell ps="4" py="3" maxW="xs">
                <Text fontWeight="medium" overflowWrap="anywhere">
                  {a.clubName}
                </Text>
                <Text fontSize="sm" color="fg.muted" fontFamily="mono">
                  {a.clubNumber ?? '—'}
                </Text>
              </Table.Cell>
              <Table.Cell py="3">
                <StatusBadge affiliation={a} />
              </Table.Cell>
              <Table.Cell py="3" maxW="sm">
                <SharedData affiliation={a} />
              </Table.Cell>
              <Table.Cell py="3" textAlign="end">
                <Stack gap="1" align="flex-end">
                  <Text>{people(a)}</Text>
                  <ClubStatistics affiliation={a} align="end" />
                </Stack>
              </Table.Cell>
              <Table.Cell pe={onEnd ? undefined : '4'} py="3" whiteSpace="nowrap" fontSize="sm">
                {day(a.updatedAt)}
              </Table.Cell>
              {onEnd && (
                <Table.Cell pe="4" py="2" textAlign="end">
                  {a.status === 'active' && <EndAffiliationButton affiliation={a} onEnd={onEnd} />}
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}
