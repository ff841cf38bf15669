// The profile menu at the right of the top bar: who is signed in, the account's own pages (spec §2 user menu, in
// its order; the club's pages only for the roles that may open them), Esci. Chakra Menu: arrow keys, Enter, Escape.
import { useQuery } from '@apollo/client/react';
import { Box, Button, Flex, Menu, Portal, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { BriefcaseIcon, ChevronDownIcon, ClipboardIcon, CopyIcon, HeartIcon, HistoryIcon, LayersIcon, LogoutIcon, MailIcon, MedalIcon, ShieldIcon, ToolsIcon, UserCheckIcon, UsersIcon } from '../../components/shell-icons';
import { MyOrganisationsQuery } from '../../features/organisations/organisation-portal-documents';
import type { Permission } from '../../../../schema/permissions';
import { useSession } from '../../lib/session';
import { useAccess } from '../../lib/use-access';
import { ANY_PEOPLE_WRITE } from '../sections';

// The feedback form loads when first asked for, not with every admin page (the shell's size budget).
const FeedbackDialog = lazy(() => import('../../features/accounts/components/feedback-dialog').then((m) => ({ default: m.FeedbackDialog })));

export function initials(...parts: (string | null | undefined)[]): string {
  return parts
    .map((p) => p?.trim()[0] ?? '')
    .join('')
    .toUpperCase();
}

/**
 * `permission`: shown only to the roles holding it, or any of them (the account's own pages need none);
 * `organisationStaff`: only to accounts on the staff of an organisation (a federation, a league...), whatever their
 * club role.
 */
const ACCOUNT_PAGES: {
  value: string;
  label: string;
  path: string;
  icon: ReactNode;
  permission?: Permission | readonly Permission[];
  organisationStaff?: true;
}[] = [
  { value: 'profile', label: 'Profilo', path: '/modifica-utente', icon: <UserCheckIcon boxSize="4" /> },
  { value: 'security', label: 'Sicurezza', path: '/account/sicurezza', icon: <ShieldIcon boxSize="4" /> },
  // the personal area (issue 36 point 4): the account's own data and its children's at the clubs, with or without a role
  { value: 'area', label: 'Area personale', path: '/area', icon: <HeartIcon boxSize="4" /> },
  { value: 'organisation', label: 'Organizzazione', path: '/organizzazione', icon: <MedalIcon boxSize="4" />, organisationStaff: true },
  { value: 'club', label: 'Club', path: '/club', icon: <BriefcaseIcon boxSize="4" />, permission: 'club.read' },
  { value: 'collaborators', label: 'Collaboratori', path: '/collaboratori', icon: <UsersIcon boxSize="4" />, permission: 'collaborators.manage' },
  { value: 'affiliations', label: 'Affiliazioni', path: '/affiliazioni', icon: <LayersIcon boxSize="4" />, permission: 'affiliations.manage' },
  { value: 'access-log', label: 'Registro accessi', path: '/registro-accessi', icon: <HistoryIcon boxSize="4" />, permission: 'accessLog.read' },
  { value: 'duplicates', label: 'Possibili duplicati', path: '/duplicati', icon: <CopyIcon boxSize="4" />, permission: ANY_PEOPLE_WRITE },
  { value: 'settings', label: 'Impostazioni', path: '/impostazioni', icon: <ToolsIcon boxSize="4" />, permission: 'club.write' },
];

/** The account's pages the account may open, as menu entries. */
function AccountPageItems() {
  const access = useAccess();
  // Asked when the menu first opens (then from the cache), not by every page: whether the account works for any
  // organisation.
  const organisationStaff = (useQuery(MyOrganisationsQuery, { fetchPolicy: 'cache-first' }).data?.myOrganisations.length ?? 0) > 0;
  const allowed = (permission: Permission | readonly Permission[]) => (typeof permission === 'string' ? access.can(permission) : access.canAny(permission));
  const pages = ACCOUNT_PAGES.filter((page) => (!page.permission || allowed(page.permission)) && (!page.organisationStaff || organisationStaff));
  return pages.map((page) => (
    <Menu.Item key={page.value} value={page.value} asChild cursor="pointer">
      <RouterLink to={page.path}>
        {page.icon}
        {page.label}
      </RouterLink>
    </Menu.Item>
  ));
}

export function UserMenu() {
  const { account, logout } = useSession();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [feedbackUsed, setFeedbackUsed] = useState(false);
  // The session follows the cache: a saved profile shows here at once.
  const profile = account?.profile;
  const firstname = profile?.firstname ?? '';
  const lastname = profile?.lastname ?? '';
  const fullName = `${firstname} ${lastname}`.trim();

  return (
    <>
      {/* lazyMount: the entries (and the organisation query) only once the menu is first opened */}
      <Menu.Root positioning={{ placement: 'bottom-end' }} lazyMount>
        <Menu.Trigger asChild>
          {/* Named by its content (no aria-label, which would hide the visible name from speech input): the
              visible name, the same name for screen readers on phones where it is not shown, and what it opens. */}
          <Button variant="ghost" colorPalette="gray" px="2">
            <Flex
              aria-hidden="true"
              boxSize="8"
              borderRadius="full"
              bg="gray.200"
              color="gray.800"
              align="center"
              justify="center"
              fontSize="sm"
              fontWeight="semibold"
            >
              {initials(firstname, lastname) || '?'}
            </Flex>
            <Text as="span" display={{ base: 'none', md: 'inline' }} fontWeight="medium" data-testid="user-menu-name">
              {fullName}
            </Text>
            <Box as="span" srOnly hideFrom="md">
              {fullName}
            </Box>
            <Box as="span" srOnly>
              {fullName ? ', menu del profilo' : 'Menu del profilo'}
            </Box>
            <ChevronDownIcon boxSize="4" />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="64">
              <Box px="3" py="2">
                <Text fontWeight="semibold">{fullName}</Text>
                <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                  {account?.email}
                </Text>
              </Box>
              <Menu.Separator />
              <AccountPageItems />
              <Menu.Item value="feedback" onSelect={() => {
                  setFeedbackUsed(true);
                  setFeedbackOpen(true);
                }} cursor="pointer">
                <MailIcon boxSize="4" />
                Lascia un feedback
              </Menu.Item>
              <Menu.Item value="help" asChild cursor="pointer">
                <RouterLink to="/aiuto">
                  <ClipboardIcon boxSize="4" />
                  Centro assistenza
                </RouterLink>
              </Menu.Item>
              <Menu.Separator />
              <Menu.Item value="logout" onSelect={() => void logout()} cursor="pointer">
                <LogoutIcon boxSize="4" />
                Esci
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {feedbackUsed && (
        <Suspense fallback={null}>
          <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
