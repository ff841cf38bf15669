// Kills the real server (a separate `node --import tsx server/index.ts` process on a temporary DATA_DIR) with
// SIGKILL at random moments while it takes writes through the real API (legacy manager saves carrying ~2 MB
// documents, athlete saves), restarts it each time and checks that it comes back with every acknowledged write.
// Used by tests/server/db/crash-recovery.test.ts (a few kills) and bench/crash.ts (many).
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { taxCodeFor } from './tax-code-factories';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface CrashRunOptions {
  kills: number;
  /** Bytes of each uploaded document (default 1.8 MB; the limit is UPLOAD_MAX_BYTES). */
  uploadBytes?: number;
  /** Concurrent writers (default 2). */
  writers?: number;
  /** Random delay before each kill, from the moment writes start (default 150..2500 ms). */
  killAfterMs?: [number, number];
  /** DB_SNAPSHOT_HOURS for the server (default 0: no scheduled snapshots). */
  snapshotHours?: number;
  /** Keep the data directory (printed) instead of deleting it. */
  keepDataDir?: boolean;
  log?: (line: string) => void;
  /** Aborted when the caller gives up (a test's timeout): the server is killed and not started again. */
  signal?: AbortSignal;
}

export interface CrashFigures {
  kills: number;
  restartsOk: number;
  /** Writes answered with success before a kill, each read back after the restart. */
  acknowledged: number;
  acknowledgedDocuments: number;
  documentBytes: number;
  /** Acknowledged writes missing or different after a restart (must be empty). */
  lost: string[];
  /** Restarts that did not come back, with the server's last output (must be empty). */
  failedRestarts: string[];
  restartMs: { median: number; max: number };
  dataDir: string;
}

interface Ack {
  kind: 'document' | 'athlete';
  id: string;
  sha256?: string;
  size?: number;
}

export interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Servers started and not yet exited, killed if the process running the tests exits first. */
const liveServers = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of liveServers) child.kill('SIGKILL');
});

/**
 * Starts `server/index.ts` as its own process. With `signal`, aborting it kills the server, and a start after the
 * abort is refused: a test that timed out (its function still running) leaves no server behind it.
 */
