// The side panel that holds the forms (spec §2): slides in from the right over a backdrop, closes with its
// close button, a click on the backdrop or Escape. Panel animation 0.3 s, backdrop fade 0.2 s (spec §9).
// With `dirty`, each of those (and <PanelCancelButton>, and a route change) asks first (unsaved-changes.tsx).
// However it closes (saved, cancelled, "Esci senza salvare", Escape), the focus goes back to what opened it.
import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useReturnFocus } from '../../lib/focus';
import { PanelCloseProvider, useGuardedClose } from './unsaved-changes';

export interface SidePanelProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** Buttons under the body (e.g. a form's submit, bound with `form="<form id>"`). */
  footer?: ReactNode;
  children: ReactNode;
  /** Width on wide screens; on phones the panel always takes the whole width. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** The form holds unsaved changes: closing asks "Modifiche non salvate" first. */
  dirty?: boolean;
}

export function SidePanel({ open, title, onClose, footer, children, size = 'md', dirty = false }: SidePanelProps) {
  const { requestClose, dialog } = useGuardedClose({ open, dirty, onClose });
  const returnFocus = useReturnFocus(open);
  return (
    <PanelCloseProvider value={requestClose}>
      <Drawer.Root
        open={open}
        onOpenChange={(details) => {
          if (!details.open) requestClose();
        }}
        placement="end"
        size={size}
        lazyMount
        unmountOnExit
        {...returnFocus}
      >
        <Portal>
          <Drawer.Backdrop _open={{ animationDuration: '0.2s' }} _closed={{ animationDuration: '0.2s' }} />
          <Drawer.Positioner>
            <Drawer.Content _open={{ animationDuration: '0.3s' }} _closed={{ animationDuration: '0.3s' }}>
              <Drawer.Header borderBottomWidth="1px" pe="14">
                <Drawer.Title>{title}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body py="5" px={{ base: '4', md: '6' }}>
                {children}
              </Drawer.Body>
              {footer && (
                <Drawer.Footer borderTopWidth="1px" pt="4" px={{ base: '4', md: '6' }}>
                  {footer}
                </Drawer.Footer>
              )}
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Chiudi" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      {dialog}
    </PanelCloseProvider>
  );
}
