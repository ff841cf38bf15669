// One fee plan on /quote: name, kind and sport, the instalments with their due dates and amounts, the total, the
// family discounts and the early-payment one, how many people it charges; "Modifica", "Assegna a un gruppo" and
// "Archivia" for fees.write (not on an archived plan, nor in a closed season).
import { Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ArchiveIcon, PencilIcon, UsersIcon } from '../../../components/icons';
import { discountLine, earlyPaymentLine, euro, FEE_KIND_LABELS, italianDay, peopleCount } from '../fees-labels';
import { planTotal, type EditedPlan } from './fee-plan-dialog';

interface PlanActions {
  onEdit: () => void;
  onAssign: () => void;
  onArchive: () => void;
}

export function PlanCard({ plan, actions }: { plan: EditedPlan; actions: PlanActions | null }) {
  const discounts = discountLine(plan);
  const early = earlyPaymentLine(plan);
  return (
    <Box as="li" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }} aria-labelledby={`piano-${plan.id}`} opacity={plan.archived ? 0.85 : 1}>
      <Stack gap="3">
        <Flex gap="2" justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap="1" minW="0">
            <Heading as="h3" size="md" id={`piano-${plan.id}`} overflowWrap="anywhere">
              {plan.name}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {[FEE_KIND_LABELS[plan.kind], plan.sport, planTotal(plan)].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <HStack gap="1" wrap="wrap">
            {plan.archived && <Badge colorPalette="gray">Archiviato</Badge>}
            <Badge colorPalette={plan.chargedPeople ? 'green' : 'gray'} variant="subtle">
              {plan.chargedPeople ? `Assegnato a ${peopleCount(plan.chargedPeople)}` : 'Non ancora assegnato'}
            </Badge>
          </HStack>
        </Flex>
        <Stack as="ul" gap="1" listStyleType="none" aria-label={`Rate di ${plan.name}`}>
          {plan.instalments.map((i) => (
            <Flex as="li" key={i.id} justify="space-between" gap="3" fontSize="sm" borderBottomWidth="1px" borderColor="border.muted" pb="1">
              <Text minW="0" overflowWrap="anywhere">
                <strong>{i.label}</strong>
                <Text as="span" color="fg.muted">{` · scade il ${italianDay(i.dueOn)}`}</Text>
              </Text>
              <Text fontWeight="semibold" whiteSpace="nowrap">
                {euro(i.amountCents)}
              </Text>
            </Flex>
          ))}
        </Stack>
        {discounts && (
          <Text fontSize="sm">
            <strong>Sconti famiglia: </strong>
            {discounts}
          </Text>
        )}
        {early && (
          <Text fontSize="sm">
            <strong>Sconto: </strong>
            {early}
          </Text>
        )}
        {actions && (
          <HStack gap="2" wrap="wrap">
            <Button size="sm" variant="outline" onClick={actions.onEdit} aria-label={`Modifica il piano ${plan.name}`}>
              <PencilIcon />
              Modifica
            </Button>
            <Button size="sm" onClick={actions.onAssign} aria-label={`Assegna a un gruppo: ${plan.name}`}>
              <UsersIcon />
              Assegna a un gruppo
            </Button>
            <Button size="sm" variant="ghost" colorPalette="red" onClick={actions.onArchive} aria-label={`Archivia il piano ${plan.name}`}>
              <ArchiveIcon />
              Archivia
            </Button>
          </HStack>
        )}
      </Stack>
    </Box>
  );
}
