// Layout of the authenticated area (guarded): collapsible sidebar (icons only when collapsed), a drawer on
// phones, the top bar and the page.
import { Box, Button, chakra, Flex } from '@chakra-ui/react';
import { lazy, Suspense, useLayoutEffect, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ChevronsLeftIcon, ChevronsRightIcon } from '../../components/shell-icons';
import { PageSpinner } from '../../components/ui/page-spinner';
import { Wordmark } from '../../components/ui/wordmark';
import { RequireAuth } from '../../features/accounts/components/require-auth';
import { useSession } from '../../lib/session';
import { applyPaletteVars, clubPaletteVars } from '../../features/clubs/club-palette';
import { PageAccess } from './page-access';
import { SidebarNav } from './sidebar-nav';
import { TopBar } from './top-bar';

const COLLAPSED_KEY = 'campobase.sidebar.collapsed';
// Phones only, and only once asked for: not in the JavaScript every page waits for.
const MobileNavDrawer = lazy(() => import('./mobile-nav-drawer'));

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

function AdminShell({ children }: { children?: ReactNode }) {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const club = useSession().membership?.club;
  // The club colours tint the admin area: the brand palette's variables are overridden here, and colorPalette is
  // set again so the components' palette variables resolve against the overridden ones.
  const tint = clubPaletteVars(club?.primaryColor, club?.secondaryColor);
  // ...and on <html> while the admin area is shown: dialogs, side panels, menus and toasts render in portals,
  // outside this root, and take the club colours from there (removed on leaving: the login and public pages stay green).
  const [primary, secondary] = [club?.primaryColor, club?.secondaryColor];
  useLayoutEffect(() => applyPaletteVars(document.documentElement, clubPaletteVars(primary, secondary)), [primary, secondary]);

  const toggleCollapsed = () =>
    setCollapsed((c) => {
      try {
        window.localStorage.setItem(COLLAPSED_KEY, c ? '0' : '1');
      } catch {
        // not persisted: fine
      }
      return !c;
    });

  return (
    <Flex minH="100dvh" style={tint} colorPalette="brand">
      <chakra.a
        href="#contenuto"
        position="absolute"
        left="2"
        top="-40"
        zIndex="skipNav"
        bg="bg"
        px="4"
        py="2"
        borderRadius="md"
        shadow="md"
        _focus={{ top: '2' }}
      >
        Vai al contenuto
      </chakra.a>

      <Flex
        as="aside"
        aria-label="Barra laterale"
        display={{ base: 'none', md: 'flex' }}
        direction="column"
        flexShrink={0}
        w={collapsed ? '20' : '64'}
        h="100dvh"
        position="sticky"
        top="0"
        bg="bg"
        borderRightWidth="1px"
        transition="width 0.2s"
        overflowX="hidden"
      >
        <Flex h="16" align="center" px={collapsed ? '0' : '6'} justify={collapsed ? 'center' : 'flex-start'} flexShrink={0}>
          {collapsed ? (
            <Flex boxSize="9" borderRadius="md" bg="brand.solid" color="brand.contrast" fontWeight="800" fontSize="sm" align="center" justify="center" title="CampoBase">
              CB
            </Flex>
          ) : (
            <Wordmark fontSize="xl" />
          )}
        </Flex>
        <Box flex="1" overflowY="auto">
          <SidebarNav collapsed={collapsed} />
        </Box>
        <Box p="3" borderTopWidth="1px">
          <Button
            variant="ghost"
            colorPalette="gray"
            size="sm"
            width="full"
            justifyContent={collapsed ? 'center' : 'flex-start'}
            onClick={toggleCollapsed}
            aria-expanded={!collapsed}
            aria-label={collapsed ? 'Espandi menu' : undefined}
            title={collapsed ? 'Espandi menu' : undefined}
          >
            {collapsed ? <ChevronsRightIcon /> : <ChevronsLeftIcon />}
            {!collapsed && 'Comprimi menu'}
          </Button>
        </Box>
      </Flex>

      {drawerUsed && (
        <Suspense fallback={null}>
          <MobileNavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
        </Suspense>
      )}

      <Flex direction="column" flex="1" minW="0">
        <TopBar
          onOpenMenu={() => {
            setDrawerUsed(true);
            setDrawerOpen(true);
          }}
        />
        <Box as="main" id="contenuto" tabIndex={-1} flex="1" px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} outline="none">
          <Suspense fallback={<PageSpinner />}>
            {/* A change of club mounts the page again: its queries start over in the new club. */}
            <PageAccess key={club?.id ?? 'no-club'}>
              {children ?? <Outlet />}
            </PageAccess>
          </Suspense>
        </Box>
      </Flex>
    </Flex>
  );
}

/**
 * `signedOut`: shown instead of the way to the login page when there is no session (the 404 of the app);
 * `children`: shown instead of the child route (that 404 again).
 */
export default function AdminLayout({ signedOut, children }: { signedOut?: ReactNode; children?: ReactNode }) {
  return (
    <RequireAuth signedOut={signedOut}>
      <AdminShell>{children}</AdminShell>
    </RequireAuth>
  );
}
