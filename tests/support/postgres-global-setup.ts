// Once per run: a template database with every migration applied. Each test file clones it (fast, isolated);
// the template and any clone left behind are dropped at the end.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/adapters';
import { applyPendingMigrations } from '../../server/db/migrate';
import { adminQuery, databaseUrl, dropDatabase, postgresAdminUrl } from './postgres';

export default async function setup(project: TestProject) {
  const template = `campobase_test_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${template}"`);
  const db = openDatabase({ kind: 'postgres', url: databaseUrl(template) });
  try {
    await applyPendingMigrations(db.adapterFactory);
  } finally {
    await db.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    const client = new pg.Client({ connectionString: postgresAdminUrl() });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${template}%`]);
    await client.end();
    for (const { datname } of rows.filter((r) => r.datname !== template)) await dropDatabase(datname);
    await dropDatabase(template);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string;
  }
}
