// Constants both sides agree on (spec §9). Imported by the server and the client.

export const PAGE_SIZE = 8;

/** Most rows one bulk action on the people lists (assign, unassign, archive, export of a selection) takes. */
export const BULK_MAX_IDS = 500;
export const SEARCH_DEBOUNCE_MS = 300;
export const TOAST_DURATION_MS = 4000;
export const PASSWORD_MIN_LENGTH = 8;
export const RESET_CODE_LENGTH = 6;
export const RESET_REDIRECT_MS = 1500;
export const MIN_PERSON_AGE_YEARS = 3;

/** localStorage keys of the session token and the current club token. */
export const SESSION_STORAGE_KEY = 'campobase.session';
export const CLUB_STORAGE_KEY = 'campobase.club';

/** Header naming the club of a club-scoped request (value: the membership's club token). */
export const CLUB_HEADER = 'x-club';

export const SPORTS = [
  { value: 'rugby', label: 'Rugby' },
  { value: 'calcio', label: 'Calcio' },
  { value: 'tennis', label: 'Tennis' },
  { value: 'pallavolo', label: 'Pallavolo' },
  { value: 'basket', label: 'Basket' },
  { value: 'nuoto', label: 'Nuoto' },
  { value: 'atletica_leggera', label: 'Atletica leggera' },
  { value: 'ciclismo', label: 'Ciclismo' },
  { value: 'arti_marziali', label: 'Arti marziali' },
  { value: 'sportiva', label: 'Sportiva' },
  { value: 'padel', label: 'Padel' },
  { value: 'crossfit', label: 'Crossfit' },
  { value: 'arrampicata_sportiva', label: 'Arrampicata sportiva' },
] as const;
export type SportValue = (typeof SPORTS)[number]['value'];
export const SPORT_VALUES = SPORTS.map((s) => s.value) as [SportValue, ...SportValue[]];

/** Board roles offered at sign-up (spec §3): the id is what the legacy payload sends. */
export const BOARD_ROLES = [
  { id: 1, label: 'Presidente' },
  { id: 2, label: 'V-Presidente' },
  { id: 3, label: 'Consigliere' },
  { id: 4, label: 'Segretario' },
  { id: 5, label: 'Socio Ordinario' },
  { id: 0, label: 'Altro' },
] as const;

/** Group types and their layouts (spec §3 Group/category). A category is a group of layout athlete. */
export const GROUP_TYPES = [
  { key: 'athlete', name: 'Atleti', layout: 'athlete' },
  { key: 'manager', name: 'Dirigente', layout: 'manager' },
  { key: 'coach', name: 'Allenatori', layout: 'coach' },
  { key: 'staff', name: 'Staff', layout: 'staff' },
  { key: 'member', name: 'Socio', layout: 'member' },
  { key: 'voluntary', name: 'Volontario', layout: 'voluntary' },
] as const;

/** Toast / app-message levels (spec §3 App message, §8). */
export const MESSAGE_LEVEL = { info: 1, success: 2, warning: 3, error: 4 } as const;
export type MessageLevel = (typeof MESSAGE_LEVEL)[keyof typeof MESSAGE_LEVEL];

/**
 * The six kinds of people (spec §6). The key is the group-type key, the GraphQL PersonKind value and the legacy
 * REST resource (`/api/{key}/save`); `staff` are the accompagnatori, `voluntary` the volunteers.
 */
export const PERSON_KINDS = ['athlete', 'coach', 'manager', 'staff', 'member', 'voluntary'] as const;
export type PersonKindKey = (typeof PERSON_KINDS)[number];

export interface PersonKindInfo {
  key: PersonKindKey;
  /** List title and menu label. */
  plural: string;
  singular: string;
  /** Admin route of the list. */
  route: string;
  /** Gender is required for this kind (spec §5). */
  genderRequired: boolean;
}

export const PERSON_KIND_INFO: Record<PersonKindKey, PersonKindInfo> = {
  athlete: { key: 'athlete', plural: 'Atleti', singular: 'Atleta', route: '/athlete', genderRequired: true },
  coach: { key: 'coach', plural: 'Allenatori', singular: 'Allenatore', route: '/staff/coach', genderRequired: true },
  manager: { key: 'manager', plural: 'Dirigenti', singular: 'Dirigente', route: '/staff/manager', genderRequired: false },
  staff: { key: 'staff', plural: 'Accompagnatori', singular: 'Accompagnatore', route: '/staff/assistant', genderRequired: false },
  member: { key: 'member', plural: 'Soci', singular: 'Socio', route: '/club/member', genderRequired: true },
  voluntary: { key: 'voluntary', plural: 'Volontari', singular: 'Volontario', route: '/club/voluntary', genderRequired: false },
};

