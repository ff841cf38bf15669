// Top bar of the authenticated area: menu button (phones), the current club (logo, its initial until one is
// uploaded, name; a switcher for accounts in several clubs), the season (the server's current one, or the one chosen
// in its menu: features/seasons), profile menu. The session follows the Apollo cache, so a saved logo shows without
// a reload. Under the bar, while another season is looked at, the banner saying so (read-only for a closed one).
// The switchers and the profile menu (and their menu library) load just after the shell, beside the page: not in the
// JavaScript every page waits for (the shell's budget, tests/client/bundle-budget.test.ts).
import { Box, Flex, IconButton } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { MenuIcon } from '../../components/shell-icons';
import { useSession } from '../../lib/session';
import { useKeepChosenSeason, useSeasonView } from '../../lib/season-view';

const ClubSwitcher = lazy(() => import('./club-switcher').then((m) => ({ default: m.ClubSwitcher })));
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const SeasonSwitcher = lazy(() => import('../../features/seasons/components/season-switcher').then((m) => ({ default: m.SeasonSwitcher })));
const SeasonBanner = lazy(() => import('../../features/seasons/components/season-banner').then((m) => ({ default: m.SeasonBanner })));

export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { membership } = useSession();
  const season = useSeasonView({ skip: !membership });
  useKeepChosenSeason();
  return (
    <Box position="sticky" top="0" zIndex="sticky">
      <Flex
        as="header"
        h="16"
        px={{ base: '3', md: '6' }}
        gap={{ base: '1', sm: '3' }}
        align="center"
        bg="bg"
        borderBottomWidth="1px"
        // The club's secondary colour as an accent line under the bar (transparent without one).
        boxShadow="inset 0 -3px 0 var(--club-accent, transparent)"
      >
        <IconButton aria-label="Apri menu" variant="ghost" colorPalette="gray" display={{ base: 'inline-flex', md: 'none' }} onClick={onOpenMenu}>
          <MenuIcon />
        </IconButton>

        {/* the switcher takes the free width: kept while it loads, so the profile menu does not jump */}
        <Suspense fallback={<Box flex="1" />}>
          <ClubSwitcher seasonShown={membership ? season.current?.label : null} />
        </Suspense>

        {membership && (
          <Suspense fallback={null}>
            <SeasonSwitcher view={season} />
          </Suspense>
        )}

        <Suspense fallback={null}>
          <UserMenu />
        </Suspense>
      </Flex>
      {season.isOtherSeason && (
        <Suspense fallback={null}>
          <SeasonBanner view={season} />
        </Suspense>
      )}
    </Box>
  );
}
