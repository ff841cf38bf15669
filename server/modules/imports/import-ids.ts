// Ids for the rows an import creates: time-ordered (UUIDv7, 62 random bits), so each part's entries land at the right
// edge of the primary and foreign keys' B-trees instead of on a random page each (docs/benchmarks.md, "Import").
// The writes' ownership checks are primary-key lookups (import-write.ts), whose plans do not depend on the statistics.
import { randomFillSync } from 'node:crypto';
import { v7 } from 'uuid';

// uuid's own generator asks the system for 16 bytes per id: a quarter of a 10,000-row import's validation on PGlite
// went there. Taken from a pool refilled 4 kB at a time instead, as Node's randomUUID does. Ids made within the same
// millisecond are then not ordered among themselves, which leaves them as close to the B-trees' right edge.
const pool = new Uint8Array(4096);
let used = pool.length;

function randomBytes16(): Uint8Array {
  if (used + 16 > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += 16;
  return pool.subarray(used - 16, used);
}

export const newImportRowId = (): string => v7({ random: randomBytes16() });
