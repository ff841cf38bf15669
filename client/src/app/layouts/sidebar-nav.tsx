// The navigation list, shared by the desktop sidebar (expanded or icons only) and the phone drawer.
import { Box, chakra, Separator, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, type ComponentType } from 'react';
import { NavLink } from 'react-router';
import {
  ArchiveIcon,
  BriefcaseIcon,
  CalendarIcon,
  ChatIcon,
  ClipboardIcon,
  DashboardIcon,
  FeedIcon,
  FileIcon,
  HeartIcon,
  HistoryIcon,
  InboxIcon,
  LayersIcon,
  LockIcon,
  MailIcon,
  MedalIcon,
  ShieldIcon,
  TagIcon,
  UserCheckIcon,
  UsersIcon,
  WalletIcon,
  type IconProps,
} from '../../components/shell-icons';
import { useAccess } from '../../lib/use-access';
import { NAVIGATION, permissionsOf, type NavIconName, type NavItem } from '../sections';

const ICONS: Record<NavIconName, ComponentType<IconProps>> = {
  dashboard: DashboardIcon,
  club: ShieldIcon,
  feed: FeedIcon,
  members: UsersIcon,
  volunteers: HeartIcon,
  athletes: MedalIcon,
  categories: TagIcon,
  groups: LayersIcon,
  managers: BriefcaseIcon,
  coaches: ClipboardIcon,
  assistants: UserCheckIcon,
  archive: ArchiveIcon,
  register: FileIcon,
  seasons: HistoryIcon,
  privacy: LockIcon,
  registrations: FileIcon,
  familyRequests: InboxIcon,
  fees: WalletIcon,
  calendar: CalendarIcon,
  notices: MailIcon,
  channels: ChatIcon,
};

const ItemLink = chakra(NavLink);

function SidebarLink({ item, collapsed, onNavigate }: { item: NavItem; collapsed: boolean; onNavigate?: () => void }) {
  const Icon = ICONS[item.icon];
  return (
    <ItemLink
      to={item.path}
      end
      onClick={onNavigate}
      title={collapsed ? item.label : undefined}
      display="flex"
      alignItems="center"
      justifyContent={collapsed ? 'center' : 'flex-start'}
      gap="3"
      px="3"
      py="2"
      minH="10"
      borderRadius="md"
      color="fg.muted"
      fontWeight="medium"
      fontSize="sm"
      textDecoration="none"
      transition="background 0.15s, color 0.15s"
      _hover={{ bg: 'bg.muted', color: 'fg' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      _currentPage={{ bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' }}
    >
      <Icon />
      {collapsed ? <VisuallyHidden>{item.label}</VisuallyHidden> : <span>{item.label}</span>}
    </ItemLink>
  );
}

export function SidebarNav({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const idPrefix = useId();
  const access = useAccess();
  // Only the pages the role may open; a section left empty goes too.
  const groups = NAVIGATION.map((group) => ({
    ...group,
    items: group.items.filter((item) => {
      const needed = permissionsOf(item);
      return !needed || access.canAny(needed);
    }),
  })).filter((group) => group.items.length > 0);
  return (
    <Box as="nav" aria-label="Menu principale" px="3" py="2">
      <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
        {groups.map((group, index) => (
          <Box as="li" key={group.id}>
            {group.label &&
              (collapsed ? (
                <>
                  {index > 0 && <Separator my="2" />}
                  <VisuallyHidden id={`${idPrefix}-${group.id}`}>{group.label}</VisuallyHidden>
                </>
              ) : (
                <Text
                  id={`${idPrefix}-${group.id}`}
                  fontSize="xs"
                  fontWeight="semibold"
                  textTransform="uppercase"
                  letterSpacing="wider"
                  color="fg.muted"
                  px="3"
                  pt="4"
                  pb="1"
                >
                  {group.label}
                </Text>
              ))}
            <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0" aria-labelledby={group.label ? `${idPrefix}-${group.id}` : undefined}>
              {group.items.map((item) => (
                <li key={item.path}>
                  <SidebarLink item={item} collapsed={collapsed} onNavigate={onNavigate} />
                </li>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
