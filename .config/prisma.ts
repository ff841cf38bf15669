// Prisma CLI config (Prisma 7 looks here as well as at prisma.config.ts; this keeps the top level as designed).
// Only `prisma generate` / `validate` / `format` are used: migrations run through server/db/migrate.ts.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: '../prisma/schema.prisma',
  migrations: { path: '../prisma/migrations' },
});
