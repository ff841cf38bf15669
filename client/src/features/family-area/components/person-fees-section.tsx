// "Quote e ricevute" of a person in the personal area (issue 37 point 3): what is due, paid and still to pay (and how
// much of it is overdue), each charge with its due date, the discount's reason and what was paid (a cancelled one
// struck through), and the receipts the club issued, each with its PDF (GET /api/area/persone/{person}/ricevute/{id}
// .pdf, with the session) and whether it counts for the 19 % deduction of a child's sports fees. On the account's own
// page, the payer's yearly statement for the tax return.
import { Badge, Box, Button, Flex, HStack, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { clubDate } from '../../../../../schema/club-time';
import { euro } from '../../../../../schema/validation/fees';
import { DownloadIcon } from '../../../components/icons';
import { downloadAuthorizedFile } from '../../../lib/authorized-file';
import { messageOfError } from '../../../lib/errors';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { italianDay } from '../family-labels';
import { AreaEmpty, AreaItem, AreaSection, AreaSubsection } from './area-section';
import type { FamilyPersonPage } from './person-data-section';

type Charge = FamilyPersonPage['fees']['charges'][number];
type Receipt = FamilyPersonPage['receipts'][number];

function chargeBadge(charge: Charge, today: string): { label: string; color: string } {
  if (charge.cancelled) return { label: 'Annullata', color: 'gray' };
  if (charge.openCents <= 0) return { label: 'Pagata', color: 'green' };
  if (charge.dueOn < today) return { label: 'Scaduta', color: 'red' };
  return { label: 'Da pagare', color: 'orange' };
}

function ChargeRow({ charge, today }: { charge: Charge; today: string }) {
  const badge = chargeBadge(charge, today);
  const struck = charge.cancelled ? 'line-through' : undefined;
  return (
    <AreaItem label={charge.description}>
      <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
        <Stack gap="0.5" minW="0" flex="1 1 12rem">
          <Text fontWeight="semibold" overflowWrap="anywhere" textDecoration={struck}>
            {charge.description}
          </Text>
          <Text fontSize="sm" color="fg.muted" textDecoration={struck}>
            {`Scadenza ${italianDay(charge.dueOn)} · ${euro(charge.amountCents)}`}
          </Text>
          {charge.discountReason && !charge.cancelled && (
            <Text fontSize="sm" overflowWrap="anywhere">
              {/^sconto/i.test(charge.discountReason) ? charge.discountReason : `Riduzione: ${charge.discountReason}`}
            </Text>
          )}
          {!charge.cancelled && (
            <Text fontSize="sm">
              {`Pagato ${euro(charge.paidCents)}`}
              {charge.openCents > 0 && <strong>{` · da pagare ${euro(charge.openCents)}`}</strong>}
            </Text>
          )}
        </Stack>
        <Badge colorPalette={badge.color}>{badge.label}</Badge>
      </Flex>
    </AreaItem>
  );
}

function ReceiptRow({ personId, receipt }: { personId: string; receipt: Receipt }) {
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      await downloadAuthorizedFile(`/api/area/persone/${personId}/ricevute/${receipt.id}.pdf`, `ricevuta-${receipt.number.replace(/[^0-9a-z]+/gi, '-')}.pdf`);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    } finally {
      setLoading(false);
    }
  };
  return (
    <AreaItem label={`Ricevuta n. ${receipt.number}`}>
      <Flex gap="3" justify="space-between" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <Stack gap="0.5" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" textDecoration={receipt.cancelled ? 'line-through' : undefined}>{`Ricevuta n. ${receipt.number}`}</Text>
            {receipt.cancelled ? (
              <Badge colorPalette="gray">Annullata</Badge>
            ) : (
              <Badge colorPalette={receipt.deductible ? 'green' : 'orange'}>{receipt.deductible ? 'Detraibile' : 'Non detraibile'}</Badge>
            )}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {`${euro(receipt.amountCents)} · emessa il ${italianDay(receipt.issuedOn)}`}
          </Text>
          {receipt.cancelled && (
            <Text fontSize="sm" color="fg.muted">
              Sostituita da una nuova ricevuta: per la dichiarazione dei redditi usa quella.
            </Text>
          )}
        </Stack>
        <Button size="sm" variant="outline" onClick={() => void download()} loading={loading} aria-label={`Scarica PDF della ricevuta n. ${receipt.number}`} flexShrink={0}>
          <DownloadIcon boxSize="4" />
          Scarica PDF
        </Button>
      </Flex>
    </AreaItem>
  );
}

