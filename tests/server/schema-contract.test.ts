import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { printSchemaSDL } from '../../server/graphql/print';

describe('schema/schema.graphql', () => {
  it('matches the schema the server builds (run `npm run schema:print` after changing it)', async () => {
    const committed = await readFile(path.resolve(import.meta.dirname, '../../schema/schema.graphql'), 'utf8');
    expect(committed).toBe(printSchemaSDL());
  });
});
