// Paths of the legal pages (each one a route rendering LegalPage). Kept apart from the page so the router can
// list them without loading the page's chunk.
export const LEGAL_ROUTES = ['privacy', 'terms', 'informativa', 'cookie-policy', 'sicurezza'] as const;
export type LegalDocKey = (typeof LEGAL_ROUTES)[number];
