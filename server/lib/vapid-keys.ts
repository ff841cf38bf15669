// The installation's VAPID key pair (RFC 8292) for web push: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, else a
// pair made with web-push on first use and kept in DATA_DIR/secrets/vapid.json (mode 0600), written once ('wx': a
// pair another process wrote meanwhile is read back). Browsers subscribe with the public key; changing the pair
// orphans their subscriptions (the push services refuse them, and they are deleted on the first refusal).
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const pairs = new Map<string, Promise<VapidKeys>>();

export const vapidFileIn = (dataDir: string) => path.join(dataDir, 'secrets', 'vapid.json');

async function readPair(file: string): Promise<VapidKeys | null> {
  try {
    const pair = JSON.parse(await readFile(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof pair.publicKey !== 'string' || typeof pair.privateKey !== 'string') throw new Error(`${file}: not a VAPID key pair`);
    return { publicKey: pair.publicKey, privateKey: pair.privateKey };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

async function pairFromFile(file: string): Promise<VapidKeys> {
  const existing = await readPair(file);
  if (existing) return existing;
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const pair = webpush.generateVAPIDKeys();
  try {
    await writeFile(file, `${JSON.stringify(pair)}\n`, { flag: 'wx', mode: 0o600 });
    await chmod(file, 0o600);
    return pair;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return (await readPair(file))!;
  }
}

export function loadVapidKeys(config: { vapidPublicKey?: string; vapidPrivateKey?: string; dataDir: string }): Promise<VapidKeys> {
  if (config.vapidPublicKey && config.vapidPrivateKey) return Promise.resolve({ publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey });
  const file = vapidFileIn(config.dataDir);
  let pair = pairs.get(file);
  if (!pair) {
    pair = pairFromFile(file);
    pair.catch(() => pairs.delete(file));
    pairs.set(file, pair);
  }
  return pair;
}