export async function startServer(dataDir: string, port: number, snapshotHours = 0, env: Record<string, string> = {}, signal?: AbortSignal): Promise<Server> {
  signal?.throwIfAborted();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '1000',
      DB_SNAPSHOT_HOURS: String(snapshotHours),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  liveServers.add(child);
  const killOnAbort = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', killOnAbort, { once: true });
  child.once('exit', () => {
    liveServers.delete(child);
    signal?.removeEventListener('abort', killOnAbort);
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Resolves when /healthz answers 200; rejects with the server's output if it exits or takes over `timeoutMs`. */
export async function healthy(server: Server, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`server exited:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
}

export async function kill9(server: Server): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** A document the file check accepts as PDF, incompressible so that it really weighs `bytes` in the WAL. */
function documentOf(bytes: number): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(bytes - 9)]);
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let taxSeq = 0;
const nextTax = () => taxCodeFor(++taxSeq, 'CRS');

export async function runCrashTrials(options: CrashRunOptions): Promise<CrashFigures> {
  const { kills, uploadBytes = 1_800_000, writers = 2, killAfterMs = [150, 2500], snapshotHours = 0, log = () => {}, signal } = options;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campobase-crash-'));
  const port = await freePort();
  const figures: CrashFigures = {
    kills: 0,
    restartsOk: 0,
    acknowledged: 0,
    acknowledgedDocuments: 0,
    documentBytes: 0,
    lost: [],
    failedRestarts: [],
    restartMs: { median: 0, max: 0 },
    dataDir,
  };
  const restartTimes: number[] = [];
  let server = await startServer(dataDir, port, snapshotHours, {}, signal);
  try {
    await healthy(server);
    const headers = await signUpClub(server);
    const doc = documentOf(uploadBytes);
    const docSha = sha(doc);
    const all: Ack[] = [];

    for (let round = 1; round <= kills; round++) {
      const acked: Ack[] = [];
      let stop = false;
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          try {
            if ((i + w) % 2 === 0) {
              const form = new FormData();
              form.append('firstname', 'Paolo');
              form.append('lastname', 'Verdi');
              form.append('tax_id_code', nextTax());
              form.append('manager_role', 'Segretario');
              form.append('documents[]', new Blob([new Uint8Array(doc)], { type: 'application/pdf' }), 'statuto.pdf');
              const res = await fetch(`${server.url}/api/manager/save`, { method: 'POST', headers, body: form });
              const body = await res.json();
              if (res.status !== 200 || !body.status) throw new Error(`manager save refused (${res.status}): ${JSON.stringify(body).slice(0, 300)}`);
              acked.push({ kind: 'document', id: body.context.documents[0].id, sha256: docSha, size: doc.length });
            } else {
              const body = await post(server, '/api/athlete/save', { profile: { firstname: 'Sara', lastname: 'Neri', tax_id_code: nextTax(), type_gender_id: 2 } }, headers);
              if (!body.status) throw new Error(`athlete save refused: ${JSON.stringify(body).slice(0, 300)}`);
              acked.push({ kind: 'athlete', id: body.context.id });
            }
          } catch (error) {
            if (stop) return; // the kill cut this request: not acknowledged
            throw error;
          }
        }
      };
      const running = Array.from({ length: writers }, (_, w) => writer(w));
      const delay = killAfterMs[0] + Math.random() * (killAfterMs[1] - killAfterMs[0]);
      await Promise.race([new Promise((r) => setTimeout(r, delay)), ...running]);
      stop = true;
      await kill9(server);
      figures.kills++;
      await Promise.allSettled(running);
      for (const r of running) await r; // a refusal (not a kill) fails the run

      const restartedAt = Date.now();
      server = await startServer(dataDir, port, snapshotHours, {}, signal);
      try {
        await healthy(server);
      } catch (error) {
        figures.failedRestarts.push(`after kill ${round}: ${(error as Error).message}`);
        log(`kill ${round}: RESTART FAILED\n${(error as Error).message}`);
        break;
      }
      restartTimes.push(Date.now() - restartedAt);
      figures.restartsOk++;
      const lost = await verify(server, headers, acked);
      figures.lost.push(...lost.map((l) => `after kill ${round}: ${l}`));
      all.push(...acked);
      log(`kill ${round}/${kills} after ${Math.round(delay)} ms: ${acked.length} acknowledged writes, ${lost.length} lost, restart ${restartTimes.at(-1)} ms`);
    }
    // Every acknowledged write of the whole run, once more at the end.
    if (!figures.failedRestarts.length) figures.lost.push(...(await verify(server, headers, all)).map((l) => `at the end: ${l}`));
    figures.acknowledged = all.length;
    figures.acknowledgedDocuments = all.filter((a) => a.kind === 'document').length;
    figures.documentBytes = figures.acknowledgedDocuments * uploadBytes;
  } finally {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    restartTimes.sort((a, b) => a - b);
    figures.restartMs = { median: restartTimes[Math.floor(restartTimes.length / 2)] ?? 0, max: restartTimes.at(-1) ?? 0 };
    if (!options.keepDataDir && !figures.failedRestarts.length) await rm(dataDir, { recursive: true, force: true });
  }
  return figures;
}

/** Registers a new club through the legacy API; answers its owner's request headers (session and club). */
export async function signUpClub(server: Server): Promise<Record<string, string>> {
  const email = `crash-${randomBytes(4).toString('hex')}@example.it`;
  const signup = await post(server, '/api/register', {
    tax_id_code: 'VRDLGU85M41F205T', firstname: 'Luigia', lastname: 'Verdi', birthday: '1985-08-01', role: 1,
    full_name: 'ASD Crash Test', foundation: '2001', url_logo: '', vat_number: '09876543210', type_sport: 'nuoto',
    email, password: 'segreta-123', password_confirmation: 'segreta-123',
  });
  if (!signup.status) throw new Error(`sign-up refused: ${JSON.stringify(signup)}`);
  return { authorization: `Bearer ${signup.context.token}`, 'x-club': signup.context.account.profile.clubs[0].token };
}

async function post(server: Server, url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return res.json();
}

/** The acknowledged writes missing or altered on the running server. */
async function verify(server: Server, headers: Record<string, string>, acked: Ack[]): Promise<string[]> {
  const lost: string[] = [];
  for (const ack of acked) {
    if (ack.kind === 'document') {
      const res = await fetch(`${server.url}/api/files/${ack.id}`, { headers });
      const bytes = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || bytes.length !== ack.size || sha(bytes) !== ack.sha256) lost.push(`document ${ack.id} (HTTP ${res.status}, ${bytes.length} bytes)`);
    } else {
      const body = await post(server, '/api/athlete/single', { id: ack.id }, headers);
      if (!body.status || body.context.id !== ack.id) lost.push(`athlete ${ack.id}`);
    }
  }
  return lost;
}
