// The parts of a family's statement (/quote/famiglia/:payerId): each person's charges, the overdue ones first, with
// what was paid and what is open, the discount and its reason, cancelled ones struck through with their reason; the
// payer's payments with their receipts (number, who for, the deductible badge, the PDF, "Annulla e sostituisci") and
// refunds; the payer's yearly statement for the tax return (PDF). The actions are the page's (fees.write): the parts
// only call them.
import { Badge, Box, Button, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { DownloadIcon } from '../../../components/icons';
import { ActionsMenu } from '../../../components/ui/actions-menu';
import { FormField } from '../../../components/ui/form-field';
import { SelectInput } from '../../../components/ui/select-field';
import type { FamilyStatementPage_StatementQuery } from '../../../gql/graphql';
import { downloadAuthorizedFile } from '../../../lib/authorized-file';
import { messageOfError } from '../../../lib/errors';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { CHARGE_STATE, chargeState, euro, italianDay, PAYMENT_METHOD_LABELS, receiptFilename } from '../fees-labels';

export type Statement = NonNullable<FamilyStatementPage_StatementQuery['familyStatement']>;
export type StatementPerson = Statement['people'][number];
export type StatementCharge = StatementPerson['charges'][number];
export type Payment = Statement['payments'][number];
export type Receipt = Payment['receipts'][number];

/** Dovuto, pagato, da pagare, scaduto: a row of figures (the family's or one person's). */
export function Totals({ totals }: { totals: { dueCents: number; paidCents: number; openCents: number; overdueCents: number } }) {
  const figures = [
    { label: 'Dovuto', value: totals.dueCents },
    { label: 'Pagato', value: totals.paidCents },
    { label: 'Da pagare', value: totals.openCents },
    { label: 'Di cui scaduto', value: totals.overdueCents, danger: totals.overdueCents > 0 },
  ];
  return (
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
  );
}

/**
 * A discount's reason as a line: the family discount and the early payment's say so themselves ("Sconto famiglia: 2°
 * figlio (10%)", "Pagamento anticipato (−5%)").
 */
const discountText = (reason: string) => (/^(sconto|pagamento anticipato)/i.test(reason) ? reason : `Riduzione: ${reason}`);

export interface ChargeActions {
  onDiscount: (charge: StatementCharge) => void;
  onCancel: (charge: StatementCharge) => void;
}

function ChargeItem({ charge, personName, today, actions }: { charge: StatementCharge; personName: string; today: string; actions: ChargeActions | null }) {
  const state = chargeState(charge, today);
  const info = CHARGE_STATE[state];
  const owed = charge.amountCents - charge.discountCents;
  const menu = actions && !charge.cancelled
    ? [
        ...(charge.amountCents - charge.paidCents > 0 ? [{ value: 'discount', label: 'Riduzione', onSelect: () => actions.onDiscount(charge) }] : []),
        ...(charge.paidCents === 0 ? [{ value: 'cancel', label: 'Annulla addebito', danger: true, onSelect: () => actions.onCancel(charge) }] : []),
      ]
    : [];
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" px="3" py="2" bg={state === 'scaduto' ? 'red.subtle' : undefined} borderColor={state === 'scaduto' ? 'red.muted' : undefined}>
      <Flex gap="2" justify="space-between" align="flex-start">
        <Stack gap="0.5" minW="0" flex="1">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" overflowWrap="anywhere" textDecoration={charge.cancelled ? 'line-through' : undefined}>
              {charge.description}
            </Text>
            <Badge size="sm" colorPalette={info.color}>
              {info.label}
            </Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted" textDecoration={charge.cancelled ? 'line-through' : undefined}>
            {`Scadenza ${italianDay(charge.dueOn)} · ${charge.discountCents ? `${euro(charge.amountCents)} − ${euro(charge.discountCents)} = ${euro(owed)}` : euro(charge.amountCents)}`}
          </Text>
          {charge.discountReason && !charge.cancelled && (
            <Text fontSize="sm" overflowWrap="anywhere">
              {discountText(charge.discountReason)}
            </Text>
          )}
          {charge.cancelled ? (
            <Text fontSize="sm" overflowWrap="anywhere">{`Annullato${charge.cancelReason ? `: ${charge.cancelReason}` : ''}`}</Text>
          ) : (
            <Text fontSize="sm">
              {`Pagato ${euro(charge.paidCents)}`}
              {charge.openCents > 0 && (
                <Text as="span" fontWeight="semibold" color={state === 'scaduto' ? 'red.fg' : undefined}>{` · da pagare ${euro(charge.openCents)}`}</Text>
              )}
            </Text>
          )}
        </Stack>
        <ActionsMenu label={`Azioni per ${charge.description} (${personName})`} actions={menu} />
      </Flex>
    </Box>
  );
}

