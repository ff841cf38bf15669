// The personal area's own light frame (not the admin shell): CampoBase and "Area personale" on top with the way out,
// the page below in a column that reads well on a phone (375 px) and stays narrow on a desktop. Offline, a line under
// the header says so. The frame makes the area installable (installable-area.ts).
import { Box, Button, chakra, Flex, Text } from '@chakra-ui/react';
import { Suspense, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { LogoutIcon } from '../../../components/icons';
import { OfflineNotice } from '../../../components/ui/offline-notice';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Wordmark } from '../../../components/ui/wordmark';
import { useOnline } from '../../../lib/use-online';
import { useSession } from '../../../lib/session';
import { useInstallableArea } from '../installable-area';
import { PrivacyNoticeGate } from './privacy-notice-gate';

export function AreaShell({ children }: { children: ReactNode }) {
  useInstallableArea();
  const online = useOnline();
  const { status, logout } = useSession();
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle" colorPalette="brand">
      <chakra.a href="#contenuto" position="absolute" left="2" top="-40" zIndex="skipNav" bg="bg" px="4" py="2" borderRadius="md" shadow="md" _focus={{ top: '2' }}>
        Vai al contenuto
      </chakra.a>
      <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
        <Flex maxW="5xl" mx="auto" px={{ base: '4', md: '8' }} h="14" align="center" justify="space-between" gap="3">
          <Flex align="baseline" gap="2" minW="0">
            <RouterLink to="/area" aria-label="CampoBase, Area personale">
              <Wordmark fontSize={{ base: 'lg', md: 'xl' }} />
            </RouterLink>
            <Text as="span" fontSize="sm" color="fg.muted" fontWeight="medium" truncate aria-hidden="true">
              Area personale
            </Text>
          </Flex>
          {status !== 'offline' && (
            <Button variant="ghost" colorPalette="gray" size="sm" onClick={() => void logout()}>
              <LogoutIcon boxSize="4" />
              Esci
            </Button>
          )}
        </Flex>
        {!online && status !== 'offline' && <OfflineNotice compact />}
      </Box>
      <Box as="main" id="contenuto" tabIndex={-1} flex="1" w="100%" maxW="5xl" mx="auto" px={{ base: '4', md: '8' }} py={{ base: '5', md: '8' }} outline="none">
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
        {status === 'authenticated' && online && <PrivacyNoticeGate />}
      </Box>
    </Flex>
  );
}
