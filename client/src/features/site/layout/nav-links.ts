// Page links of the public top bar (beside the Features mega-menu) and of the mobile menu.
export const PUBLIC_NAV_LINKS = [
  { to: '/pricing', label: 'Prezzi' },
  { to: '/tester', label: 'Programma tester' },
  { to: '/wizard', label: 'Trova il tuo piano' },
] as const;
