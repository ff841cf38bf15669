// HAProxy (the Debian package `haproxy`) in front of server instances on this machine, for the benchmarks: installed
// when missing (as root; otherwise the message says how), configured in a temporary directory (round robin, a
// health check on /readyz, X-Forwarded-For, timeouts), run in the foreground as a child process and stopped by the
// bench. Its stats page (CSV) tells when every instance is up and how many responses each one served.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnTracked } from './server-process';
import { log } from '../throwaway-database';

export interface Backend {
  name: string;
  port: number;
}

export interface BackendState {
  name: string;
  /** HAProxy's view: UP, DOWN, MAINT... */
  status: string;
  /** The last health check's outcome (L7OK: /readyz answered 200). */
  checkStatus: string;
  /** 2xx responses this instance served through HAProxy since it started. */
  responses2xx: number;
}

export interface RunningHaproxy {
  url: string;
  pid: number;
  backends: () => Promise<BackendState[]>;
  stop: () => Promise<void>;
}

const haproxyVersion = () => spawnSync('haproxy', ['-v'], { encoding: 'utf8' });

/**
 * Makes sure `haproxy` can be run: as root, installs the Debian package when it is missing (apt-get update only if
 * the first attempt fails); otherwise stops with what to run. Returns HAProxy's version line.
 */
export function ensureHaproxy(): string {
  let found = haproxyVersion();
  if (found.error && (found.error as NodeJS.ErrnoException).code === 'ENOENT') {
    if (process.getuid?.() !== 0) {
      throw new Error('HAProxy is not installed and this bench is not running as root: install it (`sudo apt-get install -y haproxy` on Debian/Ubuntu) and run the bench again.');
    }
    log('HAProxy is not installed: apt-get install -y haproxy ...');
    const apt = (args: string[]) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
    if (!apt(['install', '-y', 'haproxy']) && !(apt(['update']) && apt(['install', '-y', 'haproxy']))) {
      throw new Error('apt-get could not install haproxy: install it by hand (`apt-get install -y haproxy`) and run the bench again.');
    }
    found = haproxyVersion();
  }
  if (found.status !== 0) throw new Error(`haproxy -v failed: ${found.error?.message ?? found.stderr}`);
  return found.stdout.split('\n')[0];
}

function config(port: number, statsPort: number, backends: readonly Backend[]): string {
  return `global
  maxconn 4096

defaults
  mode http
  # The client's address for the instances (TRUST_PROXY=loopback reads it from here).
  option forwardfor
  timeout connect 5s
  timeout client 30s
  timeout server 30s
  timeout http-request 10s
  timeout http-keep-alive 10s
  timeout queue 30s
  timeout check 3s

frontend campobase
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  # Only instances whose /readyz answers 200 get traffic (a draining or starting instance answers 503).
  option httpchk
  http-check send meth GET uri /readyz ver HTTP/1.1 hdr host localhost
  http-check expect status 200
  default-server check inter 1s fastinter 500ms rise 2 fall 2
${backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port}`).join('\n')}

frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`;
}

/** Parses HAProxy's stats CSV (`/stats;csv`): one row per proxy and server, the header line starting with "# ". */
function backendStates(csv: string): BackendState[] {
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const col = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
  return rows
    .map((line) => line.split(','))
    .filter((row) => col(row, 'pxname') === 'instances' && !['FRONTEND', 'BACKEND'].includes(col(row, 'svname')))
    .map((row) => ({ name: col(row, 'svname'), status: col(row, 'status'), checkStatus: col(row, 'check_status'), responses2xx: Number(col(row, 'hrsp_2xx')) }));
}

/** Starts HAProxy in front of `backends` and waits (at most 30 s) until its health checks find every one ready. */
export async function startHaproxy(backends: readonly Backend[]): Promise<RunningHaproxy> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'campobase-bench-haproxy-'));
  const [port, statsPort] = [await freePort(), await freePort()];
  const file = path.join(dir, 'haproxy.cfg');
  await writeFile(file, config(port, statsPort, backends));
  const check = spawnSync('haproxy', ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`the generated HAProxy configuration is invalid: ${check.stderr}`);
  }
  // -db: stay in the foreground, so the bench owns the process and its end.
  const child = spawnTracked('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`;
  const states = async () => backendStates(await (await fetch(statsUrl)).text());
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  let last: BackendState[] = [];
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`haproxy exited with ${child.exitCode}: ${stderr}`);
    }
    try {
      last = await states();
      if (last.length === backends.length && last.every((b) => b.status === 'UP' && b.checkStatus === 'L7OK')) {
        return { url: `http://127.0.0.1:${port}`, pid: child.pid!, backends: states, stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`HAProxy did not see every instance ready within 30 s: ${JSON.stringify(last)} ${stderr}`);
}
