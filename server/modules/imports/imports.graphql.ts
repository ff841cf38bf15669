// GraphQL face of the people import: importPeople (dry run or import, one transaction), the club's import history
// (importRuns, importRun). Thin adapters over import-people.service.ts and import-runs.service.ts.
import { IMPORT_MAX_BYTES, mappableColumns, IMPORT_MSG, IMPORT_MODE_LABELS, IMPORT_MODES, IMPORT_PROGRESS_PHASES, type ImportColumnType, type ImportMode } from '../../../schema/import-columns';
import { clubMember } from '../../access/authorize';
import { DownloadFileRef } from '../../graphql/download-file';
import { BaseErrorRef } from '../../graphql/errors';
import { clubDb } from '../../access/request-db';
import { builder } from '../../graphql/builder';
import { PersonKindEnum } from '../../graphql/enums';
import { ConflictError, ForbiddenError, RateLimitError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { isUuid } from '../../lib/club-rows';
import { readGraphQLUpload } from '../files/files.service';
import { importPeople, type ImportCounts, type ImportOutcome, type ImportRowOutcome } from './import-people.service';
import type { SeasonWrites } from './import-season';
import type { RowError } from './import-rows';
import { ImportHeaderError, type TopLine } from './import-header-error';
import { findImportRun, IMPORT_RUNS_ORDER, importRunsWhere } from './import-runs.service';
import { readProgress, type ImportProgress } from './import-progress';
import { canUndoRun, undoImport, type ImportUndoSkip, type UndoImportOutcome } from './import-undo.service';

const ImportModeEnum = builder.enumType('ImportMode', {
  description: 'How people already in the club (matched by tax code) are treated.',
  values: Object.fromEntries(IMPORT_MODES.map((mode) => [mode, { description: IMPORT_MODE_LABELS[mode] }])) as Record<ImportMode, { description: string }>,
});

const ImportStatusEnum = builder.enumType('ImportStatus', {
  description:
    'preview: a dry run, nothing written; completed: every row written; failed: refused for invalid rows (or stopped while writing), nothing written; undone: completed, then undone. On the embedded database (PGlite) a run is also writing while its rows are committed slice by slice, and undoing while its undo is.',
  values: ['preview', 'completed', 'failed', 'undone', 'writing', 'undoing'] as const,
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
    status: t.field({ type: ImportStatusEnum, resolve: (r) => r.status as 'completed' | 'failed' | 'undone' | 'writing' | 'undoing' }),
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
    undoableUntil: t.expose('undoableUntil', {
      type: 'DateTime',
      nullable: true,
      description: 'Until when the run can be undone (IMPORT_UNDO_DAYS after it ran); null when it cannot be (failed, or nothing written).',
    }),
    undoneAt: t.expose('undoneAt', { type: 'DateTime', nullable: true }),
    canUndo: t.boolean({ description: 'Completed, not undone, and within its period: undoImport would act.', resolve: (r) => canUndoRun(r) }),
  }),
});

const ImportColumnTypeEnum = builder.enumType('ImportColumnType', { values: ['text', 'date', 'gender', 'groups'] as const satisfies readonly ImportColumnType[] });

const ImportColumnInfoRef = builder.objectRef<{ key: string; header: string; mandatory?: boolean; type: ImportColumnType }>('ImportColumnInfo').implement({
  description: "A column of a kind's file (schema/import-columns.ts), in the template's order.",
  fields: (t) => ({
    key: t.exposeString('key', { description: 'What ImportMappingInput.key names.' }),
    header: t.exposeString('header', { description: "The template's Italian header." }),
    mandatory: t.boolean({ resolve: (c) => !!c.mandatory }),
    type: t.field({ type: ImportColumnTypeEnum, resolve: (c) => c.type }),
  }),
});

const ImportMappingInput = builder.inputType('ImportMappingInput', {
  description: "A header of the file and the column it feeds (key null: ignore the header's column).",
  fields: (t) => ({
    header: t.string({ required: true }),
    key: t.string({ required: false }),
  }),
});

const ImportProgressPhaseEnum = builder.enumType('ImportProgressPhase', { values: IMPORT_PROGRESS_PHASES });

const ImportProgressRef = builder.objectRef<ImportProgress>('ImportProgress').implement({
  description: 'Where a running import is: rows done of the phase total (total 0 while reading).',
  fields: (t) => ({
    phase: t.field({ type: ImportProgressPhaseEnum, resolve: (p) => p.phase }),
    done: t.exposeInt('done'),
    total: t.exposeInt('total'),
  }),
});

