// The club's xlsx import template of one kind (issue 12 point 2): sheet "Dati" with the kind's columns in the
// import's order and Italian headers (mandatory ones marked with *, which the import's header matching ignores),
// dropdowns for closed lists (Sesso: M/F; Gruppi: the club's groups of that kind), date cells formatted gg/mm/aaaa
// with date validation, a frozen header row; sheet "Istruzioni" explaining every column, the formats, the modes and
// the limits. exceljs writes it because SheetJS CE cannot write data validation (STACK.md); the import reads it with
// SheetJS like any other workbook: "Dati" is the first sheet, the one the import reads.
import ExcelJS from 'exceljs';
import { PERSON_KIND_INFO, type PersonKindKey } from '../../../schema/constants';
import {
  requiredColumnsText,
  IMPORT_LIMITS,
  IMPORT_MODE_LABELS,
  IMPORT_MODES,
  IMPORT_MSG,
  importColumns,
  importKindLabel,
  joinGroupNames,
  type ImportColumn,
} from '../../../schema/import-columns';
import { neutraliseCell } from '../../../schema/spreadsheet-cells';
import { clubMember } from '../../access/authorize';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import { ValidationError } from '../../lib/errors';
import { isPersonKind } from '../people/people.kinds';
import { importTemplate } from './import-people.service';

export const TEMPLATE_FORMATS = ['csv', 'xlsx'] as const;
export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number];
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const TEMPLATE_FORMAT_INVALID = 'Formato del template non valido: scegli csv oppure xlsx.';

/** Rows of "Dati" that carry the dropdowns and date validation (a club filling more rows copies them down). */
export const TEMPLATE_ROWS = 2_000;
/** The column of the club's groups (added to schema/import-columns.ts with the memberships). */
const GROUPS_KEY = 'groups';

/** `format` of the template route: missing or empty is the spec's CSV. */
export function templateFormat(value: unknown): TemplateFormat {
  if (value === undefined || value === null || value === '') return 'csv';
  if (typeof value === 'string' && (TEMPLATE_FORMATS as readonly string[]).includes(value.toLowerCase())) return value.toLowerCase() as TemplateFormat;
  throw new ValidationError({ format: TEMPLATE_FORMAT_INVALID }, TEMPLATE_FORMAT_INVALID);
}

export const xlsxTemplateFileName = (kind: PersonKindKey) => `${kind}_template.xlsx`;

/** What each column type asks for, in the instructions and the cells' input prompt. */
function formatHint(column: ImportColumn, groupNames: readonly string[]): string {
  if (column.key === GROUPS_KEY)
    return groupNames.length
      ? 'Nome di un gruppo della società (menu a tendina); più gruppi separati da virgola. Un nome che contiene virgole o punti e virgola va tra virgolette.'
      : 'Nome di un gruppo della società; più gruppi separati da virgola. Un nome che contiene virgole o punti e virgola va tra virgolette.';
  switch (column.type) {
    case 'date':
      return 'Data nel formato gg/mm/aaaa (es. 31/01/2010).';
    case 'gender':
      return 'M oppure F (si accettano anche Maschio/Femmina e 1/2).';
    default:
      return column.key === 'taxIdCode' ? 'Codice fiscale di 16 caratteri: identifica la persona nella società.' : 'Testo libero.';
  }
}

const columnLetter = (index: number) => {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
};

/** exceljs keeps a rule for a whole range (worksheet.dataValidations.add) but its typings omit that member. */
const validations = (sheet: ExcelJS.Worksheet) =>
  (sheet as ExcelJS.Worksheet & { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }).dataValidations;

/** The club's groups (or categories) of this kind, not archived, by name: the Gruppi dropdown. */
async function groupNamesOf(ctx: RequestContext, clubId: string, kind: PersonKindKey): Promise<string[]> {
  const groups = await clubDb(ctx).group.findMany({ where: { clubId, type: kind, archivedAt: null }, orderBy: [{ name: 'asc' }, { id: 'asc' }], select: { name: true } });
  return groups.map((g) => g.name);
}

