// People import and export (issue 12): the columns of each kind's file, shared by the server (the CSV template,
// reading a file, later the export, which writes the same columns so an exported file imports unchanged) and the
// client (the import screen's mapping and preview). Mandatory columns first: Nome, Cognome, Codice fiscale.
import { PERSON_KIND_INFO, type PersonKindKey } from './constants';
import { MSG } from './messages';

/**
 * How a cell is read: dates accept gg/mm/aaaa, ISO and Excel serials; gender M/F, 1/2, Maschio/Femmina; groups are
 * names of the club's groups of the kind separated by `,` or `;`.
 */
export type ImportColumnType = 'text' | 'date' | 'gender' | 'groups';

export interface ImportColumn {
  /** Stable English key (the mapping the client sends later, and the export's column key). */
  key: string;
  /** The Italian header the template and the export write. */
  header: string;
  /** Where the value goes in the person save input (the same paths the forms' errors use). */
  field: string;
  type: ImportColumnType;
  /** A row without it is refused; the file must have the column (spec §5: first name, last name, tax code). */
  mandatory?: boolean;
  /** Other headers meaning this column, Italian and English; compared case, accent, space and punctuation insensitively. */
  synonyms: readonly string[];
}

const col = (key: string, header: string, field: string, synonyms: readonly string[], type: ImportColumnType = 'text', mandatory = false): ImportColumn => ({
  key,
  header,
  field,
  type,
  ...(mandatory ? { mandatory } : {}),
  synonyms,
});

/** The shared profile's columns, every kind. */
const PROFILE_COLUMNS: readonly ImportColumn[] = [
  col('firstname', 'Nome', 'profile.firstname', ['first name', 'firstname', 'given name', 'nome di battesimo'], 'text', true),
  col('lastname', 'Cognome', 'profile.lastname', ['last name', 'lastname', 'surname', 'family name'], 'text', true),
  col('taxIdCode', 'Codice fiscale', 'profile.taxIdCode', ['cf', 'cod fiscale', 'codice fiscale persona', 'tax code', 'tax id', 'tax id code', 'tax_id_code', 'fiscal code', 'codicefiscale'], 'text', true),
  col('gender', 'Sesso', 'profile.typeGenderId', ['genere', 'gender', 'sex', 'm/f', 'type_gender_id'], 'gender'),
  col('birthday', 'Data di nascita', 'profile.birthday', ['data nascita', 'data di nascita gg/mm/aaaa', 'nato il', 'nata il', 'compleanno', 'birthday', 'birth date', 'birthdate', 'date of birth', 'dob'], 'date'),
  col('birthplace', 'Luogo di nascita', 'profile.birthplace', ['luogo nascita', 'comune di nascita', 'comune nascita', 'citta di nascita', 'citta nascita', 'nato a', 'nata a', 'birthplace', 'place of birth'], 'text'),
  col('birthNation', 'Nazione di nascita', 'profile.birthNation', ['stato di nascita', 'paese di nascita', 'birth nation', 'birth country', 'country of birth'], 'text'),
  col('nationality', 'Cittadinanza', 'profile.nationality', ['nazionalita', 'nationality', 'citizenship'], 'text'),
  col('secondname', 'Secondo nome', 'profile.secondname', ['altro nome', 'second name', 'middle name', 'secondname'], 'text'),
  col('nickname', 'Soprannome', 'profile.nickname', ['nickname', 'nick'], 'text'),
  col('emailPrimary', 'Email', 'profile.emailPrimary', ['e-mail', 'mail', 'email principale', 'email primaria', 'indirizzo email', 'indirizzo e-mail', 'posta elettronica', 'email address', 'email primary', 'primary email'], 'text'),
  col('emailSecondary', 'Email secondaria', 'profile.emailSecondary', ['altra email', 'seconda email', 'email secondary', 'secondary email', 'other email'], 'text'),
  col('phonePrimary', 'Telefono', 'profile.phonePrimary', ['telefono principale', 'cellulare', 'telefono cellulare', 'cell', 'tel', 'numero di telefono', 'recapito telefonico', 'phone', 'mobile', 'phone number', 'phone primary', 'primary phone'], 'text'),
  col('phoneSecondary', 'Telefono secondario', 'profile.phoneSecondary', ['altro telefono', 'secondo telefono', 'telefono fisso', 'phone secondary', 'secondary phone', 'other phone'], 'text'),
  col('legalRepresentative', 'Rappresentante legale', 'profile.legalRepresentative', ['genitore', 'tutore', 'esercente la potesta', 'legal representative', 'guardian', 'parent'], 'text'),
  col('address', 'Indirizzo', 'profile.address.address', ['via', 'residenza', 'indirizzo di residenza', 'indirizzo residenza', 'address', 'street'], 'text'),
  col('streetNumber', 'Numero civico', 'profile.address.streetNumber', ['civico', 'n civico', 'numero', 'street number', 'house number'], 'text'),
  col('postalCode', 'CAP', 'profile.address.postalCode', ['codice postale', 'cap residenza', 'npa', 'postal code', 'zip', 'zip code', 'postcode'], 'text'),
  col('city', 'Città', 'profile.address.city', ['comune', 'comune di residenza', 'comune residenza', 'citta di residenza', 'localita', 'luogo', 'luogo di residenza', 'city', 'town'], 'text'),
  col('province', 'Provincia', 'profile.address.province', ['prov', 'sigla provincia', 'provincia di residenza', 'prov residenza', 'province', 'county', 'state'], 'text'),
  col('country', 'Nazione', 'profile.address.country', ['paese', 'stato', 'nazione di residenza', 'country'], 'text'),
];

