// `npm run start:supervised`: runs the server (server/index.ts) and starts it again whenever it exits on its own
// (a crash, or the last-resort handler stopping it after an unexpected error), waiting 1 s, then 2, 4... up to
// 30 s between quick successive failures; a run that lasted a minute starts the wait again from 1 s. SIGTERM and
// SIGINT are passed to the server, which closes cleanly; then the supervisor exits with the server's code.
// For machines without systemd (docs/deploy/campobase.service) or a container restart policy.
//
//   tsx scripts/supervise.ts                 the server, with the same Node and tsx loader as this script
//   tsx scripts/supervise.ts -- cmd args...  any other command (tests use it)
// SUPERVISE_BACKOFF_MS sets the first wait (default 1000).
import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';

const FIRST_WAIT_MS = Number(process.env.SUPERVISE_BACKOFF_MS ?? 1000);
const MAX_WAIT_MS = 30_000;
/** A run at least this long counts as healthy: the next failure waits the first delay again. */
const HEALTHY_RUN_MS = 60_000;

const separator = process.argv.indexOf('--');
const [command, ...args] =
  separator >= 0
    ? process.argv.slice(separator + 1)
    : [process.execPath, ...process.execArgv, path.join(import.meta.dirname, '../server/index.ts')];

const log = (msg: string) => process.stderr.write(`${new Date().toISOString()} supervise: ${msg}\n`);

let child: ChildProcess | undefined;
let stopping: NodeJS.Signals | undefined;
let wait = FIRST_WAIT_MS;
let restartTimer: NodeJS.Timeout | undefined;

function start() {
  const startedAt = Date.now();
  // Its own process group: a terminal's Ctrl-C reaches the supervisor only, which passes it on once (a second
  // SIGINT would end the server before it closed its database).
  child = spawn(command, args, { stdio: 'inherit', detached: true });
  log(`started pid ${child.pid}`);
  child.on('error', (error) => log(`cannot start ${command}: ${error.message}`));
  child.on('exit', (code, signal) => {
    child = undefined;
    if (stopping) {
      // A child ended by the signal itself (it had no handler yet, e.g. still starting) exits as a shell reports
      // it, 128 + the signal's number, not 0: a clean close is not claimed for a run that did not close.
      const exitCode = code ?? 128 + (signal ? constants.signals[signal] : 0);
      log(`stopped (${stopping}), exit code ${exitCode}${signal ? ` (${signal})` : ''}`);
      process.exit(exitCode);
    }
    if (Date.now() - startedAt >= HEALTHY_RUN_MS) wait = FIRST_WAIT_MS;
    log(`exited with ${code ?? signal}: starting again in ${wait} ms`);
    restartTimer = setTimeout(start, wait);
    wait = Math.min(wait * 2, MAX_WAIT_MS);
  });
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    stopping = signal;
    clearTimeout(restartTimer);
    if (child) child.kill(signal);
    else process.exit(0);
  });
}

start();
