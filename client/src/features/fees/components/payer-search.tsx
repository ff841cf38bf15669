// "Cerca una persona" on /quote: athletes and members (soci) by name or tax code, each a link to their statement
// (/quote/famiglia/:personId). A minor's statement names the guardians who pay, with a link to the family's own:
// a parent is found through a child, or directly when they are a member of the club.
import { useQuery } from '@apollo/client/react';
import { Badge, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { SearchBox } from '../../../components/ui/search-box';
import { SearchResults } from '../../../components/ui/search-results';
import { PayerSearchQuery } from '../fees-documents';
import { fullName, italianDay } from '../fees-labels';

const MIN_SEARCH = 2;

interface Found {
  personId: string;
  name: string;
  taxIdCode: string;
  birthday: string | null | undefined;
  kinds: string[];
}

export function PayerSearch() {
  const [search, setSearch] = useState('');
  const active = search.trim().length >= MIN_SEARCH;
  const { data, loading, error } = useQuery(PayerSearchQuery, { variables: { search: search.trim() }, skip: !active, fetchPolicy: 'cache-and-network' });
  const found = new Map<string, Found>();
  if (active && data) {
    for (const [kind, edges] of [
      ['Atleta', data.athletes.edges],
      ['Socio', data.members.edges],
    ] as const) {
      for (const { node } of edges) {
        const p = node.person;
        const row = found.get(p.id) ?? { personId: p.id, name: fullName(p), taxIdCode: p.taxIdCode, birthday: p.birthday, kinds: [] };
        if (!row.kinds.includes(kind)) row.kinds.push(kind);
        found.set(p.id, row);
      }
    }
  }
  const results = [...found.values()].sort((a, b) => a.name.localeCompare(b.name, 'it'));
  return (
    <Stack as="section" aria-labelledby="quote-cerca" gap="3" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }} minW="0">
      <Stack gap="1">
        <Heading as="h2" size="md" id="quote-cerca">
          Estratto conto di una famiglia
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Cerca un atleta o un socio per nome o codice fiscale: dall&apos;estratto conto registri i pagamenti ed emetti le ricevute.
        </Text>
      </Stack>
      <SearchBox value={search} onChange={setSearch} label="Cerca una persona" placeholder="Nome, cognome o codice fiscale" />
      <SearchResults active={active} loading={loading} failed={!!error} answered={!!data} count={results.length} empty="Nessun atleta o socio trovato.">
        {results.map((r) => (
          <Flex as="li" key={r.personId} justify="space-between" align="center" gap="2" borderWidth="1px" borderRadius="md" px="3" py="2" wrap="wrap">
            <Stack gap="0" minW="0">
              <Link asChild fontWeight="semibold" colorPalette="brand" overflowWrap="anywhere">
                <RouterLink to={`/quote/famiglia/${r.personId}`}>{r.name}</RouterLink>
              </Link>
              <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
                {[r.taxIdCode.toUpperCase(), r.birthday && `nato/a il ${italianDay(r.birthday)}`].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
            <HStack gap="1">
              {r.kinds.map((k) => (
                <Badge key={k} size="sm" variant="subtle">
                  {k}
                </Badge>
              ))}
            </HStack>
          </Flex>
        ))}
      </SearchResults>
    </Stack>
  );
}
