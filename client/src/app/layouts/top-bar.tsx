// Top bar of the authenticated area: menu button (phones), club initial + name + season, profile menu.
import { Box, Button, Flex, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { useSession } from '../../features/auth/session';
import { ChevronDownIcon, LogoutIcon, MenuIcon } from '../../components/icons';

function initials(...parts: (string | null | undefined)[]): string {
  return parts
    .map((p) => p?.trim()[0] ?? '')
    .join('')
    .toUpperCase();
}

export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { account, membership, logout } = useSession();
  const club = membership?.club ?? null;
  const firstname = account?.profile.firstname ?? '';
  const lastname = account?.profile.lastname ?? '';
  const fullName = `${firstname} ${lastname}`.trim();

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
    >
      <IconButton aria-label="Apri menu" variant="ghost" colorPalette="gray" display={{ base: 'inline-flex', md: 'none' }} onClick={onOpenMenu}>
        <MenuIcon />
      </IconButton>

      <Flex align="center" gap="3" minW="0" flex="1">
        <Flex
          aria-hidden="true"
          flexShrink={0}
          boxSize="10"
          borderRadius="full"
          bg="brand.solid"
          color="brand.contrast"
          align="center"
          justify="center"
          fontWeight="bold"
          fontSize="lg"
        >
          {initials(club?.fullName) || '?'}
        </Flex>
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
            <Text as="span" display={{ base: 'none', md: 'inline' }} fontWeight="medium">
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
              <Menu.Item value="logout" onSelect={() => void logout()} cursor="pointer">
                <LogoutIcon boxSize="4" />
                Esci
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </Flex>
  );
}
