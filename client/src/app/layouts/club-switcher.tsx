// The current club in the top bar: logo, name and season; for an account in several clubs a menu listing them with
// the role held in each, the current one checked. Choosing another makes it the club the client acts in
// (selectClub: its token becomes X-Club, nothing of the previous club stays in the cache). Chakra Menu: arrow keys,
// Enter, Escape, typeahead. The button's name is what it shows (the club, and its season label when the season
// switcher beside it shows another) followed by "Cambia società", so
// speech input users can say what they see (WCAG 2.5.3, axe's label-content-name-mismatch); the logo is decoration there.
import { Box, Button, Flex, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { ChevronDownIcon } from '../../components/shell-icons';
import { useSession, type SessionMembership } from '../../lib/session';
import { ClubLogo, clubInitial } from '../../features/clubs/components/club-logo';
import { roleLabel } from '../../features/collaborators/collaborator-roles';
import { messageOfError } from '../../lib/errors';
import { MESSAGE_LEVEL, notify } from '../../lib/notify';

function CurrentClub({ membership, inButton = false, seasonShown }: { membership: SessionMembership | null; inButton?: boolean; seasonShown?: string | null }) {
  const club = membership?.club ?? null;
  // The season switcher beside it names the season: the club's own label only when it says something else.
  const seasonLine = club && club.seasonLabel !== seasonShown ? club.seasonLabel : null;
  return (
    <>
      <Box flexShrink={0} aria-hidden={inButton || undefined}>
        <ClubLogo name={club?.fullName} logoUrl={club?.logoUrl} hasUploadedLogo={club?.hasUploadedLogo ?? false} size="10" />
      </Box>
      <Box minW="0" textAlign="start">
        <Text fontWeight="semibold" lineClamp={1} title={club?.fullName}>
          {club?.fullName ?? 'Nessuna società'}
        </Text>
        {seasonLine && (
          <Text fontSize="xs" color="fg.muted" fontWeight="normal">
            Stagione {seasonLine}
          </Text>
        )}
      </Box>
    </>
  );
}

/** `seasonShown`: the current season's label, which the season switcher beside it names (the club's season line is left out when the same). */
export function ClubSwitcher({ seasonShown }: { seasonShown?: string | null }) {
  const session = useSession();
  const { account, membership } = session;
  const clubs = account?.profile.clubs ?? [];
  const [switching, setSwitching] = useState(false);

  if (clubs.length < 2 || !membership) {
    return (
      <Flex align="center" gap="3" minW="0" flex="1" data-testid="top-bar-club">
        <CurrentClub membership={membership} seasonShown={seasonShown} />
      </Flex>
    );
  }

  async function choose(membershipId: string) {
    if (membershipId === membership?.id) return;
    setSwitching(true);
    try {
      if (!(await session.selectClub(membershipId))) notify(MESSAGE_LEVEL.error, 'Non fai più parte di quella società: l’elenco è stato aggiornato.');
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    } finally {
      setSwitching(false);
    }
  }

  return (
    <Flex minW="0" flex="1" data-testid="top-bar-club">
      <Menu.Root positioning={{ placement: 'bottom-start' }}>
        <Menu.Trigger asChild>
          <Button
            variant="ghost"
            colorPalette="gray"
            h="auto"
            py="1"
            px="2"
            ms="-2"
            gap="3"
            minW="0"
            maxW="full"
            justifyContent="flex-start"
            aria-busy={switching}
            disabled={switching}
          >
            <CurrentClub membership={membership} inButton seasonShown={seasonShown} />
            <VisuallyHidden>Cambia società</VisuallyHidden>
            <ChevronDownIcon boxSize="4" flexShrink={0} color="fg.muted" />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="64" maxW="calc(100vw - 2rem)">
              <Menu.RadioItemGroup value={membership.id} onValueChange={(d) => void choose(d.value)}>
                <Menu.ItemGroupLabel>Le tue società</Menu.ItemGroupLabel>
                {clubs.map((m) => (
                  <Menu.RadioItem key={m.id} value={m.id} cursor="pointer" py="2" gap="3">
                    {/* Only the current club's uploaded logo can be read (files are served per club): initials here. */}
                    <Flex aria-hidden="true" boxSize="8" flexShrink={0} borderRadius="full" bg="bg.emphasized" align="center" justify="center" fontWeight="bold" fontSize="sm">
                      {clubInitial(m.club.fullName) || '?'}
                    </Flex>
                    <Box flex="1" minW="0">
                      <Text lineClamp={1} fontWeight="medium">
                        {m.club.fullName}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {roleLabel(m.role)}
                      </Text>
                    </Box>
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </Flex>
  );
}
