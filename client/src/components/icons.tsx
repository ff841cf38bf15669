// A small set of line icons (24x24, currentColor), drawn for CampoBase: decorative, always aria-hidden. The admin
// shell's own icons live in ./shell-icons (re-exported here); the ones below travel only with the lazy pages that use
// them.
import { icon } from './shell-icons';

export type { IconProps } from './shell-icons';
export {
  ArchiveIcon,
  BriefcaseIcon,
  CalendarIcon,
  ChatIcon,
  CheckCircleIcon,
  ChevronDownIcon,
  ChevronsLeftIcon,
  ChevronsRightIcon,
  ClipboardIcon,
  CopyIcon,
  DashboardIcon,
  FeedIcon,
  FileIcon,
  HeartIcon,
  HistoryIcon,
  InboxIcon,
  LayersIcon,
  LockIcon,
  LogoutIcon,
  MailIcon,
  MedalIcon,
  MenuIcon,
  PlusIcon,
  ShieldIcon,
  TagIcon,
  ToolsIcon,
  UserCheckIcon,
  UsersIcon,
  WalletIcon,
} from './shell-icons';

export const CloseIcon = icon('CloseIcon', <path d="M6 6l12 12M18 6L6 18" />);
export const ArrowLeftIcon = icon('ArrowLeftIcon', <path d="M19 12H5M11 18l-6-6 6-6" />);
export const ChevronRightIcon = icon('ChevronRightIcon', <path d="M9 6l6 6-6 6" />);
export const EyeIcon = icon(
  'EyeIcon',
  <>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const EyeOffIcon = icon(
  'EyeOffIcon',
  <>
    <path d="M3 3l18 18" />
    <path d="M10.6 5.1A10.6 10.6 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-2.6 3.5" />
    <path d="M6.6 6.6C3.9 8.3 2 12 2 12s3.5 7 10 7c1.7 0 3.2-.4 4.5-1.1" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </>,
);
export const SearchIcon = icon(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </>,
);
export const UploadIcon = icon('UploadIcon', <path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />);
export const MoreVerticalIcon = icon(
  'MoreVerticalIcon',
  <>
    <circle cx="12" cy="5" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="12" cy="19" r="1" />
  </>,
);
export const PhoneIcon = icon(
  'PhoneIcon',
  <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />,
);
export const PencilIcon = icon('PencilIcon', <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4zM13.5 6.5l4 4" />);
export const DownloadIcon = icon('DownloadIcon', <path d="M12 4v12M7 11l5 5 5-5M4 20h16" />);

export const ImageIcon = icon(
  'ImageIcon',
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="M21 16l-5-5-9 9" />
  </>,
);
export const BellIcon = icon('BellIcon', <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2zM10 21h4" />);
export const BellOffIcon = icon('BellOffIcon', <path d="M8.5 5.1A6 6 0 0 1 18 11v4M6 8.5V16l-2 2h14M10 21h4M3 3l18 18" />);
export const PaperclipIcon = icon('PaperclipIcon', <path d="M20 11.5l-8.1 8.1a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />);