/** Each kind's own columns (the fields of its form beyond the profile; ids of closed lists and files are not imported). */
const DETAIL_COLUMNS: Record<PersonKindKey, readonly ImportColumn[]> = {
  athlete: [
    col('medicalExaminationExpirationDate', 'Scadenza visita medica', 'details.medicalExaminationExpirationDate', ['scadenza certificato medico', 'scadenza certificato', 'medical examination expiration date', 'medical certificate expiry'], 'date'),
    col('medicalExaminationScheduledDate', 'Data prenotazione visita medica', 'details.medicalExaminationScheduledDate', ['prenotazione visita medica', 'visita medica prenotata', 'medical examination scheduled date'], 'date'),
    col('healthCard', 'Tessera sanitaria', 'details.healthCard', ['health card'], 'text'),
    col('allergies', 'Allergie', 'details.allergies', ['allergies'], 'text'),
    col('intolerances', 'Intolleranze', 'details.intolerances', ['intolerances'], 'text'),
    col('athleteCondition', "Condizione dell'atleta", 'details.athleteCondition', ['condizione atleta', 'athlete condition'], 'text'),
    col('athleteAttorneyName', 'Procuratore', 'details.athleteAttorneyName', ['nome procuratore', 'agente', 'attorney', 'agent', 'athlete attorney name'], 'text'),
  ],
  coach: [
    col('coachRole', 'Ruolo allenatore', 'details.coachRole', ['ruolo', 'qualifica', 'coach role', 'role'], 'text'),
    col('coachValidityStartDate', 'Inizio validità', 'details.coachValidityStartDate', ['inizio validita tessera', 'valido dal', 'validity start', 'coach validity start date'], 'date'),
    col('coachValidityEndDate', 'Fine validità', 'details.coachValidityEndDate', ['fine validita tessera', 'valido fino al', 'validity end', 'coach validity end date'], 'date'),
    col('healthCard', 'Tessera sanitaria', 'details.healthCard', ['health card'], 'text'),
    col('allergies', 'Allergie', 'details.allergies', ['allergies'], 'text'),
    col('intolerances', 'Intolleranze', 'details.intolerances', ['intolerances'], 'text'),
  ],
  manager: [col('managerRole', 'Carica', 'details.managerRole', ['ruolo', 'ruolo dirigente', 'incarico', 'manager role', 'role', 'position'], 'text')],
  member: [
    col('membershipNumber', 'Numero tessera', 'details.membershipNumber', ['tessera', 'n tessera', 'tessera n', 'numero socio', 'n socio', 'membership number', 'card number'], 'text'),
    col('membershipStartDate', 'Data ammissione', 'details.membershipStartDate', ['data di ammissione', 'socio dal', 'data iscrizione', 'membership start date', 'member since'], 'date'),
    col('membershipExpiredDate', 'Scadenza tessera', 'details.membershipExpiredDate', ['scadenza', 'data scadenza tessera', 'membership expired date', 'membership expiry'], 'date'),
  ],
  staff: [],
  voluntary: [],
};

