// A private calendar link just made (shown once: the server keeps only its hash), with a copy button and how to
// subscribe to it in Google Calendar, Apple Calendar and Outlook. Staff's group feeds and the family's own use it.
import { Box, Button, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { CopyIcon } from '../icons';
import { MESSAGE_LEVEL, notify } from '../../lib/notify';

export function FeedLink({ url }: { url: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify(MESSAGE_LEVEL.success, 'Link copiato.');
    } catch {
      notify(MESSAGE_LEVEL.warning, 'Copia non riuscita: seleziona il link e copialo a mano.');
    }
  };
  return (
    <Stack gap="3" borderWidth="1px" borderColor="green.muted" bg="green.subtle" borderRadius="md" p="3">
      <Text fontWeight="semibold">Ecco il link: copialo adesso, non lo mostreremo più.</Text>
      <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
        <Input readOnly value={url} aria-label="Link del calendario privato" onFocus={(e) => e.target.select()} bg="bg" />
        <Button onClick={() => void copy()} flexShrink={0}>
          <CopyIcon />
          Copia
        </Button>
      </Flex>
      <Box as="ul" pl="4" listStyleType="disc" fontSize="sm">
        <li>Google Calendar: da computer, «Altri calendari» → «+» → «Da URL», incolla il link.</li>
        <li>Apple Calendario: «File» → «Nuovo abbonamento calendario» (su iPhone: Impostazioni → Calendario → Account → Aggiungi calendario abbonato).</li>
        <li>Outlook: «Aggiungi calendario» → «Sottoscrivi dal Web», incolla il link.</li>
      </Box>
    </Stack>
  );
}
