// Spec §9 constants of the public site.

/** Screens at least this wide are "wide": hover mega-menu with delayed close, hero slides. */
export const WIDE_SCREEN_MIN_PX = 992;
export const WIDE_SCREEN_QUERY = `(min-width: ${WIDE_SCREEN_MIN_PX}px)`;
/** At this width or less the wordmark becomes the small mark. */
export const LOGO_MAX_PX = 768;
export const MEGA_MENU_CLOSE_DELAY_MS = 600;
export const HERO_INTERVAL_MS = 5000;
export const HERO_SLIDE_COUNT = 13;
