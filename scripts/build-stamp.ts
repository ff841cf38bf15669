// `npm test` builds only when the build's inputs changed since the last build: `npm ci` has just built a fresh
// clone (postinstall), and building again cost the suite about 11 s. The stamp is a hash of the contents of every
// file the build reads (git's tracked and untracked-unignored files under these paths), written by `npm run build`
// into dist/. Without git, or without a stamp, it answers "changed" and the build runs.
//   tsx scripts/build-stamp.ts write   after a build
//   tsx scripts/build-stamp.ts check   exit 0 when dist/ was built from the files as they are now
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const STAMP = path.join(root, 'dist', 'build-stamp.txt');
const INPUTS = ['client', 'schema', 'server', 'prisma', 'scripts', 'package.json', 'package-lock.json', 'codegen.ts', 'tsconfig.json'];
/** Outputs of the build that live beside its inputs. */
const GENERATED = /^(server\/generated\/|client\/src\/gql\/)/;

function inputsHash() {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...INPUTS], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  const files = [...new Set(listed.toString('utf8').split('\0').filter((f) => f && !GENERATED.test(f)))].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const full = path.join(root, file);
    hash.update(file).update('\0');
    if (existsSync(full)) hash.update(readFileSync(full));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const mode = process.argv[2];
try {
  if (mode === 'write') {
    writeFileSync(STAMP, `${inputsHash()}\n`);
  } else if (mode === 'check') {
    const fresh = existsSync(STAMP) && existsSync(path.join(root, 'dist', 'client', 'index.html')) && readFileSync(STAMP, 'utf8').trim() === inputsHash();
    if (fresh) console.log('build-stamp: dist/ is up to date with the sources, no rebuild');
    process.exit(fresh ? 0 : 1);
  } else {
    console.error('usage: tsx scripts/build-stamp.ts write|check');
    process.exit(2);
  }
} catch (error) {
  // No git (an unpacked archive) or an unreadable file: treat as changed, so the build runs.
  if (mode === 'check') process.exit(1);
  throw error;
}
