// The TOTP secrets' encryption (server/lib/secret-box.ts): AES-256-GCM with a key outside the database, generated
// once into DATA_DIR (mode 0600) or given as TWO_FACTOR_KEY; tampered or foreign values are refused.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { keyFileIn, loadSecretBox } from '../../../server/lib/secret-box';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'campobase-secret-box-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('secret box', () => {
  it('makes one key file (0600) on first use, shared by concurrent first uses, and reads it back', async () => {
    const dataDir = await tempDir();
    const [a, b] = await Promise.all([loadSecretBox({ dataDir }), loadSecretBox({ dataDir })]);
    const sealed = a.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(b.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    // a fresh IV each time
    expect(a.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    const file = keyFileIn(dataDir);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toHaveLength(32);
  });

  it('refuses a value altered, or sealed with another key', async () => {
    const box = await loadSecretBox({ dataDir: await tempDir() });
    const other = await loadSecretBox({ dataDir: await tempDir() });
    const sealed = box.seal('segreto');
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => other.open(sealed)).toThrow();
    expect(() => box.open('segreto')).toThrow();
  });

  it('uses TWO_FACTOR_KEY when set (no key file), and refuses a short one', async () => {
    const dataDir = await tempDir();
    const configuredKey = loadConfig({ TWO_FACTOR_KEY: 'una-chiave-lunga-almeno-trentadue-caratteri' }).twoFactorKey!;
    const box = await loadSecretBox({ configuredKey, dataDir });
    const again = await loadSecretBox({ configuredKey, dataDir: await tempDir() });
    expect(again.open(box.seal('segreto'))).toBe('segreto');
    await expect(stat(keyFileIn(dataDir))).rejects.toThrow();
    expect(() => loadConfig({ TWO_FACTOR_KEY: 'corta' })).toThrow(/TWO_FACTOR_KEY/);
  });
});