/** The workbook of a kind for these group names (pure: no database). */
export async function buildTemplateWorkbook(kind: PersonKindKey, groupNames: readonly string[]): Promise<Buffer> {
  const columns = importColumns(kind);
  const book = new ExcelJS.Workbook();
  book.creator = 'CampoBase';
  book.created = new Date(0);

  const data = book.addWorksheet('Dati', { views: [{ state: 'frozen', ySplit: 1 }] });
  data.columns = columns.map((c) => ({
    // "*" marks a mandatory column; the import compares headers on letters and digits only, so it still matches.
    header: c.mandatory ? `${c.header} *` : c.header,
    key: c.key,
    width: Math.max(14, c.header.length + 4, c.type === 'date' ? 14 : 0),
    ...(c.type === 'date' ? { style: { numFmt: 'dd/mm/yyyy' } } : {}),
  }));
  const header = data.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle' };
  columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.numFmt = 'General';
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: c.mandatory ? 'FFFDE2C4' : 'FFE8EEF5' } };
    cell.note = formatHint(c, groupNames);
  });

  // A hidden sheet holds the dropdowns' lists: an inline list is capped at 255 characters and splits group names on commas.
  const lists = book.addWorksheet('Elenchi', { state: 'veryHidden' });
  lists.getColumn(1).values = ['M', 'F'];
  // (each as the cell must hold it: a name with a comma comes quoted, so the import reads it as one group; a name
  // that would start a formula is neutralised with the rest of the workbook below, and the import restores it)
  lists.getColumn(2).values = groupNames.map((name) => joinGroupNames([name]));

  columns.forEach((c, i) => {
    const range = `${columnLetter(i)}2:${columnLetter(i)}${TEMPLATE_ROWS + 1}`;
    if (c.type === 'gender') {
      validations(data).add(range, {
        type: 'list',
        allowBlank: true,
        formulae: ['Elenchi!$A$1:$A$2'],
        showErrorMessage: true,
        errorStyle: 'stop',
        errorTitle: c.header,
        error: 'Scegli M oppure F.',
      });
    } else if (c.type === 'date') {
      validations(data).add(range, {
        type: 'date',
        operator: 'between',
        allowBlank: true,
        formulae: [new Date(Date.UTC(1900, 0, 1)), new Date(Date.UTC(2199, 11, 31))],
        showErrorMessage: true,
        errorStyle: 'stop',
        errorTitle: c.header,
        error: 'Inserisci una data nel formato gg/mm/aaaa.',
      });
    } else if (c.key === GROUPS_KEY && groupNames.length) {
      // A warning, not a stop: several groups may be written in one cell, separated by commas.
      validations(data).add(range, {
        type: 'list',
        allowBlank: true,
        formulae: [`Elenchi!$B$1:$B$${groupNames.length}`],
        showErrorMessage: true,
        errorStyle: 'warning',
        errorTitle: c.header,
        error: 'Questo gruppo non esiste ancora nella società: controlla il nome (più gruppi separati da virgola).',
      });
    }
  });

  const help = book.addWorksheet('Istruzioni');
  help.columns = [
    { header: 'Colonna', key: 'column', width: 32 },
    { header: 'Obbligatoria', key: 'mandatory', width: 14 },
    { header: 'Come compilarla', key: 'how', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  const kindLabel = importKindLabel(kind);
  const line = (text: string, bold = false) => {
    const row = help.addRow([text]);
    if (bold) row.font = { bold: true };
    help.mergeCells(`A${row.number}:C${row.number}`);
  };
  const genderRequired = PERSON_KIND_INFO[kind].genderRequired;
  for (const c of columns) {
    // Sesso is required where the form requires it, but a valid tax code supplies it when left blank.
    const mandatory = c.mandatory ? 'Sì' : c.key === 'gender' && genderRequired ? 'Sì, se manca dal codice fiscale' : 'No';
    help.addRow({ column: c.header, mandatory, how: formatHint(c, groupNames) });
  }
  help.addRow([]);
  line(`Come si usa questo modello (${kindLabel})`, true);
  line('Compila il foglio "Dati": una persona per riga, a partire dalla riga 2. Non cambiare le intestazioni della riga 1.');
  line(`Le colonne obbligatorie sono segnate con * : ${columns.filter((c) => c.mandatory).map((c) => c.header).join(', ')}. Le altre si possono lasciare vuote.`);
  line(requiredColumnsText(kind));
  line('Date: gg/mm/aaaa (es. 31/01/2010); vanno bene anche le date inserite come data in Excel. Sesso: M oppure F.');
  line('Le persone già presenti nella società vengono riconosciute dal codice fiscale: importare due volte lo stesso file non crea doppioni.');
  line('Modalità di importazione (si sceglie al momento dell\'importazione):', true);
  for (const mode of IMPORT_MODES) line(`• ${IMPORT_MODE_LABELS[mode]}`);
  line('Limiti:', true);
  line(`• al massimo ${IMPORT_LIMITS.maxRows.toLocaleString('it-IT')} righe per file e ${Math.round(IMPORT_LIMITS.maxBytes / (1024 * 1024))} MB;`);
  line('• prima dell\'importazione viene mostrata un\'anteprima: nessun dato viene salvato finché non la confermi;');
  line('• se anche una sola riga non è valida non viene salvato nulla: scarica il file degli errori, correggilo e caricalo di nuovo;');
  line('• in alternativa puoi scegliere di importare solo le righe valide: quelle non valide restano nel file degli errori.');
  line(`Messaggio a importazione riuscita: "${IMPORT_MSG.imported}".`);

  neutraliseWorkbook(book);
  const bytes = await book.xlsx.writeBuffer();
  return Buffer.from(bytes);
}

/**
 * Every text cell of every sheet (the hidden lists included: they hold the club's group names, which the dropdown
 * copies into the cells) through the same formula neutralisation as the exports (schema/spreadsheet-cells.ts).
 */
function neutraliseWorkbook(book: ExcelJS.Workbook): void {
  book.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        // A merged cell's parts show the first one's value: that one is neutralised itself.
        if (cell.type === ExcelJS.ValueType.String && typeof cell.value === 'string') cell.value = neutraliseCell(cell.value);
      }),
    ),
  );
}

/**
 * GET /api/import/download-template?type=&format=: the spec's CSV (no format, or csv) or the club's workbook (xlsx),
 * as the request's member (permission import.run, checked first), an unknown kind or format refused in Italian.
 */
export async function templateDownload(ctx: RequestContext, kind: unknown, format: unknown): Promise<{ filename: string; contentType: string; content: Buffer }> {
  const { clubId } = clubMember(ctx);
  if (!isPersonKind(kind)) throw new ValidationError({ type: IMPORT_MSG.kindInvalid }, IMPORT_MSG.kindInvalid);
  if (templateFormat(format) === 'csv') {
    const { filename, csv } = importTemplate(ctx, kind);
    return { filename, contentType: 'text/csv; charset=utf-8', content: Buffer.from(csv, 'utf8') };
  }
  const hasGroups = importColumns(kind).some((c) => c.key === GROUPS_KEY);
  const content = await buildTemplateWorkbook(kind, hasGroups ? await groupNamesOf(ctx, clubId, kind) : []);
  return { filename: xlsxTemplateFileName(kind), contentType: XLSX_CONTENT_TYPE, content };
}
