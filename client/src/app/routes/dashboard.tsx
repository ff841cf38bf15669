// /dashboard: a simple welcome until the real dashboard (statistics, chart, quick links) is built.
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useSession } from '../../features/auth/session';
import { useDocumentTitle } from '../../lib/document-title';

export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { account, membership } = useSession();
  const club = membership?.club;
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Benvenuto, {account?.profile.firstname}
        </Heading>
        <Text color="fg.muted">
          {club ? (
            <>
              Stai gestendo <strong>{club.fullName}</strong> · stagione {club.seasonLabel}
            </>
          ) : (
            'Non risulti ancora associato a una società.'
          )}
        </Text>
      </Stack>
      <Box bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '5', md: '8' }}>
        <Text fontWeight="semibold">La tua dashboard</Text>
        <Text color="fg.muted" mt="1">
          Qui troverai presto le statistiche del giorno, il riepilogo di atleti e staff e le scorciatoie per aggiungere
          nuove persone. Usa il menu per muoverti tra le sezioni.
        </Text>
      </Box>
    </Stack>
  );
}
