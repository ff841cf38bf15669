// A blocked e-mail address (3 permanent failures): what happened and, for who may, the button clearing the block.
// The staff's person page and the person's own area word it differently; the server's answer goes to a status region.
import { Alert, Button, Stack, Text } from '@chakra-ui/react';

export function MailBlockAlert({ text, action }: { text: string; action?: { label: string; onClick: () => void; loading: boolean } }) {
  return (
    <Alert.Root status="warning" borderRadius="md" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content minW="0">
        <Stack gap="2" align={{ base: 'stretch', sm: 'flex-start' }}>
          <Alert.Title fontWeight="medium" overflowWrap="anywhere">
            {text}
          </Alert.Title>
          {action && (
            <Button size="sm" variant="outline" colorPalette="orange" bg="bg" onClick={action.onClick} loading={action.loading}>
              {action.label}
            </Button>
          )}
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}

/** A live region that stays mounted (so the message is read out when it appears), empty until the server answers. */
export function MailMessage({ message }: { message: string | null }) {
  return (
    <Text role="status" fontSize="sm" color="green.fg" fontWeight="medium">
      {message}
    </Text>
  );
}