/**
 * The payer's yearly statement for the tax return (the receipts of the year for each child they paid for, and the
 * deductible expense): on the account's own page, GET /api/area/persone/{own person}/riepilogo-{year}.pdf.
 */
function YearlyStatement({ personId, thisYear }: { personId: string; thisYear: number }) {
  const [year, setYear] = useState(String(thisYear));
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      await downloadAuthorizedFile(`/api/area/persone/${personId}/riepilogo-${year}.pdf`, `riepilogo-${year}.pdf`);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    } finally {
      setLoading(false);
    }
  };
  return (
    <AreaSubsection title="Riepilogo per la dichiarazione dei redditi" description="Le ricevute dell'anno per ognuno dei figli per cui hai pagato, e la spesa detraibile (al massimo 210 € per figlio).">
      <Flex gap="2" align="flex-end" wrap="wrap">
        <Stack gap="1">
          <Text asChild fontSize="sm" fontWeight="medium">
            <label htmlFor="riepilogo-anno">Anno</label>
          </Text>
          <NativeSelect.Root w="32">
            <NativeSelect.Field id="riepilogo-anno" value={year} onChange={(e) => setYear(e.target.value)}>
              {[thisYear, thisYear - 1, thisYear - 2].map((y) => (
                <option key={y} value={String(y)}>
                  {y}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
        <Button variant="outline" onClick={() => void download()} loading={loading} aria-label={`Scarica PDF del riepilogo ${year}`}>
          <DownloadIcon boxSize="4" />
          Scarica PDF
        </Button>
      </Flex>
    </AreaSubsection>
  );
}

export function PersonFeesSection({ person }: { person: FamilyPersonPage }) {
  const today = clubDate(new Date());
  const { fees, receipts } = person;
  const figures = [
    { label: 'Dovuto', value: fees.dueCents },
    { label: 'Pagato', value: fees.paidCents },
    { label: 'Da pagare', value: fees.openCents },
    { label: 'Di cui scaduto', value: fees.overdueCents, danger: fees.overdueCents > 0 },
  ];
  const nothing = fees.charges.length === 0 && receipts.length === 0;
  // the payer's own statement: on the account's own page (an adult), when it may download the person's data
  const payer = person.relation === 'titolare' && person.may.export;
  return (
    <AreaSection id="quote" title="Quote e ricevute" description="Le quote della società, quello che è stato pagato e le ricevute per la dichiarazione dei redditi.">
      {nothing ? (
        <AreaEmpty>Nessuna quota né ricevuta per ora: quando la società assegnerà una quota, la troverai qui.</AreaEmpty>
      ) : (
        <>
          <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="3">
            {figures.map((f) => (
              <Box key={f.label} bg="bg.subtle" borderRadius="lg" px="3" py="2" minW="0">
                <Text as="dt" fontSize="xs" textTransform="uppercase" letterSpacing="wide" color="fg.muted" fontWeight="semibold">
                  {f.label}
                </Text>
                <Text as="dd" m="0" fontSize="lg" fontWeight="bold" color={f.danger ? 'red.fg' : undefined} whiteSpace="nowrap">
                  {euro(f.value)}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
          <AreaSubsection title="Quote">
            {fees.charges.length ? (
              <Stack as="ul" gap="2" listStyleType="none" aria-label="Quote">
                {fees.charges.map((c) => (
                  <ChargeRow key={c.id} charge={c} today={today} />
                ))}
              </Stack>
            ) : (
              <AreaEmpty>Nessuna quota addebitata.</AreaEmpty>
            )}
          </AreaSubsection>
          <AreaSubsection
            title="Ricevute"
            description="Per la detrazione del 19 % delle spese sportive dei figli dai 5 ai 18 anni serve un pagamento tracciabile (bonifico, carta, addebito SEPA): una ricevuta di un pagamento in contanti non è detraibile."
          >
            {receipts.length ? (
              <Stack as="ul" gap="2" listStyleType="none" aria-label="Ricevute">
                {receipts.map((r) => (
                  <ReceiptRow key={r.id} personId={person.personId} receipt={r} />
                ))}
              </Stack>
            ) : (
              <AreaEmpty>Nessuna ricevuta emessa.</AreaEmpty>
            )}
          </AreaSubsection>
        </>
      )}
      {payer && <YearlyStatement personId={person.personId} thisYear={Number(today.slice(0, 4))} />}
    </AreaSection>
  );
}
