// Ids for the rows an import creates: time-ordered (UUIDv7, 62 random bits), so each part's entries land at the right
// edge of the primary and foreign keys' B-trees instead of on a random page each (docs/benchmarks.md, "Import").
// The writes' ownership checks are primary-key lookups (import-write.ts), whose plans do not depend on the statistics.
export { v7 as newImportRowId } from 'uuid';
