// "Quote e pagamenti" on the person page (issue 37, fees.read; composed in app/routes/person.tsx): what the person
// owes, paid and still has open, the next charges, and the way to the statement: the person's own and, for a minor,
// the one of each guardian who pays (where payments and receipts are recorded).
import { useQuery } from '@apollo/client/react';
import { Badge, Box, Flex, Link, Stack, Text } from '@chakra-ui/react';
import type { ComponentType, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { clubDate } from '../../../../../schema/club-time';
import { ListError } from '../../../components/ui/list-status';
import { messageOfError } from '../../../lib/errors';
import { useAccess } from '../../../lib/use-access';
import { PayerFamilyQuery, PersonChargesQuery } from '../fees-documents';
import { CHARGE_STATE, chargeState, euro, fullName, italianDay } from '../fees-labels';

/** How many charges the section lists: the rest are in the statement. */
const SHOWN = 4;

export function PersonFeesSection({ personId, personName, Frame }: { personId: string; personName: string; Frame: ComponentType<{ title: string; action?: ReactNode; children: ReactNode }> }) {
  const access = useAccess();
  const { data, error, refetch } = useQuery(PersonChargesQuery, { variables: { personId }, fetchPolicy: 'cache-and-network' });
  const family = useQuery(PayerFamilyQuery, { variables: { personId }, skip: !access.can('families.read'), fetchPolicy: 'cache-and-network' });
  const payers = (family.data?.personFamily?.guardians ?? []).filter((g) => g.pays);
  const today = clubDate(new Date());
  const charges = data?.personCharges;
  const live = (charges ?? []).filter((c) => !c.cancelled);
  const due = live.reduce((sum, c) => sum + c.amountCents - c.discountCents, 0);
  const paid = live.reduce((sum, c) => sum + c.paidCents, 0);
  const open = live.reduce((sum, c) => sum + c.openCents, 0);
  // the open ones first, by due date; then the rest, the latest first
  const shown = [...live.filter((c) => c.openCents > 0), ...live.filter((c) => c.openCents === 0).reverse()].slice(0, SHOWN);

  let body;
  if (!charges && error) body = <ListError message={messageOfError(error)} onRetry={() => void refetch().catch(() => undefined)} />;
  else if (!charges)
    body = (
      <Text color="fg.muted" role="status">
        Caricamento delle quote...
      </Text>
    );
  else
    body = (
      <Stack gap="3">
        {live.length === 0 ? (
          <Text color="fg.muted">{`Nessuna quota addebitata a ${personName}.`}</Text>
        ) : (
          <>
            <Text>
              {`Dovuto ${euro(due)} · pagato ${euro(paid)} · `}
              <Text as="span" fontWeight="semibold" color={open > 0 ? 'red.fg' : undefined}>{`da pagare ${euro(open)}`}</Text>
            </Text>
            <Stack as="ul" gap="1" listStyleType="none" aria-label={`Quote di ${personName}`}>
              {shown.map((c) => {
                const state = CHARGE_STATE[chargeState(c, today)];
                return (
                  <Flex as="li" key={c.id} justify="space-between" gap="2" fontSize="sm" borderBottomWidth="1px" borderColor="border.muted" pb="1" wrap="wrap">
                    <Text minW="0" overflowWrap="anywhere">
                      {`${c.description} · ${italianDay(c.dueOn)}`}
                    </Text>
                    <Flex gap="2" align="center">
                      <Text whiteSpace="nowrap">{euro(c.amountCents - c.discountCents)}</Text>
                      <Badge size="sm" colorPalette={state.color}>
                        {state.label}
                      </Badge>
                    </Flex>
                  </Flex>
                );
              })}
            </Stack>
          </>
        )}
        <Box>
          <Stack as="ul" gap="1" listStyleType="none" aria-label="Estratti conto">
            {payers.map((g) => (
              <li key={g.id}>
                <Link asChild colorPalette="brand" fontWeight="medium">
                  <RouterLink to={`/quote/famiglia/${g.guardian.personId}`}>{`Estratto conto della famiglia (paga ${fullName(g.guardian)})`}</RouterLink>
                </Link>
              </li>
            ))}
            <li>
              <Link asChild colorPalette="brand" fontWeight="medium">
                <RouterLink to={`/quote/famiglia/${personId}`}>{`Estratto conto di ${personName}`}</RouterLink>
              </Link>
            </li>
          </Stack>
        </Box>
      </Stack>
    );
  return <Frame title="Quote e pagamenti">{body}</Frame>;
}
