// The signed registration as evidence (issue 36 point 3): the canonical text that is signed (its SHA-256 is the
// signature's hash) and the PDF that shows the form as filled in, with an audit page that prints the signature's
// data, the hash and the signed text itself, so anyone can recompute the hash from the page or check it online.
// Pure: the service reads the rows and stores the result.
import { createHash } from 'node:crypto';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { CONSENT_PURPOSE_LABELS, type ConsentPurpose } from '../../../schema/validation/consents';
import {
  REGISTRATION_DOCUMENT_LABELS,
  REGISTRATION_FIELD_LABELS,
  REGISTRATION_FIELDS,
  type RegistrationDocumentKind,
  type RegistrationFormSettings,
  type RegistrationSubmissionInput,
} from '../../../schema/validation/registrations';
import { renderPdf } from '../../lib/pdf';

/** What is signed: the form as the parent saw it, what they sent, the documents' fingerprints, who, when, from where. */
export interface SignedRegistration {
  club: string;
  form: { id: string; title: string; season: string };
  notice: { version: number; title: string };
  questions: RegistrationFormSettings['questions'];
  content: Omit<RegistrationSubmissionInput, 'website'>;
  documents: Array<{ personIndex: number; kind: RegistrationDocumentKind; filename: string; sha256: string }>;
  signer: { name: string; email: string };
  signedAt: string;
  ip: string | null;
  userAgent: string | null;
}

/** JSON with object keys sorted at every depth: the same data always gives the same text, so the same hash. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The signed text and its hash. */
export function signedText(signed: SignedRegistration): { text: string; hash: string } {
  const text = canonicalJson(signed);
  return { text, hash: sha256(text) };
}

/** The public page where a signature's hash is checked. */
export const verificationPath = (hash: string) => `/verifica-firma/${hash}`;

const ROME = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'long', timeStyle: 'medium' });
const day = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
const HEADING = '#1a365d';

function answerText(answer: string | boolean | undefined): string {
  if (answer === undefined || answer === '') return '—';
  return typeof answer === 'boolean' ? (answer ? 'Sì' : 'No') : answer;
}

function personBlock(signed: SignedRegistration, index: number): Content[] {
  const p = signed.content.people[index];
  const rows: Array<[string, string]> = [
    ['Nome e cognome', `${p.firstname} ${p.lastname}`],
    ['Codice fiscale', p.taxIdCode],
  ];
  for (const field of REGISTRATION_FIELDS) {
    const value = p[field];
    if (!value) continue;
    const text = typeof value === 'string' ? value : [value.address, value.streetNumber, value.postalCode, value.city, value.province && `(${value.province})`].filter(Boolean).join(' ');
    rows.push([REGISTRATION_FIELD_LABELS[field], text]);
  }
  for (const q of signed.questions) rows.push([q.label, answerText(p.answers[q.id])]);
  const certificate = p.certificate as { type?: string; issuedOn?: string; expiresOn?: string } | undefined;
  if (certificate?.expiresOn) rows.push(['Certificato medico', `${certificate.type ?? ''} rilasciato il ${day(certificate.issuedOn ?? '')}, scade il ${day(certificate.expiresOn)}`]);
  for (const d of signed.documents.filter((doc) => doc.personIndex === index)) rows.push([REGISTRATION_DOCUMENT_LABELS[d.kind], `${d.filename} (SHA-256 ${d.sha256})`]);
  return [
    { text: signed.content.self ? 'Persona iscritta' : `Figlio/a ${index + 1}`, style: 'h2' },
    { table: { widths: [150, '*'], body: rows.map(([k, v]) => [{ text: k, bold: true }, v]) }, layout: 'lightHorizontalLines' },
  ];
}

