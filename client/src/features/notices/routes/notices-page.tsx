// /avvisi (feed.write; issue 39): the club's notices, newest first: the title (a link to its history), when it was
// sent, "Urgente" or "Obbligatorio", how many it reached and, for an urgent one, how many confirmed the reading. "Nuovo avviso" writes
// one (/avvisi/nuovo).
import { useQuery } from '@apollo/client/react';
import { Box, Button, Flex, Grid, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { PlusIcon } from '../../../components/icons';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { recipientsLabel, statusLabel } from '../notices-labels';
import { NoticesQuery } from '../notices-documents';
import { NoticeBadges } from '../components/notice-badges';
import { QuietHoursSection } from './quiet-hours-section';

const TITLE = 'Avvisi';
/** The status line's colour: waiting stands out. */
const STATUS_COLOR: Record<string, string> = { programmato: 'blue.fg', inviato: 'fg.muted', annullato: 'fg.muted' };

export function NoticesPage() {
  useDocumentTitle(TITLE);
  const { data, error, refetch } = useQuery(NoticesQuery, { fetchPolicy: 'cache-and-network' });
  const notices = data?.notices;

  let body;
  if (error && !notices) body = <ListError message={messageOfError(error)} onRetry={() => void refetch().catch(() => undefined)} />;
  else if (!notices) body = <ListLoading label="Caricamento degli avvisi..." />;
  else if (notices.length === 0)
    body = (
      <ListEmpty
        action={
          <Button asChild size="sm" variant="outline">
            <RouterLink to="/avvisi/nuovo">Scrivi il primo avviso</RouterLink>
          </Button>
        }
      >
        Nessun avviso inviato finora. Un avviso arriva per email agli atleti maggiorenni e ai genitori dei minori dei gruppi, ruoli o persone che scegli.
      </ListEmpty>
    );
  else
    body = (
      <Stack gap="3">
        <Text color="fg.muted" fontSize="sm" aria-live="polite">
          {notices.length === 1 ? '1 avviso' : `${notices.length} avvisi`}
        </Text>
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Avvisi inviati">
          {notices.map((n) => {
            const recipients = n.recipientCount ?? 0;
            return (
              <Box as="li" key={n.id} bg="bg" borderWidth="1px" borderRadius="xl" px={{ base: '3', md: '4' }} py="3" position="relative" _hover={{ borderColor: 'border.emphasized' }}>
                <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 1.4fr) minmax(0, 1fr) minmax(0, 1.2fr)' }} gap={{ base: '1', md: '4' }} alignItems="center">
                  <HStack gap="2" minW="0" wrap="wrap">
                    {/* the whole card opens the history (the link's area stretched over it) */}
                    <Link asChild fontWeight="semibold" colorPalette="brand" overflowWrap="anywhere" minW="0" _after={{ content: '""', position: 'absolute', inset: '0', borderRadius: 'xl' }}>
                      <RouterLink to={`/avvisi/${n.id}`}>{n.title}</RouterLink>
                    </Link>
                    <NoticeBadges urgent={n.urgent} required={n.required} size="sm" />
                  </HStack>
                  <Text fontSize="sm" color={STATUS_COLOR[n.status] ?? 'fg.muted'} fontWeight={n.status === 'programmato' ? 'medium' : undefined}>
                    {statusLabel(n)}
                  </Text>
                  <Text fontSize="sm">{recipientsLabel(recipients)}</Text>
                  <Text fontSize="sm" color={n.urgent && n.status === 'inviato' && (n.confirmedCount ?? 0) < recipients ? 'orange.fg' : 'fg.muted'}>
                    {n.urgent && n.status !== 'annullato' ? `${n.confirmedCount ?? 0}/${recipients} confermati` : n.urgent ? '—' : 'Senza conferma'}
                  </Text>
                </Grid>
              </Box>
            );
          })}
        </Stack>
      </Stack>
    );

  return (
    <Stack gap="6" maxW="5xl" w="100%" minW="0">
      <Flex gap="3" justify="space-between" align={{ base: 'stretch', sm: 'flex-end' }} direction={{ base: 'column', sm: 'row' }}>
        <Stack gap="1" minW="0">
          <Heading as="h1" size="2xl">
            {TITLE}
          </Heading>
          <Text color="fg.muted">I messaggi della società a famiglie, atleti e staff, con chi li ha letti e, per quelli urgenti, chi ha confermato.</Text>
        </Stack>
        <Button asChild flexShrink={0}>
          <RouterLink to="/avvisi/nuovo">
            <PlusIcon />
            Nuovo avviso
          </RouterLink>
        </Button>
      </Flex>
      <QuietHoursSection />
      {body}
    </Stack>
  );
}
