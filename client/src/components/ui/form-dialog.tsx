// A form in a centred modal (the dashboard's quick links): the same props as SidePanel, so a form owner can pick
// either. Closes on its close button, a click on the backdrop or Escape; the focus stays inside while it is open.
// Full screen on phones, where a centred box would leave no room for the form. `dirty` asks before closing, as in
// SidePanel, and the focus goes back to what opened it once it closes.
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useReturnFocus } from '../../lib/focus';
import type { SidePanelProps } from './side-panel';
import { PanelCloseProvider, useGuardedClose } from './unsaved-changes';

const WIDTH = { sm: 'md', md: 'lg', lg: 'xl', xl: 'cover' } as const;

export function FormDialog({ open, title, onClose, footer, children, size = 'md', dirty = false }: SidePanelProps) {
  const { requestClose, dialog } = useGuardedClose({ open, dirty, onClose });
  const returnFocus = useReturnFocus(open);
  return (
    <PanelCloseProvider value={requestClose}>
      <Dialog.Root
        open={open}
        onOpenChange={(details) => {
          if (!details.open) requestClose();
        }}
        placement="center"
        scrollBehavior="inside"
        size={{ base: 'full', md: WIDTH[size] }}
        lazyMount
        unmountOnExit
        {...returnFocus}
      >
        <Portal>
          <Dialog.Backdrop _open={{ animationDuration: '0.2s' }} _closed={{ animationDuration: '0.2s' }} />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header borderBottomWidth="1px" pe="14">
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body py="5" px={{ base: '4', md: '6' }}>
                {children}
              </Dialog.Body>
              {footer && (
                <Dialog.Footer borderTopWidth="1px" pt="4" px={{ base: '4', md: '6' }}>
                  {footer}
                </Dialog.Footer>
              )}
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Chiudi" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      {dialog}
    </PanelCloseProvider>
  );
}
