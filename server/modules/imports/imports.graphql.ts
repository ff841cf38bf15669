// GraphQL face of the people import: importPeople (dry run or import, one transaction), the club's import history
// (importRuns, importRun). Thin adapters over import-people.service.ts and import-runs.service.ts.
import { IMPORT_MODE_LABELS, IMPORT_MODES, type ImportMode } from '../../../schema/import-columns';
import { clubDb } from '../../access/request-db';
import { builder } from '../../graphql/builder';
import { PersonKindEnum } from '../../graphql/enums';
import { ConflictError, ForbiddenError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { isUuid } from '../../lib/club-rows';
import { readGraphQLUpload } from '../files/files.service';
import { importPeople, type ImportCounts, type ImportOutcome, type ImportRowOutcome } from './import-people.service';
import type { RowError } from './import-rows';
import { findImportRun, IMPORT_RUNS_ORDER, importRunsWhere } from './import-runs.service';

const ImportModeEnum = builder.enumType('ImportMode', {
  description: 'How people already in the club (matched by tax code) are treated.',
  values: Object.fromEntries(IMPORT_MODES.map((mode) => [mode, { description: IMPORT_MODE_LABELS[mode] }])) as Record<ImportMode, { description: string }>,
});

const ImportStatusEnum = builder.enumType('ImportStatus', {
  description: 'preview: a dry run, nothing written; completed: every row written; failed: refused for invalid rows, nothing written.',
  values: ['preview', 'completed', 'failed'] as const,
});

const ImportRowStatusEnum = builder.enumType('ImportRowStatus', { values: ['new', 'updated', 'unchanged'] as const });

const ImportCountsRef = builder.objectRef<ImportCounts>('ImportCounts').implement({
  description: 'Rows of the file (blank rows and the header not counted) by what they become.',
  fields: (t) => ({
    total: t.exposeInt('total'),
    new: t.exposeInt('new', { description: 'A new role: a new person, or a person of the club not yet of this kind.' }),
    updated: t.exposeInt('updated'),
    unchanged: t.exposeInt('unchanged'),
    invalid: t.exposeInt('invalid'),
  }),
});

const ImportRowErrorRef = builder.objectRef<RowError>('ImportRowError').implement({
  description: 'A message for one cell of the file: the same Italian message the person form gives for that field.',
  fields: (t) => ({
    row: t.exposeInt('row', { description: 'Row number in the file (the header is row 1).' }),
    column: t.exposeString('column', { nullable: true, description: "The file's header of the column (the template's when the file lacks it)." }),
    field: t.exposeString('field', { nullable: true, description: 'The person input field: profile.taxIdCode, details.coachRole...' }),
    message: t.exposeString('message'),
  }),
});

const ImportRowOutcomeRef = builder.objectRef<ImportRowOutcome>('ImportRowOutcome').implement({
  fields: (t) => ({
    row: t.exposeInt('row'),
    status: t.field({ type: ImportRowStatusEnum, resolve: (r) => r.status }),
    taxIdCode: t.exposeString('taxIdCode'),
    name: t.exposeString('name'),
    changes: t.exposeStringList('changes', { description: 'Headers of the columns whose stored value changes.' }),
  }),
});

const ImportColumnRef = builder.objectRef<{ header: string; key: string }>('ImportColumnMapping').implement({
  fields: (t) => ({
    header: t.exposeString('header', { description: "The file's header." }),
    key: t.exposeString('key', { description: 'The column it feeds (schema/import-columns.ts).' }),
  }),
});

const errorsOf = (value: unknown): RowError[] => (Array.isArray(value) ? (value as RowError[]) : []);

builder.prismaObject('ImportRun', {
  description: 'One import of people recorded in the club (dry runs are not recorded).',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.field({ type: PersonKindEnum, resolve: (r) => r.kind }),
    mode: t.field({ type: ImportModeEnum, resolve: (r) => r.mode as ImportMode }),
    status: t.field({ type: ImportStatusEnum, resolve: (r) => r.status as 'completed' | 'failed' }),
    fileName: t.exposeString('fileName'),
    fileFormat: t.exposeString('fileFormat', { description: 'csv, xls or xlsx, as read from the content.' }),
    counts: t.field({
      type: ImportCountsRef,
      resolve: (r) => ({ total: r.totalRows, new: r.newRows, updated: r.updatedRows, unchanged: r.unchangedRows, invalid: r.invalidRows }),
    }),
    errors: t.field({ type: [ImportRowErrorRef], description: 'The invalid rows of a failed run (at most 1000).', resolve: (r) => errorsOf(r.errors) }),
    actorName: t.exposeString('actorName', { nullable: true, description: 'Who ran it, as named when it ran.' }),
    actorAccountId: t.exposeID('accountId', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const ImportPeopleResult = builder.objectRef<ImportOutcome>('ImportPeopleResult').implement({
  fields: (t) => ({
    dryRun: t.exposeBoolean('dryRun'),
    kind: t.field({ type: PersonKindEnum, resolve: (o) => o.kind }),
    mode: t.field({ type: ImportModeEnum, resolve: (o) => o.mode }),
    status: t.field({ type: ImportStatusEnum, resolve: (o) => o.status }),
    message: t.exposeString('message', { description: "Italian: 'I tuoi dati sono stati importati con successo', the preview's, or why nothing was written." }),
    fileName: t.exposeString('fileName'),
    format: t.exposeString('format', { description: 'csv, xls or xlsx, as read from the content.' }),
    counts: t.field({ type: ImportCountsRef, resolve: (o) => o.counts }),
    errors: t.field({ type: [ImportRowErrorRef], description: 'Errors of the invalid rows (at most 1000).', resolve: (o) => o.errors }),
    rows: t.field({ type: [ImportRowOutcomeRef], description: 'New, updated and unchanged rows (at most 1000).', resolve: (o) => o.rows }),
    columns: t.field({ type: [ImportColumnRef], resolve: (o) => o.columns }),
    ignoredColumns: t.exposeStringList('ignoredColumns', { description: 'Headers of the file that feed no column.' }),
    run: t.prismaField({
      type: 'ImportRun',
      nullable: true,
      description: 'The recorded run (null for a dry run).',
      resolve: (query, o, _args, ctx) => (o.runId ? clubDb(ctx).importRun.findUnique({ ...query, where: { id: o.runId } }) : null),
    }),
  }),
});

builder.queryFields((t) => ({
  importRuns: t.prismaConnection(
    {
      type: 'ImportRun',
      cursor: 'id',
      defaultSize: 20,
      maxSize: 100,
      description: "The X-Club club's imports, newest first (import.run).",
      resolve: (query, _root, _args, ctx) => {
        const where = importRunsWhere(ctx);
        if (query.cursor && !isUuid(query.cursor.id)) return [];
        return clubDb(ctx).importRun.findMany({ ...query, where, orderBy: IMPORT_RUNS_ORDER });
      },
      totalCount: (_connection, _args, ctx) => clubDb(ctx).importRun.count({ where: importRunsWhere(ctx) }),
    },
    { name: 'ImportRunConnection' },
    { name: 'ImportRunEdge' },
  ),
  importRun: t.prismaField({
    type: 'ImportRun',
    nullable: true,
    description: 'One import of the club (null when unknown or of another club).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (query, _root, { id }, ctx) => findImportRun(ctx, id, query),
  }),
}));

builder.mutationField('importPeople', (t) =>
  t.field({
    type: ImportPeopleResult,
    description:
      'Imports people of one kind from a CSV, XLS or XLSX file (max 5 MB, 100,000 rows), matching the club\'s people by tax code. ' +
      'dryRun (default) writes nothing and answers what would happen; otherwise every row is written in one transaction, or none ' +
      'if any row is invalid (status failed). A missing file is a ValidationError.',
    args: {
      file: t.arg({ type: 'Upload', description: "Nullable so that a missing file gets the spec's message ('Selezionare un file da importare')." }),
      kind: t.arg({ type: PersonKindEnum, required: true }),
      dryRun: t.arg.boolean({ required: true, defaultValue: true }),
      mode: t.arg({ type: ImportModeEnum, description: 'Default fill_empty.' }),
    },
    errors: { types: [ValidationError, ConflictError, ForbiddenError, UnauthenticatedError] },
    resolve: (_root, { file, kind, dryRun, mode }, ctx) =>
      importPeople(ctx, { kind, dryRun, mode, file: file ? () => readGraphQLUpload(file, 'file') : null }),
  }),
);
