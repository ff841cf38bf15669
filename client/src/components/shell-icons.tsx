// A small set of line icons (24x24, currentColor), drawn for CampoBase: decorative, always aria-hidden. These are the
// admin shell's own (the menu, the top bar, the dashboard): the shell imports them from here, and the pages from
// ./icons, which adds the ones only lazy pages need, so that those travel with the pages, not with every page's shell
// (tests/e2e/dashboard.test.ts keeps the shell within its budget).
import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type IconProps = HTMLChakraProps<'svg'>;

export function icon(displayName: string, shapes: ReactNode) {
  const Icon = (props: IconProps) => (
    <chakra.svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      boxSize="5"
      flexShrink={0}
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {shapes}
    </chakra.svg>
  );
  Icon.displayName = displayName;
  return Icon;
}

export const MenuIcon = icon('MenuIcon', <path d="M4 6h16M4 12h16M4 18h16" />);
export const ChevronsLeftIcon = icon('ChevronsLeftIcon', <path d="M11 17l-5-5 5-5M18 17l-5-5 5-5" />);
export const ChevronsRightIcon = icon('ChevronsRightIcon', <path d="M13 17l5-5-5-5M6 17l5-5-5-5" />);
export const InboxIcon = icon('InboxIcon', <path d="M3 13l3-8h12l3 8M3 13v6h18v-6M3 13h5l1.5 2.5h5L16 13h5" />);
export const DashboardIcon = icon(
  'DashboardIcon',
  <>
    <rect x="3" y="3" width="7" height="9" rx="1" />
    <rect x="14" y="3" width="7" height="5" rx="1" />
    <rect x="14" y="12" width="7" height="9" rx="1" />
    <rect x="3" y="16" width="7" height="5" rx="1" />
  </>,
);
export const ShieldIcon = icon('ShieldIcon', <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3z" />);
export const FeedIcon = icon(
  'FeedIcon',
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M7 8h10M7 12h10M7 16h6" />
  </>,
);
export const UsersIcon = icon(
  'UsersIcon',
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.8-3.5 3.4-5.5 6.5-5.5s5.7 2 6.5 5.5" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14.8c2 .7 3.2 2.4 3.5 5.2" />
  </>,
);
export const HeartIcon = icon(
  'HeartIcon',
  <path d="M12 20s-7-4.4-9-9a4.8 4.8 0 0 1 9-3 4.8 4.8 0 0 1 9 3c-2 4.6-9 9-9 9z" />,
);
export const MedalIcon = icon(
  'MedalIcon',
  <>
    <circle cx="12" cy="15" r="5" />
    <path d="M8.5 11.5L6 3h4l2 4 2-4h4l-2.5 8.5" />
  </>,
);
export const TagIcon = icon(
  'TagIcon',
  <>
    <path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9-9-9z" />
    <circle cx="7.5" cy="7.5" r="1.5" />
  </>,
);
export const LayersIcon = icon('LayersIcon', <path d="M12 3l9 5-9 5-9-5 9-5zM3 13l9 5 9-5" />);
export const BriefcaseIcon = icon(
  'BriefcaseIcon',
  <>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M9 7V5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2M3 13h18" />
  </>,
);
export const ClipboardIcon = icon(
  'ClipboardIcon',
  <>
    <rect x="5" y="4" width="14" height="17" rx="2" />
    <path d="M9 2h6v4H9zM9 12h6M9 16h4" />
  </>,
);
export const UserCheckIcon = icon(
  'UserCheckIcon',
  <>
    <circle cx="10" cy="8" r="4" />
    <path d="M3 21c1-4 3.8-6 7-6 1.2 0 2.3.3 3.3.8M16 18l2 2 4-4" />
  </>,
);
export const ArchiveIcon = icon(
  'ArchiveIcon',
  <>
    <rect x="3" y="4" width="18" height="4" rx="1" />
    <path d="M5 8v11a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8M10 12h4" />
  </>,
);
export const CheckCircleIcon = icon(
  'CheckCircleIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 12l3 3 5-6" />
  </>,
);
export const PlusIcon = icon('PlusIcon', <path d="M12 5v14M5 12h14" />);
export const MailIcon = icon(
  'MailIcon',
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </>,
);
export const ChatIcon = icon('ChatIcon', <path d="M4 5h16v11H9l-5 4V5z" />);
export const FileIcon = icon(
  'FileIcon',
  <>
    <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z" />
    <path d="M14 3v5h5" />
  </>,
);
export const HistoryIcon = icon('HistoryIcon', <path d="M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 3" />);
/** A padlock: privacy (the club's notice and the consents). */
export const LockIcon = icon(
  'LockIcon',
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </>,
);
export const WalletIcon = icon(
  'WalletIcon',
  <>
    <path d="M19 7V5a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H5a2 2 0 0 1-2-2V6" />
    <path d="M17 14h.01" />
  </>,
);
/** A calendar page: the club's calendar. */
export const CalendarIcon = icon('CalendarIcon', <path d="M4 6h16v14H4zM4 10h16M8 3v4M16 3v4" />);
export const ChevronDownIcon = icon('ChevronDownIcon', <path d="M6 9l6 6 6-6" />);
/** Two overlapping sheets: a copy, a possible duplicate. */
export const CopyIcon = icon(
  'CopyIcon',
  <>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
  </>,
);
export const LogoutIcon = icon(
  'LogoutIcon',
  <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H3" />,
);
export const ToolsIcon = icon(
  'ToolsIcon',
  <path d="M14.7 6.3a4 4 0 0 0-5.4 5.2L3 17.8V21h3.2l6.3-6.3a4 4 0 0 0 5.2-5.4l-2.6 2.6-2.4-.6-.6-2.4 2.6-2.6z" />,
);
