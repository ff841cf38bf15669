// /quote/impostazioni ("Impostazioni quote", fees.read; issue 37 points 4 and 5; its route: collection-pages.tsx),
// linked from the header of /quote: the fee reminders (on or off, the days from the due date, the text) and the
// club's SEPA creditor data. Each section saves on its own; without fees.write they are only shown.
import { Link, Stack, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ArrowLeftIcon } from '../../../components/icons';
import { useDocumentTitle } from '../../../lib/document-title';
import { useAccess } from '../../../lib/use-access';
import { FeeRemindersSettings } from '../components/fee-reminders-settings';
import { SepaCreditorSettings } from '../components/sepa-creditor-settings';

const TITLE = 'Impostazioni quote';

export function FeeSettingsPage() {
  useDocumentTitle(TITLE);
  const mayWrite = useAccess().can('fees.write');
  return (
    <Stack gap="6" maxW="4xl" w="100%">
      <Stack gap="2">
        <Link asChild fontSize="sm" color="fg.muted" alignSelf="flex-start">
          <RouterLink to="/quote">
            <ArrowLeftIcon />
            Quote
          </RouterLink>
        </Link>
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="fg.muted">I promemoria delle quote alle famiglie e i dati della società per gli addebiti diretti SEPA.</Text>
      </Stack>
      <FeeRemindersSettings mayWrite={mayWrite} />
      <SepaCreditorSettings mayWrite={mayWrite} />
    </Stack>
  );
}
