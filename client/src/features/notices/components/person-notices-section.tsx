// The person page's "Avvisi ricevuti" card (issue 39 point 3): every notice the person received, or a guardian
// received for them, newest first, with where its mail is, and whether it was read and confirmed; each opens the
// notice's history. Composed into the person page by app/routes/person.tsx, for who sends notices (feed.write).
import { useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { messageOfError } from '../../../lib/errors';
import { deliveryLabel, moment } from '../notices-labels';
import { PersonNoticesQuery } from './person-notices-documents';

/** Rows shown before "Mostra tutti". */
const FIRST_ROWS = 5;

export function PersonNoticesSection({ personId, personName, Frame }: { personId: string; personName: string; Frame: ComponentType<{ title: string; action?: ReactNode; children: ReactNode }> }) {
  const [all, setAll] = useState(false);
  const { data, error } = useQuery(PersonNoticesQuery, { variables: { personId }, fetchPolicy: 'cache-and-network' });
  const answer = data?.personNotices;
  let body: ReactNode;
  if (error || (answer && answer.__typename !== 'QueryPersonNoticesSuccess')) {
    body = (
      <Text fontSize="sm" color="fg.error" role="alert">
        {error ? messageOfError(error) : answer && 'message' in answer ? answer.message : 'Impossibile leggere gli avvisi.'}
      </Text>
    );
  } else if (!answer) {
    body = (
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        Caricamento degli avvisi…
      </Text>
    );
  } else if (!answer.data.length) {
    body = <Text fontSize="sm" color="fg.muted">{`Nessun avviso ricevuto da ${personName} o dai suoi genitori per lui o lei.`}</Text>;
  } else {
    const rows = answer.data;
    body = (
      <Stack gap="2">
        <Text fontSize="sm" color="fg.muted">
          {rows.length === 1 ? '1 avviso' : `${rows.length} avvisi`}
          {rows.length >= 100 ? ' (i 100 più recenti)' : ''}
        </Text>
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label={`Avvisi ricevuti da ${personName}`}>
          {rows.slice(0, all ? undefined : FIRST_ROWS).map((n) => {
            const delivery = deliveryLabel(n.delivery);
            return (
              <Box as="li" key={`${n.noticeId}-${n.recipientName}`} borderWidth="1px" borderRadius="lg" px="3" py="2">
                <Flex gap="2" wrap="wrap" align="center" justify="space-between">
                  <HStack gap="2" minW="0" wrap="wrap">
                    <Link asChild fontWeight="semibold" colorPalette="brand" overflowWrap="anywhere">
                      <RouterLink to={`/avvisi/${n.noticeId}`}>{n.title}</RouterLink>
                    </Link>
                    {n.urgent && (
                      <Badge colorPalette="red" size="sm">
                        Urgente
                      </Badge>
                    )}
                  </HStack>
                  <Text fontSize="xs" color="fg.muted">
                    {moment(n.sentAt)}
                  </Text>
                </Flex>
                <Flex gap="2" wrap="wrap" align="center" mt="1" fontSize="sm">
                  <Text color="fg.muted">{n.forSelf ? `A ${n.recipientName}` : `Al genitore ${n.recipientName}`}</Text>
                  <Badge colorPalette={delivery.palette} size="sm" title={n.deliveryError ?? undefined}>
                    {delivery.label}
                  </Badge>
                  <Text color={n.urgent && !n.confirmedAt ? 'orange.fg' : 'fg.muted'}>
                    {n.confirmedAt ? `Confermato il ${moment(n.confirmedAt)}` : n.openedAt ? `Letto il ${moment(n.openedAt)}` : n.urgent ? 'Non ancora confermato' : 'Non ancora letto'}
                  </Text>
                </Flex>
              </Box>
            );
          })}
        </Stack>
        {!all && rows.length > FIRST_ROWS && (
          <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => setAll(true)}>
            {`Mostra tutti (${rows.length})`}
          </Button>
        )}
      </Stack>
    );
  }
  return <Frame title="Avvisi ricevuti">{body}</Frame>;
}
