// "Sconto per pagamento anticipato" on a family's statement (issue 37 point 1): the plans a person of the family may
// still pay whole with the plan's early-payment discount (the server's StatementPerson.earlyOffers), each said as the
// treasurer would tell the family: how much in one payment, by when, and what it saves. Recording one payment of
// that amount (or more) applies the discount: the payment's message says so.
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { earlyOfferText } from '../fees-labels';
import type { StatementPerson } from './statement-parts';

export interface EarlyOffer {
  personName: string;
  text: string;
}

/** The offers of the family's people, the person's name with each. */
export const earlyOffersOf = (people: readonly Pick<StatementPerson, 'name' | 'earlyOffers'>[]): EarlyOffer[] =>
  people.flatMap((p) => p.earlyOffers.map((o) => ({ personName: p.name, text: earlyOfferText(o) })));

export function EarlyOffers({ offers }: { offers: EarlyOffer[] }) {
  if (!offers.length) return null;
  return (
    <Box as="section" aria-labelledby="estratto-anticipato" bg="blue.subtle" borderWidth="1px" borderColor="blue.muted" borderRadius="xl" p={{ base: '4', md: '5' }}>
      <Stack gap="2">
        <Heading as="h2" size="md" id="estratto-anticipato">
          Sconto per pagamento anticipato
        </Heading>
        <Stack as="ul" gap="1" listStyleType="none" aria-label="Sconti per pagamento anticipato">
          {offers.map((o) => (
            <Text as="li" key={`${o.personName} ${o.text}`} overflowWrap="anywhere">
              <strong>{`${o.personName} · `}</strong>
              {o.text}
            </Text>
          ))}
        </Stack>
        <Text fontSize="sm" color="fg.muted">
          Registra un unico pagamento di quell&apos;importo: lo sconto si applica da sé e compare sugli addebiti.
        </Text>
      </Stack>
    </Box>
  );
}
