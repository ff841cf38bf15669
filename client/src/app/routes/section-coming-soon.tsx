// The one page shown by every authenticated section that later work has not built yet.
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ToolsIcon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/document-title';

export default function SectionComingSoon({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Box bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '6', md: '10' }} textAlign="center">
        <Stack gap="3" align="center" maxW="lg" mx="auto">
          <Box bg="brand.subtle" color="brand.fg" borderRadius="full" p="3">
            <ToolsIcon boxSize="6" />
          </Box>
          <Text fontSize="lg" fontWeight="semibold">
            Questa sezione è in preparazione
          </Text>
          <Text color="fg.muted">
            Stiamo costruendo la sezione «{title}»: sarà disponibile in uno dei prossimi aggiornamenti di CampoBase.
          </Text>
          <Button asChild variant="outline" mt="2">
            <RouterLink to="/dashboard">Torna alla dashboard</RouterLink>
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