/** type_gender_id (spec §9). */
export const GENDERS = [
  { id: 1, label: 'Maschio' },
  { id: 2, label: 'Femmina' },
] as const;

/** Post priority (spec §9): 0 none, 1 Importante, 2 Urgente. */
export const POST_PRIORITIES = [
  { id: 0, label: 'Nessuna' },
  { id: 1, label: 'Importante' },
  { id: 2, label: 'Urgente' },
] as const;

/** Uploaded documents (certificates, training-flag files, manager documents): checked by content, not by name. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
/** Longest search text accepted by the lists. */
export const SEARCH_MAX_LENGTH = 100;

/** Lead form (spec §3 Lead, §9): the role in the club, the member-count brackets and the 20 Italian regions. */
/**
 * The founding-tester offer (spec §9: free use until December 2025, the price locked January to July 2026): its last
 * months, YYYY-MM, each included. Defaults of the server's OFFER_FREE_UNTIL and OFFER_PRICE_LOCKED_UNTIL, which the
 * public site reads from GET /api/site-config (client/src/features/site/offer.ts).
 */
export const FOUNDING_OFFER_DATES = { freeUntil: '2025-12', priceLockedUntil: '2026-07' } as const;
export const OFFER_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const LEAD_ROLES = ['Presidente', 'Allenatore', 'Direttivo', 'Altro'] as const;
export type LeadRole = (typeof LEAD_ROLES)[number];
export const MEMBER_BRACKETS = ['0 - 50', '51 - 200', '201+'] as const;
export type MemberBracket = (typeof MEMBER_BRACKETS)[number];
export const ITALIAN_REGIONS = [
  'Abruzzo', 'Basilicata', 'Calabria', 'Campania', 'Emilia-Romagna', 'Friuli-Venezia Giulia', 'Lazio', 'Liguria',
  'Lombardia', 'Marche', 'Molise', 'Piemonte', 'Puglia', 'Sardegna', 'Sicilia', 'Toscana', 'Trentino-Alto Adige',
  'Umbria', "Valle d'Aosta", 'Veneto',
] as const;
export type ItalianRegion = (typeof ITALIAN_REGIONS)[number];
/** Funnel name of a lead that came with no `fn` query parameter (spec §2). */
export const DEFAULT_FUNNEL = 'direct';

/** Legal forms of a club (type_club): the value is what is stored and what legacy clients send. */
export const CLUB_TYPES = [
  { value: 'ASD', label: 'ASD - Associazione sportiva dilettantistica' },
  { value: 'SSD', label: 'SSD - Società sportiva dilettantistica' },
  { value: 'APS', label: 'APS - Associazione di promozione sociale' },
  { value: 'altro', label: 'Altro' },
] as const;
export type ClubTypeValue = (typeof CLUB_TYPES)[number]['value'];
export const CLUB_TYPE_VALUES = CLUB_TYPES.map((t) => t.value) as [ClubTypeValue, ...ClubTypeValue[]];

/** The feed's orders: NEWEST and OLDEST by creation; PRIORITY: Urgente, Importante, the rest, newest first. */
export const POST_ORDERS = ['NEWEST', 'OLDEST', 'PRIORITY'] as const;
export type PostOrder = (typeof POST_ORDERS)[number];

/**
 * The people lists' sorts: by name (the default), tax code, birth date, when registered, and for athletes the
 * medical certificate's expiry; each ascending or descending (`_DESC`).
 */
export const PEOPLE_ORDERS = [
  'NAME',
  'NAME_DESC',
  'TAX_CODE',
  'TAX_CODE_DESC',
  'BIRTHDAY',
  'BIRTHDAY_DESC',
  'CREATED',
  'CREATED_DESC',
  'CERTIFICATE',
  'CERTIFICATE_DESC',
] as const;
export type PeopleOrder = (typeof PEOPLE_ORDERS)[number];

/**
 * The orders of the groups and categories lists (GraphQL `GroupOrder`, issue 15); NAME is the default. AGE (issue 35)
 * is asked for by the categories page; the name order stays the default so the older REST calls keep theirs.
 */
export const GROUP_ORDERS = ['NAME', 'NAME_DESC', 'TYPE', 'TYPE_DESC', 'MEMBERS', 'MEMBERS_DESC', 'CREATED', 'CREATED_DESC', 'AGE', 'AGE_DESC'] as const;
export type GroupOrder = (typeof GROUP_ORDERS)[number];

/** The club logo (/modifica-club): images only, checked by content, smaller than other documents. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** A club colour: #rrggbb, lower case as stored. */
export const HEX_COLOR = /^#[0-9a-f]{6}$/;