const NOTE_COLUMN = col('notePrivate', 'Note', 'notePrivate', ['note private', 'note riservate', 'annotazioni', 'notes', 'note', 'private note'], 'text');

/**
 * The groups a person joins (every kind has groups: a group's type is a person kind). Not a field of the person
 * input: the import matches the names among the club's groups of the kind and adds the memberships.
 */
export const GROUPS_COLUMN = col('groups', 'Gruppi', 'groups', ['gruppo', 'squadra', 'squadre', 'categoria', 'categorie', 'groups', 'group', 'team', 'teams'], 'groups');

/** The columns of a kind's file, in the template's order. */
export function importColumns(kind: PersonKindKey): readonly ImportColumn[] {
  return [...PROFILE_COLUMNS, ...DETAIL_COLUMNS[kind], GROUPS_COLUMN, NOTE_COLUMN];
}

/**
 * A groups cell's names: split on `,` or `;`, trimmed, blanks dropped. A name that holds a separator or a double
 * quote is written in double quotes, with its own quotes doubled (as CSV does): `"Under 16, misto"; Esordienti`.
 */
export function groupNames(cell: string): string[] {
  const names: string[] = [];
  let name = '';
  let quoted = false;
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i];
    if (quoted) {
      if (c !== '"') name += c;
      else if (cell[i + 1] === '"') name += cell[i++];
      else quoted = false;
    } else if (c === '"' && !name.trim()) {
      quoted = true;
      name = '';
    } else if (c === ',' || c === ';') {
      names.push(name);
      name = '';
    } else name += c;
  }
  names.push(name);
  return names.map((n) => n.trim()).filter(Boolean);
}