const ImportUndoSkipRef = builder.objectRef<ImportUndoSkip>('ImportUndoSkip').implement({
  description: 'A person the undo left as it found them (edited, or given other roles, groups or documents, since the import).',
  fields: (t) => ({
    taxIdCode: t.exposeString('taxIdCode'),
    name: t.exposeString('name'),
    reason: t.exposeString('reason'),
  }),
});

const UndoImportResultRef = builder.objectRef<UndoImportOutcome>('UndoImportResult').implement({
  fields: (t) => ({
    run: t.prismaField({ type: 'ImportRun', resolve: (query, o, _args, ctx) => clubDb(ctx).importRun.findUniqueOrThrow({ ...query, where: { id: o.runId } }) }),
    removed: t.exposeInt('removed', { description: 'Rows whose role (and person, when new to the club) the run had created, now removed.' }),
    restored: t.exposeInt('restored', { description: 'Rows the run had updated, back to their values from before.' }),
    skipped: t.field({ type: [ImportUndoSkipRef], resolve: (o) => o.skipped }),
    message: t.exposeString('message'),
  }),
});

const ImportTopLineRef = builder.objectRef<TopLine>('ImportTopLine').implement({
  description: 'A non-blank row from the top of the file, as text: the rows the header can be chosen from.',
  fields: (t) => ({
    line: t.exposeInt('line', { description: 'Its row number in the file (what headerLine names).' }),
    cells: t.exposeStringList('cells', { description: 'Its first 30 cells as text.' }),
  }),
});

builder.objectType(ImportHeaderError, {
  name: 'ImportHeaderError',
  description: "The header row lacks a mandatory column (the message names them): the top rows of the file, to choose the header row from (importPeople's headerLine).",
  interfaces: [BaseErrorRef],
  fields: (t) => ({
    headerLine: t.exposeInt('headerLine', { description: 'The row read as the header.' }),
    topLines: t.field({ type: [ImportTopLineRef], resolve: (e) => e.topLines }),
  }),
});

const ImportSeasonWritesRef = builder.objectRef<SeasonWrites>('ImportSeasonWrites').implement({
  description: "What an import writes (or in a preview would write) to the season's cards and the libro soci.",
  fields: (t) => ({
    seasonId: t.exposeID('seasonId'),
    seasonLabel: t.exposeString('seasonLabel'),
    cardsNew: t.exposeInt('cardsNew'),
    cardsUpdated: t.exposeInt('cardsUpdated', { description: 'Cards the person already held (same body, number and season) given the dates of the file.' }),
    membersNew: t.exposeInt('membersNew', { description: 'New entries of the libro soci.' }),
    membersNumbered: t.exposeInt('membersNumbered', { description: 'Of them, with the number the file gave (kept as is).' }),
    firstNextNumber: t.exposeInt('firstNextNumber', { nullable: true, description: "The first of the club's next numbers the others take (in a preview, as it stands now)." }),
    renewalsNew: t.exposeInt('renewalsNew', { description: "The season's renewals recorded with their quota." }),
    renewalsUpdated: t.exposeInt('renewalsUpdated', { description: 'Renewals of the season already recorded, given the quota of the file.' }),
    messages: t.exposeStringList('messages', { description: 'The same in Italian, one sentence per table written.' }),
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
    format: t.exposeString('format', { description: 'csv, xls, xlsx or ods, as read from the content.' }),
    counts: t.field({ type: ImportCountsRef, resolve: (o) => o.counts }),
    validOnly: t.exposeBoolean('validOnly', { description: 'Only the valid rows were (or would be) written; the invalid ones are in the error file.' }),
    tidyNames: t.exposeBoolean('tidyNames', { description: 'Names written all in capitals were rewritten in Italian capitalisation.' }),
    notices: t.exposeStringList('notices', {
      description:
        'What was read differently from the file as written, one Italian sentence each: a title above the header, totals and blank rows skipped, sex taken from the tax code, names and CAPs tidied, a second column filling a field.',
    }),
    errors: t.field({ type: [ImportRowErrorRef], description: 'Errors of the invalid rows (at most 1000).', resolve: (o) => o.errors }),
    seasonWrites: t.field({
      type: ImportSeasonWritesRef,
      nullable: true,
      description: "The season's cards and libro soci entries the rows write; null when the file has none of their columns.",
      resolve: (o) => o.seasonWrites,
    }),
    rows: t.field({ type: [ImportRowOutcomeRef], description: 'New, updated and unchanged rows (at most 1000).', resolve: (o) => o.rows }),
    columns: t.field({ type: [ImportColumnRef], resolve: (o) => o.columns }),
    ignoredColumns: t.exposeStringList('ignoredColumns', { description: 'Headers of the file that feed no column.' }),
    headers: t.exposeStringList('headers', { description: "The file's headers in order (an error file's Riga, Campo, Errore left out)." }),
    headerLine: t.exposeInt('headerLine', { description: "The header's row number in the file: detected, or the one headerLine chose." }),
    topLines: t.field({ type: [ImportTopLineRef], description: 'The first 20 non-blank rows of the file, to choose the header row from.', resolve: (o) => o.topLines }),
    mappingRemembered: t.exposeBoolean('mappingRemembered', { description: "No mapping was sent and the club's remembered one for these headers was used." }),
    errorFile: t.field({
      type: DownloadFileRef,
      nullable: true,
      description: 'The invalid rows as in the file plus Riga, Campo, Errore (CSV, `;`): fix it and upload it again. Null when no row is invalid.',
      resolve: (o) => o.errorFile,
    }),
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
  importColumns: t.field({
    type: [ImportColumnInfoRef],
    description: "The columns of a kind's import file, in the template's order, then the birth province, cards and libro soci (the choices of the mapping).",
    args: { kind: t.arg({ type: PersonKindEnum, required: true }) },
    resolve: (_root, { kind }, ctx) => {
      clubMember(ctx);
      // The birth province too ("Prov." beside the birthplace, kept with it: "Roma (RM)"), then cards and register.
      return mappableColumns(kind);
    },
  }),
  importProgress: t.field({
    type: ImportProgressRef,
    nullable: true,
    description: "A running (or recently ended) import of the caller's, by the progressKey it was given; null when unknown.",
    args: { key: t.arg.string({ required: true }) },
    resolve: (_root, { key }, ctx) => {
      const actor = clubMember(ctx);
      return readProgress(actor.clubId, actor.accountId, key);
    },
  }),
}));

builder.mutationField('undoImport', (t) =>
  t.field({
    type: UndoImportResultRef,
    description:
      'Undoes a completed import within its period: removes what it created, restores what it updated, and leaves (listing them) ' +
      'the people edited since. A second undo, a failed or expired run, another club\'s id: ValidationError, nothing changed.',
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [ValidationError, ForbiddenError, UnauthenticatedError] },
    resolve: (_root, { id }, ctx) => undoImport(ctx, id),
  }),
);