/** The PDF's layout: the form as filled in, the consents, the signature, then the audit page. */
export function registrationPdfDefinition(signed: SignedRegistration, hash: string, text: string, publicUrl: string): TDocumentDefinitions {
  const r = signed.content.registrant;
  const consents = Object.entries(signed.content.consents).map(([purpose, granted]) => [CONSENT_PURPOSE_LABELS[purpose as ConsentPurpose] ?? purpose, granted ? 'Consenso dato' : 'Consenso negato']);
  const signedAt = ROME.format(new Date(signed.signedAt));
  return {
    info: { title: `Iscrizione firmata · ${signed.form.title}`, author: signed.club, subject: `SHA-256 ${hash}` },
    pageSize: 'A4',
    pageMargins: [40, 50, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: 9.5 },
    footer: (page, pages) => ({ text: `${signed.club} · iscrizione firmata · pagina ${page} di ${pages}`, alignment: 'center', fontSize: 7.5, color: '#555' }),
    content: [
      { text: signed.club, style: 'h1' },
      { text: `${signed.form.title} · stagione ${signed.form.season}`, margin: [0, 0, 0, 10] },
      { text: signed.content.self ? 'Chi si iscrive' : 'Genitore o tutore che iscrive', style: 'h2' },
      {
        table: {
          widths: [150, '*'],
          body: [
            ['Nome e cognome', `${r.firstname} ${r.lastname}`],
            ['Codice fiscale', r.taxIdCode],
            ['Email', r.email],
            ['Cellulare', r.phonePrimary ?? '—'],
            ...(signed.content.self ? [] : [['Legame', r.relationship === 'tutore' ? 'Tutore' : 'Genitore']]),
          ].map(([k, v]) => [{ text: k, bold: true }, v]),
        },
        layout: 'lightHorizontalLines',
      },
      ...signed.content.people.flatMap((_, i) => personBlock(signed, i)),
      { text: 'Informativa privacy e consensi', style: 'h2' },
      { text: `Dichiaro di aver letto l'informativa privacy «${signed.notice.title}» (versione ${signed.notice.version}).`, margin: [0, 0, 0, 4] },
      { table: { widths: [150, '*'], body: consents.map(([k, v]) => [{ text: k, bold: true }, v]) }, layout: 'lightHorizontalLines' },
      { text: 'Firma', style: 'h2' },
      { text: `Firmato elettronicamente da ${signed.signer.name} il ${signedAt}, con il codice monouso inviato a ${signed.signer.email}.` },
      { text: 'Pagina di verifica', style: 'h1', pageBreak: 'before' },
      {
        table: {
          widths: [150, '*'],
          body: [
            ['Tipo di firma', 'Firma elettronica semplice: nome digitato e codice monouso inviato per email'],
            ['Firmatario', signed.signer.name],
            ['Email del codice', signed.signer.email],
            ['Data e ora', `${signedAt} (${signed.signedAt})`],
            ['Indirizzo IP', signed.ip ?? 'non disponibile'],
            ['Browser', signed.userAgent ?? 'non disponibile'],
            ['Impronta SHA-256', { text: hash, style: 'mono' }],
            ['Verifica online', `${publicUrl}${verificationPath(hash)}`],
          ].map(([k, v]) => [{ text: k as string, bold: true }, v]),
        },
        layout: 'lightHorizontalLines',
      },
      {
        text: "L'impronta è lo SHA-256 del testo firmato riportato qui sotto (UTF-8, senza spazi aggiunti): chiunque può ricalcolarla e confrontarla, oppure aprire l'indirizzo di verifica.",
        margin: [0, 8, 0, 4],
      },
      { text: 'Testo firmato', style: 'h2' },
      { text, style: 'mono' },
    ],
    styles: {
      h1: { fontSize: 15, bold: true, color: HEADING, margin: [0, 0, 0, 4] },
      h2: { fontSize: 11.5, bold: true, color: HEADING, margin: [0, 12, 0, 4] },
      mono: { fontSize: 7, characterSpacing: 0 },
    },
  };
}

export const renderRegistrationPdf = (signed: SignedRegistration, hash: string, text: string, publicUrl: string) => renderPdf(registrationPdfDefinition(signed, hash, text, publicUrl));