export function PersonCharges({ person, today, actions }: { person: StatementPerson; today: string; actions: ChargeActions | null }) {
  const headingId = `persona-${person.personId}`;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }} minW="0">
      <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
        <Heading as="h3" size="md" id={headingId} overflowWrap="anywhere">
          {person.name}
        </Heading>
        <Text fontSize="sm">
          {`Dovuto ${euro(person.dueCents)} · pagato ${euro(person.paidCents)} · `}
          <Text as="span" fontWeight="semibold" color={person.overdueCents > 0 ? 'red.fg' : undefined}>{`da pagare ${euro(person.openCents)}`}</Text>
        </Text>
      </Flex>
      {person.charges.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          Nessun addebito.
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label={`Addebiti di ${person.name}`}>
          {person.charges.map((c) => (
            <ChargeItem key={c.id} charge={c} personName={person.name} today={today} actions={actions} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export interface PaymentActions {
  onIssue: (payment: Payment) => void;
  onRefund: (payment: Payment) => void;
  onCancelReceipt: (receipt: Receipt) => void;
  issuing: string | null;
}

function ReceiptItem({ receipt, personName, replacedBy, onCancel }: { receipt: Receipt; personName: string; replacedBy: string | undefined; onCancel: (() => void) | null }) {
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      await downloadAuthorizedFile(`/api/receipts/${receipt.id}.pdf`, receiptFilename(receipt.number));
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Box as="li" borderTopWidth="1px" pt="2" aria-label={`Ricevuta n. ${receipt.number}`}>
      <Stack gap="2">
        <Stack gap="0.5" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" textDecoration={receipt.cancelled ? 'line-through' : undefined}>{`Ricevuta n. ${receipt.number}`}</Text>
            {receipt.cancelled ? (
              <Badge size="sm" colorPalette="gray">
                Annullata
              </Badge>
            ) : (
              <Badge size="sm" colorPalette={receipt.deductible ? 'green' : 'orange'}>
                {receipt.deductible ? 'Detraibile' : 'Non detraibile'}
              </Badge>
            )}
          </HStack>
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            {`${personName ? `${personName} · ` : ''}${euro(receipt.amountCents)} · emessa il ${italianDay(receipt.issuedOn)}${receipt.emailed ? ' · inviata per email' : ''}`}
          </Text>
          {receipt.cancelled && (
            <Text fontSize="sm" overflowWrap="anywhere">
              {`Annullata${receipt.cancelReason ? `: ${receipt.cancelReason}` : ''}${replacedBy ? `. Sostituita dalla n. ${replacedBy}.` : ''}`}
            </Text>
          )}
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Button size="xs" variant="outline" onClick={() => void download()} loading={loading} aria-label={`Scarica PDF della ricevuta n. ${receipt.number}`}>
            <DownloadIcon boxSize="4" />
            Scarica PDF
          </Button>
          {onCancel && !receipt.cancelled && (
            <Button size="xs" variant="ghost" colorPalette="red" onClick={onCancel} aria-label={`Annulla e sostituisci la ricevuta n. ${receipt.number}`}>
              Annulla e sostituisci
            </Button>
          )}
        </HStack>
      </Stack>
    </Box>
  );
}

export function PaymentsList({ statement, actions }: { statement: Statement; actions: PaymentActions | null }) {
  const names = new Map(statement.people.map((p) => [p.personId, p.name]));
  const numbers = new Map(statement.payments.flatMap((p) => p.receipts.map((r) => [r.id, r.number] as const)));
  if (statement.payments.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        Nessun pagamento registrato.
      </Text>
    );
  }
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label="Pagamenti">
      {statement.payments.map((p) => {
        const refund = p.amountCents < 0;
        const label = `${refund ? 'Rimborso' : 'Pagamento'} del ${italianDay(p.paidOn)} di ${euro(Math.abs(p.amountCents))}`;
        const activeReceipts = p.receipts.filter((r) => !r.cancelled);
        return (
          <Box as="li" key={p.id} bg="bg" borderWidth="1px" borderRadius="lg" p="3" aria-label={label}>
            <Stack gap="2">
              <Flex gap="2" justify="space-between" align="flex-start" wrap="wrap">
                <Stack gap="0.5" minW="0">
                  <HStack gap="2" wrap="wrap">
                    <Text fontWeight="semibold">{refund ? `Rimborso di ${euro(-p.amountCents)}` : euro(p.amountCents)}</Text>
                    <Badge size="sm" variant="outline">
                      {PAYMENT_METHOD_LABELS[p.method]}
                    </Badge>
                  </HStack>
                  <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                    {[`${refund ? 'Rimborsato' : 'Pagato'} il ${italianDay(p.paidOn)}`, p.reference && `rif. ${p.reference}`].filter(Boolean).join(' · ')}
                  </Text>
                  {p.note && (
                    <Text fontSize="sm" overflowWrap="anywhere">
                      {refund ? `Motivo: ${p.note}` : p.note}
                    </Text>
                  )}
                </Stack>
                {actions && !refund && (
                  <HStack gap="2" wrap="wrap">
                    {activeReceipts.length === 0 && (
                      <Button size="sm" onClick={() => actions.onIssue(p)} loading={actions.issuing === p.id} aria-label={`Emetti ricevute: ${label}`}>
                        Emetti ricevute
                      </Button>
                    )}
                    <Button size="sm" variant="outline" onClick={() => actions.onRefund(p)} aria-label={`Rimborso: ${label}`}>
                      Rimborso
                    </Button>
                  </HStack>
                )}
              </Flex>
              {p.receipts.length > 0 && (
                <Stack as="ul" gap="2" listStyleType="none" aria-label={`Ricevute: ${label}`}>
                  {p.receipts.map((r) => (
                    <ReceiptItem
                      key={r.id}
                      receipt={r}
                      personName={names.get(r.personId) ?? ''}
                      replacedBy={r.replacedById ? numbers.get(r.replacedById) : undefined}
                      onCancel={actions ? () => actions.onCancelReceipt(r) : null}
                    />
                  ))}
                </Stack>
              )}
              {!refund && p.receipts.length === 0 && (
                <Text fontSize="sm" color="fg.muted">
                  Ricevute non ancora emesse.
                </Text>
              )}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}

/**
 * "Riepilogo per la dichiarazione": the payer's receipts of a year per child, which are deductible and the deductible
 * expense per child (GET /api/fees/famiglia/{payerId}/riepilogo-{year}.pdf). The years: this one and those of the
 * payer's receipts.
 */
export function YearlyStatement({ statement, thisYear }: { statement: Statement; thisYear: number }) {
  const years = [...new Set([thisYear, ...statement.payments.flatMap((p) => p.receipts.map((r) => Number(r.issuedOn.slice(0, 4))))])].sort((a, b) => b - a);
  const [year, setYear] = useState(String(years[0]));
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      await downloadAuthorizedFile(`/api/fees/famiglia/${statement.payerId}/riepilogo-${year}.pdf`, `riepilogo-${year}.pdf`);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Stack as="section" aria-labelledby="estratto-riepilogo" gap="3" bg="bg" borderWidth="1px" borderRadius="lg" p="3">
      <Stack gap="1">
        <Heading as="h3" size="sm" id="estratto-riepilogo">
          Riepilogo per la dichiarazione dei redditi
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Le ricevute dell&apos;anno per ogni figlio e la spesa detraibile (al massimo 210 € per figlio).
        </Text>
      </Stack>
      <Flex gap="2" align="flex-end" wrap="wrap">
        <Box minW="32">
          <FormField label="Anno">
            <SelectInput name="anno" value={year} onChange={(e) => setYear(e.target.value)} options={years.map((y) => ({ value: String(y), label: String(y) }))} />
          </FormField>
        </Box>
        <Button variant="outline" onClick={() => void download()} loading={loading} aria-label={`Scarica PDF del riepilogo ${year}`}>
          <DownloadIcon boxSize="4" />
          Scarica PDF
        </Button>
      </Flex>
    </Stack>
  );
}
