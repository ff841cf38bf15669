// /quote/scaduti (fees.read; issue 37 point 2): the open charges due before today, the oldest first, of the whole
// club or of one group (?gruppo=<id>, the overview's links), 8 a page (?pagina=n). Each row: who owes it (a link to
// their statement), what, when it fell due and what is still open.
import { useQuery } from '@apollo/client/react';
import { Box, Button, Flex, Grid, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { clubDate } from '../../../../../schema/club-time';
import { ArrowLeftIcon } from '../../../components/icons';
import { FormField } from '../../../components/ui/form-field';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import { Pager } from '../../../components/ui/pager';
import { SelectInput } from '../../../components/ui/select-field';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { pageCount } from '../../../lib/use-cursor-pages';
import { pageVariables, useClampedPage, useListView } from '../../../lib/use-list-view';
import { FeeGroupsQuery, OverdueChargesQuery } from '../fees-documents';
import { euro, fullName, italianDay } from '../fees-labels';

const TITLE = 'Quote scadute';

/** Days between two calendar days (YYYY-MM-DD). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export default function OverduePage() {
  useDocumentTitle(TITLE);
  const view = useListView(['gruppo']);
  const groupId = view.values.gruppo;
  const groups = useQuery(FeeGroupsQuery, { fetchPolicy: 'cache-and-network' });
  const list = useQuery(OverdueChargesQuery, {
    variables: { groupId: groupId || null, ...pageVariables(view.page) },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = (list.data ?? list.previousData)?.overdueCharges;
  const totalPages = page ? pageCount(page.totalCount) : undefined;
  useClampedPage(view, totalPages);
  const today = clubDate(new Date());
  const groupOptions = (groups.data?.groups.edges ?? []).map((e) => ({ value: e.node.id, label: e.node.name }));
  const groupName = groupOptions.find((g) => g.value === groupId)?.label;

  let body;
  if (list.error && !page) body = <ListError message={messageOfError(list.error)} onRetry={() => void list.refetch().catch(() => undefined)} />;
  else if (!page) body = <ListLoading label="Caricamento delle quote scadute..." />;
  else if (page.totalCount === 0) body = <ListEmpty>{groupId ? 'Nessuna quota scaduta in questo gruppo.' : 'Nessuna quota scaduta: tutte le rate passate sono pagate.'}</ListEmpty>;
  else
    body = (
      <Stack gap="3" aria-busy={list.loading}>
        <Text color="fg.muted" fontSize="sm" aria-live="polite">
          {page.totalCount === 1 ? '1 quota scaduta' : `${page.totalCount} quote scadute`}
          {groupName ? ` nel gruppo ${groupName}` : ''}
        </Text>
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Quote scadute">
          {page.items.map((c) => {
            const name = fullName(c.person);
            const late = daysBetween(c.dueOn, today);
            return (
              <Box as="li" key={c.id} bg="bg" borderWidth="1px" borderRadius="xl" px={{ base: '3', md: '4' }} py="3">
                <Grid templateColumns={{ base: 'minmax(0, 1fr) auto', md: 'minmax(0, 2fr) minmax(0, 2fr) minmax(0, 1fr) auto' }} gap={{ base: '1', md: '4' }} alignItems="center">
                  <Link asChild fontWeight="semibold" colorPalette="brand" overflowWrap="anywhere" gridRow="1" gridColumn="1">
                    <RouterLink to={`/quote/famiglia/${c.person.id}`} aria-label={`Estratto conto di ${name}`}>
                      {name}
                    </RouterLink>
                  </Link>
                  <Text fontWeight="bold" color="red.fg" whiteSpace="nowrap" textAlign="end" gridRow="1" gridColumn={{ base: '2', md: '4' }}>
                    {euro(c.openCents)}
                  </Text>
                  <Text fontSize="sm" overflowWrap="anywhere" gridRow={{ base: '2', md: '1' }} gridColumn={{ base: '1 / -1', md: '2' }}>
                    {c.description}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" gridRow={{ base: '3', md: '1' }} gridColumn={{ base: '1 / -1', md: '3' }}>
                    {`Scaduta il ${italianDay(c.dueOn)}${late > 0 ? ` (${late === 1 ? 'da 1 giorno' : `da ${late} giorni`})` : ''}`}
                  </Text>
                </Grid>
              </Box>
            );
          })}
        </Stack>
        {totalPages !== undefined && totalPages > 1 && (
          <Pager page={view.page} totalPages={totalPages} loading={list.loading} onPrev={() => view.setPage(view.page - 1)} onNext={() => view.setPage(view.page + 1)} onJump={view.setPage} />
        )}
      </Stack>
    );

  return (
    <Stack gap="6" maxW="5xl" w="100%">
      <Stack gap="2">
        <Link asChild fontSize="sm" color="fg.muted" alignSelf="flex-start">
          <RouterLink to="/quote">
            <ArrowLeftIcon />
            Quote
          </RouterLink>
        </Link>
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="fg.muted">Le rate non pagate con la scadenza passata, dalla più vecchia. Apri l&apos;estratto conto per registrare un pagamento.</Text>
      </Stack>
      <Box as="section" aria-label="Filtri" bg="bg" borderWidth="1px" borderRadius="xl" p="4">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="end">
          <FormField label="Gruppo">
            <SelectInput name="gruppo" value={groupId} onChange={(e) => view.set({ gruppo: e.target.value })} options={groupOptions} placeholder="Tutti i gruppi" />
          </FormField>
          {groupId && (
            <Flex>
              <Button variant="ghost" size="sm" onClick={view.clear}>
                Azzera filtro
              </Button>
            </Flex>
          )}
        </SimpleGrid>
      </Box>
      {body}
    </Stack>
  );
}
