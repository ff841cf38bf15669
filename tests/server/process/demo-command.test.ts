// `npm run demo` (server/index.ts --demo) as a newcomer runs it (issue 34 point 7): one command on a new data folder
// loads the demo club and starts the server, and prints the address it listens on (a free port, not 4000) with the
// demo's login, which then signs in.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../../scripts/seed/demo-club';
import { repoRoot } from '../../../server/db/migrate';
import { freePort } from '../../support/crash-harness';
import { usingPostgres } from '../../support/test-app';

const LOGIN = `mutation Login($input: LoginInput!) { login(input: $input) { __typename ... on MutationLoginSuccess { data { account { profile { clubs { club { fullName } } } } } } } }`;

it.skipIf(usingPostgres())('loads the demo club, starts the server and prints its real address and login', { timeout: 180_000 }, async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campobase-demo-command-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts', '--demo'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const printed = await new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setInterval(() => {
        const found = /open (http:\/\/127\.0\.0\.1:(\d+))\/login and sign in with\n\s+email:\s+(\S+)\n\s+password:\s+(\S+)/.exec(output);
        if (found) {
          clearInterval(timer);
          resolve(found);
        }
      }, 100);
      void exited.then(() => {
        clearInterval(timer);
        reject(new Error(`the server exited:\n${output}`));
      });
    });
    const [, url, printedPort, email, password] = printed;
    expect(Number(printedPort)).toBe(port);
    expect(output).toContain('Demo club "ASD Polisportiva Demo" loaded');
    expect({ email, password }).toEqual(DEMO_LOGIN);
    const answer = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: LOGIN, variables: { input: { email, password } } }) });
    const body = (await answer.json()) as { data: { login: { __typename: string; data: { account: { profile: { clubs: Array<{ club: { fullName: string } }> } } } } } };
    expect(body.data.login.__typename).toBe('MutationLoginSuccess');
    expect(body.data.login.data.account.profile.clubs.map((c) => c.club.fullName)).toEqual(['ASD Polisportiva Demo']);
  } finally {
    child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
});
