// DATA_DIR is private to the server's user (0700) once the app opens its database, whether the folder is new or
// existed with a looser mode: PGlite writes some files world-writable, the outbox holds sign-in codes.
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../../server/db/database';
import { makePrivateDataDir } from '../../../server/db/data-dir';
import { usingPostgres } from '../../support/test-app';

const root = mkdtempSync(path.join(tmpdir(), 'campobase-datadir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const modeOf = (dir: string) => statSync(dir).mode & 0o777;

describe('the data directory', () => {
  it('is created private, and an existing one with a looser mode is made private', () => {
    const fresh = path.join(root, 'fresh', 'data');
    expect(makePrivateDataDir(fresh)).toBeUndefined();
    expect(modeOf(fresh)).toBe(0o700);

    const loose = path.join(root, 'loose');
    mkdirSync(loose, { mode: 0o777 });
    expect(makePrivateDataDir(loose)).toBeUndefined();
    expect(modeOf(loose)).toBe(0o700);
  });

  it.skipIf(usingPostgres())('is private once the embedded database is open in it', { timeout: 120_000 }, async () => {
    const dataDir = path.join(root, 'app');
    mkdirSync(dataDir, { mode: 0o755 });
    const db = openAppDatabase({ databaseUrl: undefined, dataDir });
    try {
      await db.migrated;
      expect(modeOf(dataDir)).toBe(0o700);
    } finally {
      await db.close();
    }
  });
});
