// Placeholder wired into server/graphql/schema.ts; this module's Pothos types go here.
export {};
