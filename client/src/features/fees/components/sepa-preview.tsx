// The preview of a SEPA collection on /quote/sepa (issue 37 point 5): what the file of that date holds, one debit per
// mandate (the payer, a link to their statement; the mandate's reference and IBAN; how many charges; the amount), its
// count and control sum; and, apart in a warning list, the payers whose open charges stay out of it and why
// ("Nessun mandato SEPA attivo", an IBAN that fails its checksum) with their amount.
import { Box, Heading, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { TableScroll } from '../../../components/ui/table-scroll';
import type { SepaPage_CollectionQuery } from '../../../gql/graphql';
import { euro, groupedCode, italianDay } from '../fees-labels';

export type SepaCollection = Extract<SepaPage_CollectionQuery['sepaCollection'], { __typename: 'QuerySepaCollectionSuccess' }>['data'];

const chargesCount = (n: number) => (n === 1 ? '1 quota' : `${n} quote`);
const debitsCount = (n: number) => (n === 1 ? '1 addebito' : `${n} addebiti`);

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box bg="bg.subtle" borderRadius="lg" px="3" py="2" minW="0">
      <Text as="dt" fontSize="xs" textTransform="uppercase" letterSpacing="wide" color="fg.muted" fontWeight="semibold">
        {label}
      </Text>
      <Text as="dd" m="0" fontSize="lg" fontWeight="bold" whiteSpace="nowrap">
        {value}
      </Text>
    </Box>
  );
}

function PayerLink({ payerId, name }: { payerId: string; name: string }) {
  return (
    <Link asChild fontWeight="semibold" colorPalette="brand" overflowWrap="anywhere">
      <RouterLink to={`/quote/famiglia/${payerId}`} aria-label={`Estratto conto di ${name}`}>
        {name}
      </RouterLink>
    </Link>
  );
}

function DebitsTable({ collection }: { collection: SepaCollection }) {
  return (
    <TableScroll label="Addebiti del file">
      <Table.Root size="sm" aria-label="Addebiti del file">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Pagante</Table.ColumnHeader>
            <Table.ColumnHeader>Mandato</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Importo</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {collection.debits.map((d) => (
            <Table.Row key={d.mandateReference}>
              <Table.Cell verticalAlign="top">
                <Stack gap="0">
                  <PayerLink payerId={d.payerId} name={d.payerName} />
                  <Text fontSize="xs" color="fg.muted">
                    {chargesCount(d.charges)}
                  </Text>
                </Stack>
              </Table.Cell>
              <Table.Cell verticalAlign="top">
                <Stack gap="0" minW="0">
                  <Text overflowWrap="anywhere">{d.mandateReference}</Text>
                  <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                    {groupedCode(d.iban)}
                  </Text>
                </Stack>
              </Table.Cell>
              <Table.Cell verticalAlign="top" textAlign="end" whiteSpace="nowrap" fontWeight="semibold">
                {euro(d.amountCents)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
        <Table.Footer>
          <Table.Row>
            <Table.Cell colSpan={2} fontWeight="semibold">{`Totale (${debitsCount(collection.debits.length)})`}</Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="bold">
              {euro(collection.controlSumCents)}
            </Table.Cell>
          </Table.Row>
        </Table.Footer>
      </Table.Root>
    </TableScroll>
  );
}

function Excluded({ excluded }: { excluded: SepaCollection['excluded'] }) {
  const total = excluded.reduce((s, e) => s + e.amountCents, 0);
  return (
    <Stack as="section" aria-labelledby="sepa-esclusi" gap="2" bg="orange.subtle" borderWidth="1px" borderColor="orange.muted" borderRadius="lg" p={{ base: '3', md: '4' }}>
      <Heading as="h3" size="sm" id="sepa-esclusi">
        {`Esclusi dal file: ${excluded.length === 1 ? '1 pagante' : `${excluded.length} paganti`}, ${euro(total)}`}
      </Heading>
      <Text fontSize="sm">Le loro quote restano da pagare: aggiungi il mandato dal loro estratto conto, o incassale in un altro modo.</Text>
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Esclusi dal file">
        {excluded.map((e) => (
          <Box as="li" key={e.payerId} bg="bg" borderRadius="md" borderWidth="1px" borderColor="orange.muted" px="3" py="2">
            <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: '0.5', sm: '3' }} justify="space-between" align={{ base: 'stretch', sm: 'flex-start' }}>
              <Stack gap="0" minW="0">
                <PayerLink payerId={e.payerId} name={e.payerName} />
                <Text fontSize="sm" color="orange.fg" fontWeight="medium">
                  {e.reason}
                </Text>
              </Stack>
              <Text fontSize="sm" whiteSpace="nowrap" textAlign={{ sm: 'end' }}>
                <strong>{euro(e.amountCents)}</strong>
                {` · ${chargesCount(e.charges)}`}
              </Text>
            </Stack>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

export function SepaPreview({ collection }: { collection: SepaCollection }) {
  const day = italianDay(collection.collectionDate);
  return (
    <Stack gap="4">
      {collection.debits.length === 0 ? (
        <Text color="fg.muted" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }}>{`Nessuna quota da addebitare con mandato SEPA fino al ${day}.`}</Text>
      ) : (
        <Stack gap="4" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '3', md: '5' }}>
          <SimpleGrid as="dl" columns={2} gap="3" maxW="xl">
            <Figure label="Addebiti" value={String(collection.debits.length)} />
            <Figure label="Totale (somma di controllo)" value={euro(collection.controlSumCents)} />
          </SimpleGrid>
          <DebitsTable collection={collection} />
        </Stack>
      )}
      {collection.excluded.length > 0 && <Excluded excluded={collection.excluded} />}
    </Stack>
  );
}
