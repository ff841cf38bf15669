// A secret the server answers once (an API key, a webhook's signing secret), shown this one time: copied or written
// down before the dialog is closed. The focus starts on the closing button, the backdrop does not close it.
import { Alert, Box, Button, Code, Dialog, Heading, Portal, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, type ReactNode } from 'react';
import { useReturnFocus } from '../../../lib/focus';
import { CopyButton } from './copy-button';

export interface SecretDialogProps {
  /** The secret to show; null: the dialog is closed. */
  secret: string | null;
  title: ReactNode;
  /** Why to store it now and what to do if it is lost. */
  warning: ReactNode;
  /** The name of the secret above it ("Chiave segreta"). */
  label: string;
  copyLabel: string;
  copiedLabel: string;
  /** How the secret is used, under it. */
  hint?: ReactNode;
  doneLabel: string;
  testId?: string;
  onClose: () => void;
}

export function SecretDialog({ secret, title, warning, label, copyLabel, copiedLabel, hint, doneLabel, testId, onClose }: SecretDialogProps) {
  const doneRef = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const returnFocus = useReturnFocus(secret !== null);
  return (
    <Dialog.Root
      role="alertdialog"
      open={secret !== null}
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      closeOnInteractOutside={false}
      initialFocusEl={() => doneRef.current}
      {...returnFocus}
      placement="center"
      size={{ base: 'xs', md: 'lg' }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title overflowWrap="anywhere">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Alert.Root status="warning" borderRadius="md">
                  <Alert.Indicator />
                  <Alert.Description>{warning}</Alert.Description>
                </Alert.Root>
                <Stack gap="2">
                  <Heading as="h3" size="xs" id={labelId}>
                    {label}
                  </Heading>
                  <Code aria-labelledby={labelId} data-testid={testId} fontSize="sm" p="3" wordBreak="break-all" whiteSpace="normal" userSelect="all">
                    {secret}
                  </Code>
                  <Box>
                    <CopyButton text={secret ?? ''} label={copyLabel} copiedLabel={copiedLabel} />
                  </Box>
                </Stack>
                {hint && (
                  <Text as="div" fontSize="sm" color="fg.muted">
                    {hint}
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={doneRef} onClick={onClose}>
                {doneLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
