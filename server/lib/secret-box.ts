// Encryption of small secrets the server must read back (the two-factor TOTP secrets): AES-256-GCM with a key kept
// outside the database, so a dump or a backup of the database alone reveals none of them.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const VERSION = 'v1';

export interface SecretBox {
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url): a fresh 96-bit IV per value, authenticated. */
  seal(plain: string): string;
  /** The plain text; throws when the value was not sealed with this key or was altered. */
  open(sealed: string): string;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('secret-box: the key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('secret-box: not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** Where the generated key lives when no key is configured. */
export const keyFileIn = (dataDir: string) => path.join(dataDir, 'secrets', 'two-factor.key');

const boxes = new Map<string, Promise<SecretBox>>();

/**
 * The box of this installation: the configured key (hashed to 256 bits), else a random key in a file of the data
 * directory, written once (mode 0600) and read from then on. One promise per key source, so concurrent first uses
 * agree on one key.
 */
export function loadSecretBox({ configuredKey, dataDir }: { configuredKey?: string; dataDir: string }): Promise<SecretBox> {
  const source = configuredKey ? `key:${createHash('sha256').update(configuredKey).digest('hex')}` : `file:${keyFileIn(dataDir)}`;
  let box = boxes.get(source);
  if (!box) {
    box = (configuredKey ? Promise.resolve(createHash('sha256').update(configuredKey).digest()) : keyFromFile(keyFileIn(dataDir))).then(secretBox);
    // A failed read (a disk problem) is tried again by the next use instead of being remembered.
    box.catch(() => boxes.delete(source));
    boxes.set(source, box);
  }
  return box;
}

async function keyFromFile(file: string): Promise<Buffer> {
  try {
    return decodeKey(await readFile(file, 'utf8'), file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  try {
    // 'wx': never overwrite a key another process wrote meanwhile (that one is then read back).
    await writeFile(file, `${key.toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    await chmod(file, 0o600);
    return key;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return decodeKey(await readFile(file, 'utf8'), file);
  }
}

function decodeKey(text: string, file: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file}: expected a 32-byte key in base64`);
  return key;
}
