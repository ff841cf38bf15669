// Guards around a PGlite data directory that PGlite itself does not provide:
// - one process at a time: two PGlite instances writing the same directory corrupt it, and PGlite keeps no lock
//   (its single-user postgres ignores postmaster.pid). A lock file next to the directory names the holder's pid.
// - an atomic first start: PGlite creates a new database in memory and then copies it file by file into the
//   directory; a kill -9 during that copy leaves a directory with PG_VERSION but no usable checkpoint
//   (`PANIC: could not locate a valid checkpoint record`), which PGlite then refuses at every start. A marker
//   written before the first start and removed once PGlite is ready tells such a leftover from a real database.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly command: string,
  ) {
    super(
      `Il database integrato ${dataDir} è già aperto dal processo ${pid}${command ? ` (${command})` : ''}: fermalo prima. ` +
        `/ The embedded database ${dataDir} is already open in process ${pid}; stop it first.`,
    );
  }
}

export const lockFileOf = (dataDir: string) => `${dataDir}.lock`;
export const initMarkerOf = (dataDir: string) => `${dataDir}.initializing`;

/** Writes `content` to a new file (fails if it exists) and flushes it, so a crash never leaves it half-written. */
function createDurably(file: string, content: string): void {
  const fd = openSync(file, 'wx');
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  fsyncDir(path.dirname(file));
}

export function fsyncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Not every platform can fsync a directory (Windows); the file itself was flushed.
  }
}

/** The command line of a live process, '' when it is gone (or, off Linux, unknown but alive). */
function liveProcess(pid: number): string | undefined {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(0, 3).join(' ');
  } catch {
    return '';
  }
}

/**
 * Takes the directory's lock for this process; throws DataDirLockedError while another live process holds it.
 * A lock left by a dead process (kill -9, power loss) is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const content = JSON.stringify({ pid: process.pid, since: new Date().toISOString() });
  for (let attempt = 0; ; attempt++) {
    try {
      createDurably(file, content);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      let holder = 0;
      try {
        holder = Number((JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown }).pid) || 0;
      } catch {
        // Unreadable: written by a process that died while writing it.
      }
      const command = holder && holder !== process.pid ? liveProcess(holder) : undefined;
      // A recycled pid running something else than node is not our server (containers restart at the same pid).
      if (command !== undefined && (command === '' || /node|tsx/.test(command))) {
        throw new DataDirLockedError(dataDir, holder, command);
      }
      unlinkSync(file);
    }
  }
  return () => {
    try {
      if (Number((JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown }).pid) === process.pid) unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
}

/**
 * Call before opening `dataDir` with PGlite. When the directory is new, marks the first start (call `done` once
 * PGlite is ready). When a previous first start was interrupted, moves its leftover aside (it holds no data:
 * nothing is written before PGlite is ready) so PGlite creates the database again.
 */
export function guardFirstStart(dataDir: string): { done(): void; movedAside?: string } {
  const marker = initMarkerOf(dataDir);
  let movedAside: string | undefined;
  if (existsSync(marker)) {
    if (existsSync(dataDir)) {
      movedAside = `${dataDir}.incomplete-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dataDir, movedAside);
    }
    unlinkSync(marker);
  }
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (fresh && existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    // Files but no PG_VERSION: not a database PGlite wrote; leave it to PGlite's own error.
    return { done() {}, movedAside };
  }
  if (!fresh) return { done() {}, movedAside };
  createDurably(marker, new Date().toISOString());
  return {
    movedAside,
    done() {
      try {
        unlinkSync(marker);
        fsyncDir(path.dirname(marker));
      } catch {
        // Already gone.
      }
    },
  };
}
