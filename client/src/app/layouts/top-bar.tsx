// Top bar of the authenticated area: menu button (phones), club logo (its initial until one is uploaded) + name +
// season, profile menu. The session follows the Apollo cache, so a saved logo or season shows without a reload.
import { Box, Flex, IconButton, Text } from '@chakra-ui/react';
import { useSession } from '../../features/auth/session';
import { ClubLogo } from '../../features/club/components/club-logo';
import { MenuIcon } from '../../components/icons';
import { UserMenu } from './user-menu';

export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { membership } = useSession();
  const club = membership?.club ?? null;

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

      <Flex align="center" gap="3" minW="0" flex="1" data-testid="top-bar-club">
        <ClubLogo name={club?.fullName} logoUrl={club?.logoUrl} hasUploadedLogo={club?.hasUploadedLogo ?? false} size="10" />
        <Box minW="0">
          <Text fontWeight="semibold" lineClamp={1} title={club?.fullName}>
            {club?.fullName ?? 'Nessuna società'}
          </Text>
          {club && (
            <Text fontSize="xs" color="fg.muted">
              Stagione {club.seasonLabel}
            </Text>
          )}
        </Box>
      </Flex>

      <UserMenu />
    </Flex>
  );
}
