// "Promemoria inviati" on a family's statement (issue 37 point 4): the fee reminders about the family's charges,
// newest first (feeReminderLog with the payer): when each went out and to whom, for which charge and on which of the
// club's days (7 giorni prima della scadenza...). One still to go says why: no address, or a failed attempt retried.
import { useQuery } from '@apollo/client/react';
import { Badge, Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { FamilyStatement_RemindersQuery } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { ListError } from '../../../components/ui/list-status';
import { FeeReminderLogQuery } from '../fees-documents';
import { italianDay, italianMoment, reminderDayLabel } from '../fees-labels';

type Entry = FamilyStatement_RemindersQuery['feeReminderLog'][number];

function statusOf(entry: Entry): { label: string; palette: string } {
  if (entry.sentAt) return { label: `Inviato il ${italianMoment(entry.sentAt)}`, palette: 'green' };
  if (!entry.recipient) return { label: 'Non inviato: chi paga non ha un indirizzo email', palette: 'gray' };
  if (entry.error) return { label: 'Non inviato: nuovo tentativo in corso', palette: 'red' };
  return { label: 'In invio', palette: 'orange' };
}

export function ReminderLog({ payerId }: { payerId: string }) {
  const { data, error, refetch } = useQuery(FeeReminderLogQuery, { variables: { payerId }, fetchPolicy: 'cache-and-network' });
  const entries = data?.feeReminderLog;
  let body;
  if (!entries && error) body = <ListError message={messageOfError(error)} onRetry={() => void refetch().catch(() => undefined)} />;
  else if (!entries)
    body = (
      <Text color="fg.muted" fontSize="sm" role="status">
        Caricamento dei promemoria...
      </Text>
    );
  else if (entries.length === 0)
    body = (
      <Stack gap="1" fontSize="sm">
        <Text color="fg.muted">Nessun promemoria inviato.</Text>
        <Text color="fg.muted">
          {'I promemoria partono da soli nei giorni scelti in '}
          <Link asChild colorPalette="brand" fontWeight="medium">
            <RouterLink to="/quote/impostazioni">Impostazioni quote</RouterLink>
          </Link>
          , se attivi.
        </Text>
      </Stack>
    );
  else
    body = (
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Promemoria inviati">
        {entries.map((e) => {
          const status = statusOf(e);
          return (
            <Box as="li" key={e.id} borderTopWidth="1px" pt="2" _first={{ borderTopWidth: 0, pt: 0 }}>
              <Stack gap="0.5" minW="0" fontSize="sm" align="flex-start">
                <Text fontWeight="semibold" overflowWrap="anywhere">{`${e.personName}: ${e.description}`}</Text>
                <Text color="fg.muted" overflowWrap="anywhere">{`Scadenza ${italianDay(e.dueOn)} · ${reminderDayLabel(e.offsetDays)}`}</Text>
                {e.recipient && <Text overflowWrap="anywhere">{`A ${e.recipient}`}</Text>}
                <Badge colorPalette={status.palette} variant="subtle" whiteSpace="normal" title={e.error ?? undefined} mt="1">
                  {status.label}
                </Badge>
              </Stack>
            </Box>
          );
        })}
      </Stack>
    );
  return (
    <Stack as="section" aria-labelledby="estratto-promemoria" gap="3" minW="0">
      <Heading as="h2" size="lg" id="estratto-promemoria">
        Promemoria inviati
      </Heading>
      <Box bg="bg" borderWidth="1px" borderRadius="lg" p="3">
        {body}
      </Box>
    </Stack>
  );
}
