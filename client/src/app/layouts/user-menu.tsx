// The profile menu at the right of the top bar: who is signed in, the account's own pages (spec §2 user menu, in
// its order; Collaboratori only for the club's owners and admins), Esci. Chakra Menu: arrow keys, Enter, Escape.
import { Box, Button, Flex, Menu, Portal, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { BriefcaseIcon, ChevronDownIcon, ClipboardIcon, LogoutIcon, MailIcon, ShieldIcon, ToolsIcon, UserCheckIcon, UsersIcon } from '../../components/icons';
import { FeedbackDialog } from '../../features/account/components/feedback-dialog';
import { canManageCollaborators } from '../../features/collaborators/collaborator-roles';
import { useSession } from '../../lib/session';

export function initials(...parts: (string | null | undefined)[]): string {
  return parts
    .map((p) => p?.trim()[0] ?? '')
    .join('')
    .toUpperCase();
}

const ACCOUNT_PAGES: { value: string; label: string; path: string; icon: ReactNode; managers?: true }[] = [
  { value: 'profile', label: 'Profilo', path: '/modifica-utente', icon: <UserCheckIcon boxSize="4" /> },
  { value: 'security', label: 'Sicurezza', path: '/account/sicurezza', icon: <ShieldIcon boxSize="4" /> },
  { value: 'club', label: 'Club', path: '/club', icon: <BriefcaseIcon boxSize="4" /> },
  { value: 'collaborators', label: 'Collaboratori', path: '/collaboratori', icon: <UsersIcon boxSize="4" />, managers: true },
  { value: 'settings', label: 'Impostazioni', path: '/impostazioni', icon: <ToolsIcon boxSize="4" /> },
];

export function UserMenu() {
  const { account, membership, logout } = useSession();
  const pages = ACCOUNT_PAGES.filter((page) => !page.managers || canManageCollaborators(membership?.role));
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  // The session follows the cache: a saved profile shows here at once.
  const profile = account?.profile;
  const firstname = profile?.firstname ?? '';
  const lastname = profile?.lastname ?? '';
  const fullName = `${firstname} ${lastname}`.trim();

  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <Button variant="ghost" colorPalette="gray" px="2" aria-label="Menu del profilo">
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
              {pages.map((page) => (
                <Menu.Item key={page.value} value={page.value} asChild cursor="pointer">
                  <RouterLink to={page.path}>
                    {page.icon}
                    {page.label}
                  </RouterLink>
                </Menu.Item>
              ))}
              <Menu.Item value="feedback" onSelect={() => setFeedbackOpen(true)} cursor="pointer">
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
      <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
    </>
  );
}
