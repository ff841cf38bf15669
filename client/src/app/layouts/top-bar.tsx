// Top bar of the authenticated area: menu button (phones), the current club (logo, its initial until one is
// uploaded, name and season; a switcher for accounts in several clubs), profile menu. The session follows the Apollo
// cache, so a saved logo or season shows without a reload.
// The switcher and the profile menu (and their menu library) load just after the shell, beside the page: not in the
// JavaScript every page waits for (the shell's budget, tests/client/bundle-budget.test.ts).
import { Box, Flex, IconButton } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { MenuIcon } from '../../components/icons';

const ClubSwitcher = lazy(() => import('./club-switcher').then((m) => ({ default: m.ClubSwitcher })));
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  return (
    <Flex
      as="header"
      h="16"
      px={{ base: '3', md: '6' }}
      gap="3"
      align="center"
      bg="bg"
      borderBottomWidth="1px"
      position="sticky"
      top="0"
      zIndex="sticky"
      // The club's secondary colour as an accent line under the bar (transparent without one).
      boxShadow="inset 0 -3px 0 var(--club-accent, transparent)"
    >
      <IconButton aria-label="Apri menu" variant="ghost" colorPalette="gray" display={{ base: 'inline-flex', md: 'none' }} onClick={onOpenMenu}>
        <MenuIcon />
      </IconButton>

      {/* the switcher takes the free width: kept while it loads, so the profile menu does not jump */}
      <Suspense fallback={<Box flex="1" />}>
        <ClubSwitcher />
      </Suspense>

      <Suspense fallback={null}>
        <UserMenu />
      </Suspense>
    </Flex>
  );
}