/** The cell `groupNames` reads back as `names`: joined with ", ", each name quoted only when it needs to be. */
export const joinGroupNames = (names: readonly string[]): string =>
  names.map((name) => (/[",;]/.test(name) ? `"${name.replaceAll('"', '""')}"` : name)).join(', ');

/**
 * The three columns the error file adds after the original ones (row number in the uploaded file, the column at
 * fault, the message). A file that ends with them (an error file fixed and uploaded again) is read without them.
 */
export const ERROR_FILE_COLUMNS = ['Riga', 'Campo', 'Errore'] as const;
export const errorFileName = (kind: PersonKindKey) => `${kind}_errori.csv`;

/** How long a completed import can be undone (days after it ran). */
export const IMPORT_UNDO_DAYS = 7;

/** How long an import's progress is kept after it ends (ms), for a client that polls once more. */
export const IMPORT_PROGRESS_TTL_MS = 10 * 60 * 1000;

export const IMPORT_PROGRESS_PHASES = ['reading', 'validating', 'writing', 'done'] as const;
export type ImportProgressPhase = (typeof IMPORT_PROGRESS_PHASES)[number];

/** A header as compared: lower case, no accents, letters and digits only ("Città " and "citta" match; "C.F." is "cf"). */
export function normalizeHeader(header: string): string {
  return header.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * The column a header names (its own header, its key or a synonym), or null. The kind's own columns first, then the
 * cards and register (SEASON_COLUMNS, declared below): a header both could claim feeds the kind's own.
 */
export function columnForHeader(kind: PersonKindKey, header: string): ImportColumn | null {
  const wanted = normalizeHeader(header);
  if (!wanted) return null;
  const names = (c: ImportColumn) => [c.header, c.key, ...c.synonyms].some((name) => normalizeHeader(name) === wanted);
  return importColumns(kind).find(names) ?? SEASON_COLUMNS.find(names) ?? GUARDIAN_COLUMNS.find(names) ?? null;
}

/**
 * Columns the mapping recognises beside a kind's own, never written by the template or the export: a province
 * right after the birthplace (federation lists: `Luogo nascita; Prov.`) is the birth province, which the profile
 * keeps inside the birthplace ("Roma (RM)"), not the residence's.
 */
export const BIRTH_PROVINCE_COLUMN = col('birthProvince', 'Provincia di nascita', 'birthProvince', ['prov nascita', 'provincia nascita', 'prov di nascita'], 'text');

/**
 * Cards (tesseramento) and the libro soci, every kind (issue 35 point 4): read into the import's season, never
 * written by the template or the export. One rule for headers two columns could claim: **the kind's own columns
 * come first**. So in a members' file `Tessera n.`, `Numero tessera`, `N. socio` and `Data ammissione` keep feeding
 * the legacy member details (membershipNumber, membershipStartDate) as before, and the card and register columns
 * are reached there by their explicit headers (`Tessera federale`, `Numero libro soci`, `Data ammissione libro
 * soci`...), which every kind recognises; in the other kinds' files the short headers feed the card and register.
 */
export const SEASON_COLUMNS: readonly ImportColumn[] = [
  col('cardNumber', 'Tessera federale', 'card.number', ['numero tessera federale', 'n tessera federale', 'tessera federale n', 'tessera ente', 'numero tessera ente', 'tessera eps', 'tessera n', 'numero tessera', 'n tessera', 'tessera', 'matricola', 'n matricola', 'numero matricola', 'card number', 'federation card'], 'text'),
  col('cardBody', 'Ente', 'card.body', ['ente tessera', 'ente di promozione', 'ente di affiliazione', 'federazione', 'eps', 'ente federazione', 'federation', 'sports body'], 'text'),
  col('cardStartsOn', 'Inizio tessera', 'card.startsOn', ['data inizio tessera', 'data tesseramento', 'tesserato dal', 'tessera valida dal', 'data emissione tessera', 'card start'], 'date'),
  col('cardExpiresOn', 'Scadenza tessera federale', 'card.expiresOn', ['scadenza tessera ente', 'scadenza tessera', 'data scadenza tessera', 'tessera valida fino al', 'card expiry'], 'date'),
  col('registerNumber', 'Numero libro soci', 'register.number', ['n libro soci', 'libro soci n', 'numero registro soci', 'n registro soci', 'numero socio', 'n socio', 'socio n', 'register number'], 'text'),
  col('registerAdmittedOn', 'Data ammissione libro soci', 'register.admittedOn', ['ammissione libro soci', 'data ammissione socio', 'data ammissione', 'data di ammissione', 'ammesso il', 'socio dal', 'admission date'], 'date'),
  col('registerBoardDecision', 'Delibera di ammissione', 'register.boardDecision', ['delibera', 'delibera ammissione', 'verbale di ammissione', 'verbale', 'board decision'], 'text'),
  col('registerBoardDecisionOn', 'Data delibera', 'register.boardDecisionOn', ['data della delibera', 'data delibera ammissione', 'data verbale', 'board decision date'], 'date'),
  col('registerQuota', 'Quota', 'register.quota', ['quota associativa', 'quota sociale', 'quota annuale', 'quota socio', 'importo quota', 'quota versata', 'quota euro', 'membership fee'], 'text'),
];

/**
 * A minor's parents as real files carry them (issue 36 point 1): a full name, an e-mail and a mobile for one or two
 * parents, no tax code. Each becomes a guardian of the row's person (docs/api/families.md): a person of the registry
 * found again by name with the same e-mail or phone, or a new one. `Genitore` alone still feeds the profile's
 * Rappresentante legale, as it always did.
 */
export const GUARDIAN_COLUMNS: readonly ImportColumn[] = [1, 2].flatMap((n) => {
  const suffix = n === 1 ? '' : ' 2';
  const alt = (names: string[]) => (n === 1 ? names.flatMap((h) => [h, `${h} 1`]) : names.flatMap((h) => [`${h} 2`, h.replace('genitore', 'secondo genitore')]));
  return [
    col(`guardian${n}Name`, `Nome e cognome genitore${suffix}`, `guardian${n}.name`, alt(['nome cognome genitore', 'nominativo genitore', 'genitore nome e cognome', 'cognome e nome genitore', 'nome del genitore', 'genitore tutore']), 'text'),
    col(`guardian${n}Email`, `Email genitore${suffix}`, `guardian${n}.emailPrimary`, alt(['e-mail genitore', 'mail genitore', 'email del genitore', 'indirizzo email genitore']), 'text'),
    col(`guardian${n}Phone`, `Cellulare genitore${suffix}`, `guardian${n}.phonePrimary`, alt(['telefono genitore', 'cell genitore', 'tel genitore', 'recapito genitore', 'cellulare del genitore']), 'text'),
  ];
});

/** A column key the mapping accepts for a kind (its own columns, and the birth province). */
export const mappableColumn = (kind: PersonKindKey, key: string): ImportColumn | null =>
  importColumns(kind).find((c) => c.key === key) ??
  (key === BIRTH_PROVINCE_COLUMN.key ? BIRTH_PROVINCE_COLUMN : (SEASON_COLUMNS.find((c) => c.key === key) ?? GUARDIAN_COLUMNS.find((c) => c.key === key) ?? null));

/** Every column a kind's file may feed, as the mapping offers them: the kind's own, the birth province, cards and register. */
export const mappableColumns = (kind: PersonKindKey): readonly ImportColumn[] => [...importColumns(kind), BIRTH_PROVINCE_COLUMN, ...SEASON_COLUMNS, ...GUARDIAN_COLUMNS];

/** Every header and synonym of every kind, normalized: how a header row is told from a title row above it. */
let knownHeaders: Set<string> | null = null;
export function isKnownHeader(header: string): boolean {
  knownHeaders ??= new Set(
    (Object.keys(DETAIL_COLUMNS) as PersonKindKey[]).flatMap((kind) => mappableColumns(kind).flatMap((c) => [c.header, c.key, ...c.synonyms].map(normalizeHeader))),
  );
  const wanted = normalizeHeader(header);
  return !!wanted && knownHeaders.has(wanted);
}

/** Known headers a row needs to be the header row (a title row above it names at most one by chance). */
export const HEADER_ROW_MIN_KNOWN = 2;
/** Rows from the top searched for the header row. */
export const HEADER_ROW_SEARCH = 20;

/**
 * What a kind's file needs, said the same way by the template, the import page and docs/api/import.md: the three
 * mandatory columns, and for the kinds whose form requires it the sex, which a valid tax code carries.
 */
export function requiredColumnsText(kind: PersonKindKey): string {
  const mandatory = importColumns(kind).filter((c) => c.mandatory).map((c) => c.header).join(', ');
  const gender = PERSON_KIND_INFO[kind].genderRequired
    ? ` Serve anche il sesso (colonna Sesso: M o F): se la colonna manca o la cella è vuota, viene ricavato dal codice fiscale.`
    : '';
  return `Colonne obbligatorie: ${mandatory}.${gender}`;
}

/** The template of a kind: its headers, separated by `;` (what Italian Excel opens as columns), with a BOM for Excel. */
export function csvTemplate(kind: PersonKindKey): string {
  return `\uFEFF${importColumns(kind).map((c) => c.header).join(';')}\r\n`;
}

export const templateFileName = (kind: PersonKindKey) => `${kind}_template.csv`;

/** How existing people (matched by tax code within the club) are treated. */
export const IMPORT_MODES = ['only_new', 'fill_empty', 'overwrite'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const DEFAULT_IMPORT_MODE: ImportMode = 'fill_empty';
export const IMPORT_MODE_LABELS: Record<ImportMode, string> = {
  only_new: 'Solo nuovi: le persone già presenti non vengono toccate',
  fill_empty: 'Completa i campi vuoti: dei presenti si riempiono solo i campi ancora vuoti',
  overwrite: 'Sovrascrivi: dei presenti si aggiornano tutti i campi compilati nel file',
};

/** What a row of the file becomes. */
export const IMPORT_ROW_STATUSES = ['new', 'updated', 'unchanged', 'invalid'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const IMPORT_FORMATS = ['csv', 'xls', 'xlsx', 'ods'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface ImportLimits {
  maxBytes: number;
  /** Heap of the worker thread that parses a workbook (MB): a file that needs more is refused, the server lives on. */
  workerHeapMb?: number;
  /** People written (or undone) per committed slice on PGlite (server/modules/imports/import-commit.ts). */
  sliceRows?: number;
  maxRows: number;
  maxZipEntries: number;
  maxUncompressedBytes: number;
  maxErrorsShown: number;
}

/** The import's own upload limit (only /import and importPeople accept files this large). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** Limits, checked before a file is inflated or parsed (see server/modules/imports/read-import-file.ts). */
export const IMPORT_LIMITS: Readonly<ImportLimits> = {
  /**
   * Bytes of the file: larger than the other uploads' limit (UPLOAD_MAX_BYTES, avatars and documents), since
   * 100,000 rows of CSV take about 15 MB; both faces refuse more before reading it all.
   */
  maxBytes: IMPORT_MAX_BYTES,
  workerHeapMb: 1024,
  /** Data rows (the header row and blank rows not counted). */
  maxRows: 100_000,
  /** xlsx: entries of the zip, read from its central directory. */
  maxZipEntries: 1_000,
  /** xlsx: uncompressed size of every entry together, as the central directory declares it. */
  maxUncompressedBytes: 200 * 1024 * 1024,
  /** Row errors an answer lists and a run keeps (the counts are always complete). */
  maxErrorsShown: 1_000,
};

/** "dal numero 11": with the noun there is no article to elide before 8, 11, 80... ("dall'11"). */
const fromNumber = (n: number | null) => (n ? ` dal numero ${n}` : '');

/** The Italian messages of the import (spec §5, §8 word for word where it has them; the product's own otherwise). */
export const IMPORT_MSG = {
  noFile: 'Selezionare un file da importare',
  templateDownloaded: 'Template scaricato',
  imported: 'I tuoi dati sono stati importati con successo',
  preview: 'Anteprima pronta: nessun dato è stato ancora salvato.',
  emptyFile: 'Il file è vuoto.',
  headersOnly: 'Il file contiene solo la riga di intestazione: nessuna persona da importare.',
  missingColumns: (headers: readonly string[]) => `Mancano le colonne obbligatorie: ${headers.join(', ')}.`,
  tooLarge: `Il file supera la dimensione massima per l'importazione (${IMPORT_MAX_BYTES / 1024 / 1024} MB).`,
  tooManyRows: (max: number) => `Il file contiene più di ${max.toLocaleString('it-IT')} righe: dividilo in più file.`,
  zipBomb: 'Il file Excel è troppo grande una volta decompresso o contiene troppi elementi: non viene letto.',
  unsupportedFormat: 'Formato del file non supportato: sono ammessi CSV, XLS, XLSX e ODS.',
  corruptWorkbook: 'Il file Excel è danneggiato o non leggibile.',
  unreadableText: 'Il file CSV non è leggibile: salvalo come CSV UTF-8 o CSV (separato da punto e virgola).',
  invalidRows: (count: number) =>
    `Importazione non eseguita: ${count === 1 ? '1 riga non è valida' : `${count} righe non sono valide`}. Correggi il file e riprova: nessun dato è stato salvato.`,
  duplicateInFile: (row: number) => `Codice fiscale ripetuto: compare già alla riga ${row} del file.`,
  archivedRole: MSG.roleArchivedExists,
  modeInvalid: 'Modalità di importazione non valida.',
  concurrent: "Nel frattempo un'altra importazione o un salvataggio ha registrato alcune di queste persone: nessun dato è stato salvato, ripeti l'importazione.",
  kindInvalid: MSG.kindInvalid,
  dryRunInvalid: 'dry_run deve valere 0 oppure 1.',
  workbookTooHeavy: 'Il file Excel richiede troppa memoria per essere letto: salvalo come CSV o dividilo in più file.',
  csvTooHeavy: 'Il file CSV richiede troppa memoria per essere letto: dividilo in più file.',
  mappingInvalid: 'Abbinamento delle colonne non valido: atteso un elenco di {header, key}.',
  mappingUnknownKey: (key: string) => `Colonna di destinazione sconosciuta: «${key}».`,
  mappingUnknownHeader: (header: string) => `La colonna «${header}» non è presente nel file.`,
  mappingDuplicateKey: (header: string) => `La colonna di destinazione «${header}» è assegnata a più colonne del file.`,
  unknownGroup: (name: string, kindPlural: string) => `Gruppo «${name}» non trovato tra i gruppi di ${kindPlural} della società.`,
  groupsDenied: 'Non hai i permessi per assegnare le persone ai gruppi: togli la colonna Gruppi o ignorala.',
  undone: (removed: number, restored: number, skipped: number) =>
    `Importazione annullata: ${removed} ${removed === 1 ? 'inserimento rimosso' : 'inserimenti rimossi'}, ${restored} ${restored === 1 ? 'persona ripristinata' : 'persone ripristinate'}` +
    (skipped ? `, ${skipped} ${skipped === 1 ? 'persona lasciata' : 'persone lasciate'} com'era perché modificata dopo l'importazione.` : '.'),
  // What the import tidied or skipped, said in the preview and the answer (issue 35 point 4).
  genderFromTaxCode: (rows: number) => `Sesso ricavato dal codice fiscale per ${rows === 1 ? '1 riga' : `${rows} righe`}.`,
  headerLineInvalid: `Riga di intestazione non valida: scegli una delle prime ${HEADER_ROW_SEARCH} righe non vuote del file.`,
  headerChosen: (headerLine: number) =>
    `Intestazione scelta alla riga ${headerLine}${headerLine === 1 ? '' : headerLine === 2 ? ': la riga 1 sopra è stata ignorata' : `: le righe da 1 a ${headerLine - 1} sopra sono state ignorate`}.`,
  titleRows: (headerLine: number) =>
    `Intestazione trovata alla riga ${headerLine}: ${headerLine === 2 ? 'la riga 1 sopra è stata ignorata' : `le righe da 1 a ${headerLine - 1} sopra sono state ignorate`}.`,
  skippedRows: (lines: readonly number[]) =>
    `${lines.length === 1 ? `Riga ${lines[0]} ignorata` : `Righe ${lines.join(', ')} ignorate`}: totali o righe riassuntive dopo i dati.`,
  blankRows: (rows: number) => `${rows === 1 ? '1 riga vuota ignorata' : `${rows} righe vuote ignorate`}.`,
  namesTidied: (rows: number) =>
    `Nomi scritti tutti in maiuscolo riportati in maiuscolo e minuscolo per ${rows === 1 ? '1 riga' : `${rows} righe`} (es. «D'ANGELO» diventa «D'Angelo»).`,
  postalCodesPadded: (rows: number) => `CAP completati con gli zeri iniziali per ${rows === 1 ? '1 riga' : `${rows} righe`} (es. «184» diventa «00184»).`,
  secondColumn: (header: string, first: string) => `La colonna «${header}» completa «${first}» dove questa è vuota.`,
  validOnlyImported: (imported: number, invalid: number) =>
    `Importate le righe valide (${imported}); ${invalid === 1 ? '1 riga non valida è rimasta' : `${invalid} righe non valide sono rimaste`} fuori: correggile nel file degli errori e importalo di nuovo.`,
  validOnlyInvalid: 'Scelta non valida: valid_only deve valere 0 oppure 1.',
  tidyNamesInvalid: 'Scelta non valida: tidy_names deve valere 0 oppure 1.',
  // Cards and the libro soci of the import's season (issue 35 point 4).
  seasonNotFound: 'Stagione non trovata: scegline una della società.',
  cardHeldBy: (body: string, number: string, name: string) => `La tessera ${body} n. ${number} di questa stagione è già di ${name}.`,
  cardRepeated: (row: number) => `Tessera ripetuta: compare già alla riga ${row} del file.`,
  registerNumberHeldBy: (number: number, name: string) => `Il numero ${number} del libro soci è già di ${name}.`,
  registerNumberRepeated: (row: number) => `Numero del libro soci ripetuto: compare già alla riga ${row} del file.`,
  registerNumberKept: (stored: number, given: number) =>
    `È già nel libro soci con il numero ${stored}: un'importazione non cambia il numero (nel file ${given}).`,
  quotaWithoutMember: "Per registrare la quota la persona deve essere nel libro soci: indica la data di ammissione (e il numero, se ce l'ha).",
  cardsPlanned: (label: string, created: number, updated: number) =>
    `Tessere della stagione ${label}: ${created === 1 ? '1 nuova' : `${created} nuove`}, ${updated === 1 ? '1 aggiornata' : `${updated} aggiornate`}.`,
  membersPlanned: (admitted: number, given: number, next: number, firstNext: number | null) =>
    `Libro soci: ${admitted === 1 ? '1 nuovo socio' : `${admitted} nuovi soci`}` +
    (given ? ` (${given} con il numero del file` + (next ? `, ${next} con i numeri successivi${fromNumber(firstNext)})` : ')') : next ? `, con i numeri successivi${fromNumber(firstNext)}` : '') +
    '.',
  renewalsPlanned: (label: string, created: number, updated: number) =>
    `Quote della stagione ${label}: ${created === 1 ? '1 rinnovo registrato' : `${created} rinnovi registrati`}, ${updated === 1 ? '1 quota aggiornata' : `${updated} quote aggiornate`}.`,
  // Parents of the rows' people (issue 36 point 1).
  guardianNameRequired: 'Indica nome e cognome del genitore (almeno due parole) per registrarne email o cellulare.',
  guardiansPlanned: (linked: number, created: number) =>
    `Genitori: ${linked === 1 ? '1 collegamento nuovo' : `${linked} collegamenti nuovi`}, ${created === 1 ? '1 persona nuova in anagrafica' : `${created} persone nuove in anagrafica`} (senza codice fiscale).`,
  undoNotFound: 'Importazione non trovata.',
  undoAlready: 'Questa importazione è già stata annullata.',
  undoInProgress: "L'annullamento di questa importazione è già in corso.",
  abandoned: 'Interrotta: nessun dato salvato.',
  undoWhileWriting: 'Questa importazione è ancora in corso: potrà essere annullata quando sarà completata.',
  undoNotCompleted: "Solo un'importazione completata può essere annullata: questa non ha salvato nessun dato.",
  undoNothing: 'Questa importazione non ha modificato nessun dato: non c\'è nulla da annullare.',
  undoTimeout:
    "L'annullamento ha richiesto più tempo del limite ed è stato interrotto: nessun dato è stato modificato e l'importazione resta com'era. Riprova tra qualche minuto, quando il server è meno occupato.",
  writeTimeout:
    "Il salvataggio dell'importazione ha richiesto più tempo del limite ed è stato interrotto: nessun dato è stato salvato. Riprova tra qualche minuto o dividi il file in più parti.",
  undoExpired: `L'importazione non può più essere annullata: è possibile entro ${IMPORT_UNDO_DAYS} giorni.`,
  undoSkippedEdited: "Modificata dopo l'importazione: lasciata com'è.",
  undoSkippedLinked: "Ha altri ruoli, gruppi, documenti o rinnovi nel libro soci aggiunti dopo l'importazione: lasciata com'è.",
} as const;

/** The kind's Italian plural, for messages and file names shown to the user. */
export const importKindLabel = (kind: PersonKindKey) => PERSON_KIND_INFO[kind].plural;
