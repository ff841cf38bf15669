// Writes schema/schema.graphql from the Pothos schema (the contract the client's codegen reads).
// `--check` exits 1 when the committed file is stale instead of writing it.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { printSchemaSDL } from '../server/graphql/print';

const target = path.resolve(import.meta.dirname, '..', 'schema', 'schema.graphql');
const sdl = printSchemaSDL();

if (process.argv.includes('--check')) {
  const current = await readFile(target, 'utf8').catch(() => '');
  if (current !== sdl) {
    console.error('schema/schema.graphql is stale: run `npm run schema:print`');
    process.exit(1);
  }
  console.log('schema/schema.graphql is up to date');
} else {
  await writeFile(target, sdl);
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}
