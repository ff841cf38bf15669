// ESLint for the whole repository (`npm run lint`, which `npm test` runs first): TypeScript rules with type
// information, React hooks, accessibility, import cycles, and the boundaries between the layers. docs/development.md,
// "Lint and boundaries", explains the rules; each zone's message says what to do instead.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
// jsx-a11y's rules, from its maintained fork: eslint-plugin-jsx-a11y 6.10.2 does not accept ESLint 10 as a peer.
import jsxA11y from 'eslint-plugin-jsx-a11y-x';

const root = import.meta.dirname;
const abs = (relative) => path.join(root, relative);
const folders = (relative) =>
  readdirSync(abs(relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// ---- Client: app (router, layouts, providers) -> features/<f> -> shared lib/ and components/ ----
const clientZones = [
  // One zone per feature, so a new feature folder is covered without touching this file.
  ...folders('client/src/features').map((feature) => ({
    target: `client/src/features/${feature}`,
    from: 'client/src/features',
    except: [`./${feature}`],
    message: `A feature does not import another feature: move what '${feature}' needs to client/src/lib or client/src/components, or compose the two in client/src/app.`,
  })),
  {
    target: ['client/src/lib', 'client/src/components'],
    from: ['client/src/features', 'client/src/app'],
    message: 'Shared client code imports no feature and not the app layer.',
  },
  {
    target: 'client/src/features',
    from: 'client/src/app',
    message: 'A feature does not import the app layer: the app composes features, not the other way round.',
  },
];

// ---- Server: a module's faces (GraphQL, legacy REST, plain HTTP) over its domain code (services, policies) ----
const FACES = '*.{graphql,compat,http}.ts';
const serverZones = [
  // One zone per module: the faces of every other module are out of reach.
  ...folders('server/modules').map((module) => ({
    target: `server/modules/${module}`,
    from: [abs(`server/modules/!(${module})/**/${FACES}`)],
    message: `A module does not import another module's GraphQL or REST face: use its service, or move a shared GraphQL type to server/graphql (enums.ts, model-refs.ts).`,
  })),
  {
    target: 'server/lib',
    from: ['server/modules', 'server/access', 'server/graphql', 'server/compat', 'server/http'],
    message: 'server/lib is infrastructure (mail, tokens, passwords, errors): it knows no module, club access or face.',
  },
  // Domain code (all of a module but its faces, the access core, auth, lib, db) must load without the schema: a job
  // worker calls services without building GraphQL.
  {
    target: [
      abs('server/modules/**/!(*.graphql|*.compat|*.http).ts'),
      abs('server/access/**'),
      abs('server/auth/**'),
      abs('server/lib/**'),
      abs('server/db/**'),
    ],
    from: [abs('server/graphql/**'), abs(`server/modules/**/${FACES}`)],
    message: 'Domain code does not import the GraphQL layer or a module face: a job worker loads services without the schema.',
  },
];

// ---- Server: the database access follows the actor (issue 34 point 1; docs/development.md, "The Scope") ----
// The unguarded client (`deps.systemDb`) and hand-written raw SQL are refused in server code except in jobs
// (server/jobs), migrations and the database layer (server/db), and in the files named below, each with its reason.
// Everything else reaches data through the Scope: clubDb(ctx), the cross-club accessors (access/cross-club.ts), and
// raw SQL only as `db.$queryRaw(clubSql(club)`...${CLUB}...`)` (access/club-sql.ts), which binds the club itself.
// Scripts, benchmarks and tests act as the system and are not covered.
const SYSTEM_DB_ALLOWLIST = {
  'server/context.ts': 'declares AppDeps.systemDb',
  'server/app.ts': 'builds AppDeps and pings the database for the probes',
  'server/app-deps.ts': 'builds AppDeps',
  'server/access/scope.ts': "systemDbOf: a job's or script's system scope",
  'server/access/request-db.ts': 'builds the club-scoped client on top of it',
  'server/access/cross-club.ts': "the named cross-club accessors (an account's own rows, the invitation door, an API key's request log, database statistics)",
  'server/access/club-scope.ts': 'unguardedUnder: the client under the guard, for the fences of access/',
  'server/access/organisation-scope.ts': "builds the organisation's fence on the client under the guard (unguardedUnder)",
  'server/access/staff-scope.ts': "an organisation record's organisation and a club by its public number, read before the staff's fence exists",
  'server/auth/viewer.ts': 'resolves the session and its membership, before any scope exists',
  'server/modules/certificates/certificate-reminders.service.ts': 'run by a job only (jobs/periodic.ts): reminders due in every club',
  'server/modules/fees/fee-reminders.job.ts': 'run by a job only (jobs/periodic.ts): fee reminders due in every club',
  'server/modules/notices/notice-delivery.job.ts': 'run by a job only (jobs/periodic.ts): the notices due in every club',
  'server/modules/notices/mail-bounces.ts': 'run by the bounce listener only (no request): the rows a returned mail names by its id',
  'server/modules/notices/notice-push.ts': 'run by a job only (jobs/periodic.ts): the pushes due in every club',
  'server/modules/channels/channel-push.ts': 'run by a job only (jobs/periodic.ts): the channel messages due in every club',
  'server/modules/federation/webhook-delivery.ts': 'run by a job only: the change feed of every club, per webhook',
  'server/modules/imports/import-recovery.service.ts': "run at startup only: imports interrupted in any club",
};
const RAW_SQL_ALLOWLIST = {
  'server/app.ts': 'SELECT 1 for the probes',
  'server/access/club-scope.ts': 'the club scope itself',
  'server/access/change-log.ts': 'the club-scoped write log',
  'server/access/access-log.ts': 'the access log, every row naming its club',
  'server/auth/viewer.ts': 'one statement per request for the session and membership',
  'server/lib/mail-outbox.ts': 'the mail outbox queue (no club data)',
  'server/modules/certificates/certificate-reminders.service.ts': 'run by a job only',
  'server/modules/fees/fee-reminders.job.ts': 'run by a job only',
  'server/modules/notices/notice-delivery.job.ts': 'run by a job only',
  'server/modules/notices/notice-push.ts': 'run by a job only',
  'server/modules/channels/channel-push.ts': 'run by a job only',
  'server/modules/federation/webhook-delivery.ts': 'run by a job only',
  'server/modules/federation/federation.service.ts': "an API key's reads on its fenced client (access/organisation-scope.ts), which requires the reach's clubs as a parameter",
  'server/modules/federation/api-request-log.ts': "the organisation's request log (access/cross-club.ts apiRequestLogDb: its organisation and key as parameters)",
  'server/access/organisation-scope.ts': "the organisation's fence itself",
  'server/access/cross-club.ts': "statements on the database's statistics and indexes, which read no row",
  'server/modules/imports/import-undo.service.ts': 'runs its clubSql-built steps one by one (revertSlice)',
  'server/modules/imports/import-commit.ts': 'ANALYZE of the imported tables (refreshStatistics)',
};
const SYSTEM_DB_RULES = [
  {
    // systemScope too: a system scope is what makes systemDbOf answer the unguarded client.
    selector: "Identifier[name=/^(system(Db|Scope)|unguardedUnder)$/], MemberExpression[computed=true][property.value='systemDb']",
    message:
      "The unguarded client is for jobs, scripts and migrations: use the scope's access (clubDb(ctx), access/cross-club.ts), or add the file to SYSTEM_DB_ALLOWLIST in eslint.config.js with its reason.",
  },
];
const RAW_SQL_RULES = [
  {
    selector: 'TaggedTemplateExpression[tag.property.name=/^\\$(query|execute)Raw$/]',
    message: 'Raw SQL binds the club through clubSql (access/club-sql.ts): db.$queryRaw(clubSql(club)`... ${CLUB} ...`).',
  },
  {
    selector: "CallExpression[callee.property.name=/^\\$(query|execute)Raw$/]:not([arguments.0.tag.callee.name='clubSql'])",
    message: 'Raw SQL binds the club through clubSql (access/club-sql.ts): db.$queryRaw(clubSql(club)`... ${CLUB} ...`).',
  },
  {
    selector: 'MemberExpression[property.name=/^\\$(query|execute)RawUnsafe$/]',
    message: 'Unsafe raw SQL is for migrations and scripts only.',
  },
];
const accessFiles = [...new Set([...Object.keys(SYSTEM_DB_ALLOWLIST), ...Object.keys(RAW_SQL_ALLOWLIST)])];
/** Exported for tests/server/access/scope.test.ts, which lints fixtures with exactly these blocks. */
export const accessBlocks = [
  {
    files: ['server/**/*.ts'],
    ignores: ['server/jobs/**', 'server/db/**', ...accessFiles],
    rules: { 'no-restricted-syntax': ['error', ...SYSTEM_DB_RULES, ...RAW_SQL_RULES] },
  },
  // An allowlisted file is still held to the other rule.
  ...accessFiles.map((file) => ({
    files: [file],
    rules: {
      'no-restricted-syntax': ['error', ...(file in SYSTEM_DB_ALLOWLIST ? [] : SYSTEM_DB_RULES), ...(file in RAW_SQL_ALLOWLIST ? [] : RAW_SQL_RULES)],
    },
  })),
];

export default defineConfig(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'data/',
      '.tmp/',
      'bench/results/',
      'client/src/gql/', // generated by graphql-codegen
      'server/generated/', // Prisma client and Pothos types, generated
      'prisma/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // One TypeScript program for the whole repository (tsconfig.json), shared by every file.
      parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js', 'scripts/codegen-possible-types.mjs'] }, tsconfigRootDir: root },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // React ignores what an event handler returns, so `onSubmit={async () => ...}` is fine; a promise handed
      // where any other callback expects void is still reported.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // An async function without await is how fastify handlers and the services say "this answers a promise".
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Input validation here rejects control characters on purpose (names, file names, headers).
      'no-control-regex': 'off',
    },
  },
  {
    // Tests and benchmarks read untyped JSON answers on purpose: asserting on them is the test.
    files: ['tests/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: abs('tsconfig.json') })],
    },
    rules: {
      // A lazy `import()` is evaluated after both modules have loaded, so the route table (client/src/app/
      // route-modules.ts) may name pages that import its prefetch helper; static cycles are refused.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...clientZones, ...serverZones] }],
    },
  },
  {
    // The two rules of hooks. The plugin's recommended set adds React Compiler's diagnostics, which this client (not
    // built with the compiler) does not need: they flag the latest-ref pattern and hooks returning refs, correct
    // here, and compiling every component for them costs about a sixth of the lint's time.
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['client/**/*.tsx'],
    ...jsxA11y.configs.recommended,
  },
  {
    files: ['client/**/*.tsx'],
    rules: {
      // `role` on a component is its own prop (PersonForm's role is a person's role in the club), not ARIA.
      'jsx-a11y-x/aria-role': ['error', { ignoreNonDOM: true }],
      // A scrollable region (a wide table) takes focus so the keyboard can scroll it (axe: scrollable-region-focusable).
      'jsx-a11y-x/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },
  ...accessBlocks,
);
