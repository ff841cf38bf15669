// The navigation in a drawer, on phones (admin-layout.tsx). Its own chunk, loaded when first opened: the drawer's
// dialog machinery is not in the JavaScript every page waits for.
import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { Wordmark } from '../../components/ui/wordmark';
import { SidebarNav } from './sidebar-nav';

export default function MobileNavDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="start" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          {/* In a portal, outside the tinted root: tinted by the variables on <html>. */}
          <Drawer.Content colorPalette="brand">
            <Drawer.Header borderBottomWidth="1px">
              <Drawer.Title>
                <Wordmark fontSize="xl" />
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body px="0">
              <SidebarNav onNavigate={() => onOpenChange(false)} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Chiudi menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