builder.mutationField('importPeople', (t) =>
  t.field({
    type: ImportPeopleResult,
    description:
      'Imports people of one kind from a CSV, XLS, XLSX or ODS file (max 20 MB, 100,000 rows), matching the club\'s people by tax code. ' +
      'dryRun (default) writes nothing and answers what would happen; otherwise every row is written in one transaction, or none ' +
      'if any row is invalid (status failed), unless validOnly: then the valid rows are written and the invalid ones left in the error file. A missing file is a ValidationError; more than 120 runs an hour per account (300 per club) a RateLimitError.',
    args: {
      file: t.arg({ type: 'Upload', description: "Nullable so that a missing file gets the spec's message ('Selezionare un file da importare')." }),
      kind: t.arg({ type: PersonKindEnum, required: true }),
      dryRun: t.arg.boolean({ required: true, defaultValue: true }),
      mode: t.arg({ type: ImportModeEnum, description: 'Default fill_empty.' }),
      mapping: t.arg({
        type: [ImportMappingInput],
        description: "The user's mapping (headers not named keep the automatic one). Without it, the club's remembered mapping for these headers, else the automatic one.",
      }),
      progressKey: t.arg.string({ description: 'A random key (8-100 of A-Z a-z 0-9 _ -) under which importProgress reports this call.' }),
      validOnly: t.arg.boolean({ description: 'Import the valid rows only (default false: all or nothing). One run, one undo.' }),
      tidyNames: t.arg.boolean({ description: 'Rewrite names written all in capitals (DE LUCA: De Luca). Default true.' }),
      headerLine: t.arg.int({ description: 'The header row chosen by hand (its row number in the file, one of topLines), when the detected one is wrong.' }),
      seasonId: t.arg.id({ description: "The season of the file's cards and libro soci rows (default the current one; a closed one is refused)." }),
      cardBody: t.arg.string({ description: 'The body (ente: FIGC, UISP, CSI...) of every card whose row names none.' }),
    },
    // ImportHeaderError before ValidationError, which it extends: the first type the error is an instance of answers.
    errors: { types: [ImportHeaderError, ValidationError, ConflictError, RateLimitError, ForbiddenError, UnauthenticatedError] },
    resolve: (_root, { file, kind, dryRun, mode, mapping, progressKey, validOnly, tidyNames, headerLine, seasonId, cardBody }, ctx) =>
      importPeople(ctx, { kind, dryRun, mode, mapping, progressKey, validOnly, tidyNames, headerLine, seasonId, cardBody, file: file ? () => readGraphQLUpload(file, 'file', { max: IMPORT_MAX_BYTES, tooLarge: IMPORT_MSG.tooLarge }) : null }),
  }),
);
