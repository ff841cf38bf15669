// DATA_DIR holds the embedded database, its snapshots, the mail outbox (.eml files with sign-in codes and links),
// backups and secrets: personal and health data. PGlite creates some of its files world-readable and writable
// (PG_VERSION is 0666 whatever the umask), so the directory itself is made private to the server's user: nothing
// beneath it can then be reached by another account on the machine, whatever each file's own mode.
import { chmodSync, mkdirSync, statSync } from 'node:fs';

export const PRIVATE_DIR_MODE = 0o700;

/** Creates `dir` if needed and makes it 0700; returns a warning when it cannot (a directory owned by another user). */
export function makePrivateDataDir(dir: string): string | undefined {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if ((statSync(dir).mode & 0o777) === PRIVATE_DIR_MODE) return undefined;
  try {
    chmodSync(dir, PRIVATE_DIR_MODE);
    return undefined;
  } catch (error) {
    return `DATA_DIR ${dir} could not be made private (chmod 700: ${(error as NodeJS.ErrnoException).code ?? String(error)}): other users of this machine may read the data`;
  }
}
