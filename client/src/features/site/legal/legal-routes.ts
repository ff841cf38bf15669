// Paths of the legal pages: listed with the public site's other addresses (lib/public-paths.ts), which main.tsx
// and the routers read without loading the page's chunk.
export { LEGAL_ROUTES, type LegalDocKey } from '../../../lib/public-paths';
