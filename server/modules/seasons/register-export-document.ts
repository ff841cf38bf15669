// The libro soci as a legal document (issue 35 point 2): what the PDF and the XLSX hold, and the PDF's layout with
// pdfmake (Roboto embedded, so accents and the euro sign come out exactly). Pure: the service reads the rows, the
// worker (register-export-worker.ts) lays the PDF out off the main thread.
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { renderPdf } from '../../lib/pdf';

/** The club as the register's heading names it. */
export interface RegisterClub {
  name: string;
  /** "C.F. 91234560123 · P.IVA 01234560123", or null when the club has neither. */
  taxIds: string | null;
  /** The seat (sede legale, else the club's seat) on one line, or null. */
  seat: string | null;
}

/** One entry of the register, dates as YYYY-MM-DD. */
export interface RegisterRow {
  number: number;
  name: string;
  taxCode: string;
  admittedOn: string;
  boardDecision: string | null;
  boardDecisionOn: string | null;
  exitOn: string | null;
  exitCause: string | null;
}

export interface RegisterDocument {
  club: RegisterClub;
  /** "stagione 2026/27" or "dall'origine". */
  scope: string;
  /** The day the document was produced, YYYY-MM-DD. */
  producedOn: string;
  rows: RegisterRow[];
}

export const REGISTER_TITLE = 'Libro soci';

export const REGISTER_COLUMNS = ['Numero', 'Cognome e nome', 'Codice fiscale', 'Data di ammissione', 'Delibera', "Data di uscita", "Causa di uscita"] as const;

const EXIT_CAUSES: Record<string, string> = { recesso: 'Recesso', decadenza: 'Decadenza', esclusione: 'Esclusione', decesso: 'Decesso' };

/** gg/mm/aaaa of a YYYY-MM-DD day. */
export const italianDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

export const exitCauseLabel = (cause: string | null) => (cause ? (EXIT_CAUSES[cause] ?? cause) : '');

/** "Verbale n. 3 del 28/09/2026", the text or the date alone, or empty. */
export function boardDecisionText(row: Pick<RegisterRow, 'boardDecision' | 'boardDecisionOn'>): string {
  const on = row.boardDecisionOn ? italianDay(row.boardDecisionOn) : '';
  if (row.boardDecision && on) return `${row.boardDecision} del ${on}`;
  return row.boardDecision ?? (on ? `Delibera del ${on}` : '');
}

const HEADING_COLOR = '#1a365d';

function tableBody(rows: readonly RegisterRow[]): Content[][] {
  const head = ['N.', 'Cognome e nome', 'Codice fiscale', 'Ammissione', 'Delibera', 'Uscita'].map((text) => ({ text, style: 'th' }));
  return [
    head,
    ...rows.map((r) => [
      { text: String(r.number), alignment: 'right' as const },
      r.name,
      { text: r.taxCode, style: 'mono' },
      italianDay(r.admittedOn),
      boardDecisionText(r),
      r.exitOn ? `${italianDay(r.exitOn)} · ${exitCauseLabel(r.exitCause)}` : '',
    ]),
  ];
}

/** The PDF: A4 landscape; each page names the club and says "Pagina n di N"; the table's heading repeats. */
export function registerPdfDefinition(doc: RegisterDocument): TDocumentDefinitions {
  const details = [doc.club.taxIds, doc.club.seat].filter(Boolean).join(' · ');
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [36, 48, 36, 44],
    info: { title: `${REGISTER_TITLE} ${doc.scope} - ${doc.club.name}`, author: doc.club.name, creator: 'CampoBase' },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    header: (currentPage) =>
      currentPage === 1 ? null : { text: `${doc.club.name} · ${REGISTER_TITLE} ${doc.scope}`, margin: [36, 20, 36, 0], fontSize: 8, color: '#555555' },
    footer: (currentPage, pageCount) => ({
      columns: [
        { text: `Prodotto il ${italianDay(doc.producedOn)}`, fontSize: 8, color: '#555555' },
        { text: `Pagina ${currentPage} di ${pageCount}`, alignment: 'right', fontSize: 8 },
      ],
      margin: [36, 12, 36, 0],
    }),
    content: [
      { text: doc.club.name, style: 'club' },
      ...(details ? [{ text: details, margin: [0, 2, 0, 0] as [number, number, number, number] }] : []),
      { text: `${REGISTER_TITLE} ${doc.scope}`, style: 'title' },
      { text: doc.rows.length === 1 ? '1 socio' : `${doc.rows.length} soci`, margin: [0, 0, 0, 8], color: '#555555' },
      doc.rows.length
        ? {
            table: { headerRows: 1, widths: [32, '*', 110, 62, '*', 110], body: tableBody(doc.rows) },
            layout: { hLineWidth: (i) => (i <= 1 ? 0.8 : 0.3), vLineWidth: () => 0, hLineColor: () => '#999999', paddingTop: () => 3, paddingBottom: () => 3 },
          }
        : { text: 'Nessun socio nel libro soci per questo periodo.', italics: true },
    ],
    styles: {
      club: { fontSize: 14, bold: true, color: HEADING_COLOR },
      title: { fontSize: 16, bold: true, margin: [0, 12, 0, 2] },
      th: { bold: true, fontSize: 8.5, color: HEADING_COLOR },
      mono: { fontSize: 8.5 },
    },
  };
}

/** The PDF's bytes. CPU-bound for seconds on thousands of rows: call it in the worker, not on a request's thread. */
export async function renderRegisterPdf(doc: RegisterDocument): Promise<Buffer> {
  return renderPdf(registerPdfDefinition(doc));
}
