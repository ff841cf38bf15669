// "Download all my data" (issue 36 point 4; GDPR article 15, access, and article 20, portability): everything the
// club holds about one person of the family, as JSON (machine-readable) and as a readable PDF with the same content.
// Files (certificates, documents) are listed with their names and sizes, not embedded. The access log part answers
// article 15's "who received the data": who at the club read or changed it, most recent first.
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { PERSON_KIND_INFO } from '../../../schema/constants';
import { CERTIFICATE_TYPE_RULES } from '../../../schema/medical-certificates';
import { CONSENT_PURPOSE_LABELS } from '../../../schema/validation/consents';
import { familyDoor } from '../../access/cross-club';
import { logFamilyHealthRead } from '../../access/health-data';
import { logExport } from '../../access/access-log';
import { FAMILY_RELATION_LABELS } from '../../access/permissions';
import type { RequestContext } from '../../context';
import { isUuid } from '../../lib/club-rows';
import { dayOf } from '../../lib/date-columns';
import { NotFoundError } from '../../lib/errors';
import { renderPdf } from '../../lib/pdf';
import { changesOf } from './family-area.service';

/** The access log lines included, most recent first. */
const ACCESS_LOG_MAX = 1000;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Everything about the person, as one JSON-ready object. */
async function collect(ctx: RequestContext, personId: unknown) {
  const member = await familyDoor(ctx, personId, 'family.export');
  const { db, clubId } = member;
  const p = await db.person.findFirstOrThrow({
    where: { clubId, id: member.personId },
    include: {
      club: { select: { fullName: true } },
      address: true,
      roles: { include: { groups: { include: { group: { select: { name: true } } } } }, orderBy: { createdAt: 'asc' } },
      registerMemberships: { include: { seasons: { include: { season: { select: { label: true } } } } }, orderBy: { admittedOn: 'asc' } },
      cards: { include: { season: { select: { label: true } } }, orderBy: { startsOn: 'asc' } },
      medicalCertificates: { include: { file: { select: { filename: true, size: true } } }, orderBy: { expiresOn: 'asc' } },
      certificateSubmissions: { include: { file: { select: { filename: true, size: true } } }, orderBy: { createdAt: 'asc' } },
      changeRequests: { orderBy: { createdAt: 'asc' } },
      guardians: { include: { guardian: { select: { firstname: true, lastname: true, emailPrimary: true, phonePrimary: true } } } },
      guardianOf: { include: { minor: { select: { firstname: true, lastname: true } } } },
      consents: { include: { notice: { select: { version: true, title: true } } }, orderBy: { createdAt: 'asc' } },
    },
  });
  const [registrations, accessLog, notices, channelMessages] = await Promise.all([
    db.registrationSubmission.findMany({
      where: { clubId, personIds: { has: p.id } },
      select: { status: true, signedAt: true, signerName: true, contentHash: true, decidedAt: true, form: { select: { title: true } } },
      orderBy: { createdAt: 'asc' },
    }),
    db.accessLogEntry.findMany({
      where: { clubId, personId: p.id },
      select: { at: true, actorName: true, action: true, detail: true },
      orderBy: [{ at: 'desc' }, { id: 'desc' }],
      take: ACCESS_LOG_MAX,
    }),
    // Notices received by the person, or by a guardian for them (issue 39 point 5).
    db.noticeRecipient.findMany({
      where: { clubId, OR: [{ personId: p.id }, { forPersonIds: { has: p.id } }], notice: { sentAt: { not: null }, cancelledAt: null } },
      select: { emailedAt: true, openedAt: true, confirmedAt: true, email: true, person: { select: { firstname: true, lastname: true } }, notice: { select: { title: true, body: true, urgent: true, sentAt: true } } },
      orderBy: [{ notice: { sentAt: 'asc' } }, { id: 'asc' }],
    }),
    // What the person wrote in their groups' channels (issue 39 point 4), hidden ones included.
    db.groupMessage.findMany({
      where: { clubId, authorPersonId: p.id },
      select: { body: true, createdAt: true, hiddenAt: true, group: { select: { name: true } } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    }),
  ]);
  if (p.medicalCertificates.length) logFamilyHealthRead(ctx, clubId, p.id, 'Area personale: download dei dati');
  logExport(ctx, { entityType: 'person', entityId: p.id, personId: p.id, entityLabel: `${p.firstname} ${p.lastname}`, detail: "Download dei dati dall'area personale (GDPR art. 15 e 20)" }, clubId);
  const data = {
    generatedAt: ctx.deps.now().toISOString(),
    club: p.club.fullName,
    requestedAs: FAMILY_RELATION_LABELS[member.relation],
    person: {
      firstname: p.firstname,
      secondname: p.secondname,
      lastname: p.lastname,
      nickname: p.nickname,
      taxIdCode: p.taxIdCode,
      gender: p.typeGenderId === 1 ? 'M' : p.typeGenderId === 2 ? 'F' : null,
      birthday: dayOf(p.birthday),
      birthplace: p.birthplace,
      birthNation: p.birthNation,
      nationality: p.nationality,
      emailPrimary: p.emailPrimary,
      emailSecondary: p.emailSecondary,
      phonePrimary: p.phonePrimary,
      phoneSecondary: p.phoneSecondary,
      address: p.address && { address: p.address.address, streetNumber: p.address.streetNumber, postalCode: p.address.postalCode, city: p.address.city, province: p.address.province, country: p.address.country },
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
    },
    roles: p.roles.map((r) => ({
      kind: PERSON_KIND_INFO[r.kind].singular,
      since: iso(r.createdAt),
      archivedAt: iso(r.archivedAt),
      groups: r.groups.map((g) => g.group.name),
    })),
    memberships: p.registerMemberships.map((m) => ({ number: m.number, admittedOn: dayOf(m.admittedOn), exitOn: dayOf(m.exitOn), seasons: m.seasons.map((s) => s.season.label) })),
    cards: p.cards.map((c) => ({ body: c.body, number: c.number, season: c.season.label, startsOn: dayOf(c.startsOn), expiresOn: dayOf(c.expiresOn) })),
    medicalCertificates: p.medicalCertificates.map((c) => ({
      type: c.type ? CERTIFICATE_TYPE_RULES[c.type].label : null,
      sport: c.sport,
      issuedOn: dayOf(c.issuedOn),
      expiresOn: dayOf(c.expiresOn),
      issuer: c.issuer,
      file: c.file && { name: c.file.filename, bytes: c.file.size },
    })),
    certificatesSent: p.certificateSubmissions.map((s) => ({ type: CERTIFICATE_TYPE_RULES[s.type].label, expiresOn: dayOf(s.expiresOn), status: s.status, reason: s.reason, sentAt: iso(s.createdAt), file: { name: s.file.filename, bytes: s.file.size } })),
    changeRequests: p.changeRequests.map((r) => ({ changes: changesOf(r.changes), status: r.status, reason: r.reason, requestedBy: r.requestedBy, requestedAt: iso(r.createdAt), decidedAt: iso(r.decidedAt) })),
    guardians: p.guardians.map((g) => ({ name: `${g.guardian.firstname} ${g.guardian.lastname}`, email: g.guardian.emailPrimary, phone: g.guardian.phonePrimary, relationship: g.relationship, canPickUp: g.canPickUp, receivesCommunications: g.receivesCommunications, pays: g.pays })),
    guardianOf: p.guardianOf.map((g) => ({ name: `${g.minor.firstname} ${g.minor.lastname}`, relationship: g.relationship })),
    consents: p.consents.map((c) => ({
      purpose: CONSENT_PURPOSE_LABELS[c.purpose],
      granted: c.granted,
      givenOn: dayOf(c.givenOn),
      notice: `v${c.notice.version} ${c.notice.title}`,
      byGuardian: c.givenById !== null && c.givenById !== p.id,
      withdrawnAt: iso(c.withdrawnAt),
    })),
    registrations: registrations.map((r) => ({ form: r.form.title, status: r.status, signedBy: r.signerName, signedAt: iso(r.signedAt), signatureHash: r.contentHash, decidedAt: iso(r.decidedAt) })),
    noticesReceived: notices.map((n) => ({
      title: n.notice.title,
      text: n.notice.body,
      urgent: n.notice.urgent,
      sentAt: iso(n.notice.sentAt),
      receivedBy: `${n.person.firstname} ${n.person.lastname}`,
      email: n.email,
      emailedAt: iso(n.emailedAt),
      openedAt: iso(n.openedAt),
      confirmedAt: iso(n.confirmedAt),
    })),
    channelMessages: channelMessages.map((m) => ({ group: m.group.name, text: m.body, writtenAt: iso(m.createdAt), hiddenByClubAt: iso(m.hiddenAt) })),
    accessLog: accessLog.map((a) => ({ at: iso(a.at), who: a.actorName, action: a.action, detail: a.detail })),
  };
  return data;
}

export type FamilyExport = Awaited<ReturnType<typeof collect>>;

const fileBase = (data: FamilyExport) => `dati-${data.person.lastname}-${data.person.firstname}`.toLowerCase().normalize('NFD').replace(/[^a-z0-9-]+/g, '-');

export async function familyExportJson(ctx: RequestContext, personId: unknown): Promise<{ filename: string; body: string }> {
  const data = await collect(ctx, personId);
  return { filename: `${fileBase(data)}.json`, body: JSON.stringify(data, null, 2) };
}

const LABELS: Record<string, string> = {
  firstname: 'Nome', secondname: 'Secondo nome', lastname: 'Cognome', nickname: 'Soprannome', taxIdCode: 'Codice fiscale', gender: 'Sesso',
  birthday: 'Data di nascita', birthplace: 'Luogo di nascita', birthNation: 'Nazione di nascita', nationality: 'Cittadinanza',
  emailPrimary: 'Email', emailSecondary: 'Email secondaria', phonePrimary: 'Cellulare', phoneSecondary: 'Altro telefono', createdAt: 'Registrato il', updatedAt: 'Ultima modifica',
};

const text = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Sì' : 'No';
  if (Array.isArray(v)) return v.map(text).join(', ');
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  return JSON.stringify(v);
};

/** A section: a heading and a table of rows (or a line saying there is nothing). */
function section(title: string, head: string[], rows: unknown[][]): Content[] {
  return [
    { text: title, style: 'h2' },
    rows.length
      ? { table: { headerRows: 1, widths: head.map(() => '*'), body: [head.map((h) => ({ text: h, bold: true })), ...rows.map((r) => r.map(text))] }, layout: 'lightHorizontalLines', fontSize: 9 }
      : { text: 'Nessun dato.', italics: true, color: '#555555' },
  ];
}

export async function familyExportPdf(ctx: RequestContext, personId: unknown): Promise<{ filename: string; body: Buffer }> {
  const d = await collect(ctx, personId);
  const { address, ...fields } = d.person;
  const definition: TDocumentDefinitions = {
    info: { title: `Dati di ${d.person.firstname} ${d.person.lastname} - ${d.club}` },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 40],
    styles: { h1: { fontSize: 16, bold: true, color: '#1a365d' }, h2: { fontSize: 12, bold: true, color: '#1a365d', margin: [0, 14, 0, 4] } },
    defaultStyle: { fontSize: 10 },
    content: [
      { text: `I dati di ${d.person.firstname} ${d.person.lastname}`, style: 'h1' },
      { text: `${d.club} · estratto il ${new Date(d.generatedAt).toLocaleString('it-IT', { timeZone: 'Europe/Rome' })} · richiesto come: ${d.requestedAs}`, margin: [0, 4, 0, 0] },
      { text: 'Copia dei dati personali conservati dalla società (art. 15 e 20 del Regolamento UE 2016/679). Lo stesso contenuto è disponibile in formato JSON.', fontSize: 9, color: '#555555', margin: [0, 4, 0, 0] },
      ...section('Dati anagrafici e contatti', ['Campo', 'Valore'], [
        ...Object.entries(fields).map(([k, v]) => [LABELS[k] ?? k, v]),
        ['Indirizzo', address ? [address.address, address.streetNumber, address.postalCode, address.city, address.province, address.country].filter(Boolean).join(' ') : null],
      ]),
      ...section('Ruoli e gruppi', ['Ruolo', 'Dal', 'Archiviato', 'Gruppi'], d.roles.map((r) => [r.kind, r.since?.slice(0, 10), r.archivedAt?.slice(0, 10), r.groups])),
      ...section('Libro soci', ['Numero', 'Ammissione', 'Uscita', 'Stagioni'], d.memberships.map((m) => [m.number, m.admittedOn, m.exitOn, m.seasons])),
      ...section('Tessere', ['Ente', 'Numero', 'Stagione', 'Scadenza'], d.cards.map((c) => [c.body, c.number, c.season, c.expiresOn])),
      ...section('Certificati medici', ['Tipo', 'Rilascio', 'Scadenza', 'Medico o centro', 'File'], d.medicalCertificates.map((c) => [c.type, c.issuedOn, c.expiresOn, c.issuer, c.file?.name])),
      ...section('Certificati inviati dall\'area personale', ['Tipo', 'Scadenza', 'Stato', 'Motivo', 'Inviato il'], d.certificatesSent.map((c) => [c.type, c.expiresOn, c.status, c.reason, c.sentAt?.slice(0, 10)])),
      ...section('Richieste di modifica', ['Modifiche', 'Stato', 'Da', 'Il'], d.changeRequests.map((r) => [r.changes.map((c) => `${c.field}: ${c.to ?? '—'}`), r.status, r.requestedBy, r.requestedAt?.slice(0, 10)])),
      ...section('Genitori e tutori', ['Nome', 'Relazione', 'Email', 'Telefono'], d.guardians.map((g) => [g.name, g.relationship, g.email, g.phone])),
      ...section('Minori di cui è genitore o tutore', ['Nome', 'Relazione'], d.guardianOf.map((g) => [g.name, g.relationship])),
      ...section('Consensi privacy', ['Finalità', 'Dato', 'Il', 'Informativa', 'Revocato'], d.consents.map((c) => [c.purpose, c.granted, c.givenOn, c.notice, c.withdrawnAt?.slice(0, 10)])),
      ...section('Iscrizioni online', ['Modulo', 'Stato', 'Firmata da', 'Il', 'Impronta (SHA-256)'], d.registrations.map((r) => [r.form, r.status, r.signedBy, r.signedAt?.slice(0, 10), r.signatureHash])),
      ...section('Avvisi ricevuti', ['Avviso', 'Inviato il', 'Ricevuto da', 'Letto', 'Confermato'], d.noticesReceived.map((n) => [`${n.urgent ? 'URGENTE: ' : ''}${n.title}`, n.sentAt?.slice(0, 10), n.receivedBy, n.openedAt?.slice(0, 10), n.confirmedAt?.slice(0, 10)])),
      ...section('Messaggi scritti nei canali dei gruppi', ['Gruppo', 'Il', 'Messaggio', 'Nascosto dalla società'], d.channelMessages.map((m) => [m.group, m.writtenAt?.slice(0, 16).replace('T', ' '), m.text, m.hiddenByClubAt?.slice(0, 10)])),
      ...section('Chi ha letto o modificato i dati (registro accessi)', ['Quando', 'Chi', 'Azione', 'Dettaglio'], d.accessLog.map((a) => [a.at?.slice(0, 16).replace('T', ' '), a.who, a.action, a.detail])),
    ],
  };
  return { filename: `${fileBase(d)}.pdf`, body: await renderPdf(definition) };
}

/** A signed registration of the person (approved), as the club keeps it: the personal area's shared documents. */
export async function familySignedRegistration(ctx: RequestContext, personId: unknown, submissionId: unknown): Promise<{ filename: string; body: Buffer }> {
  const { db, clubId, personId: id } = await familyDoor(ctx, personId, 'family.read');
  const submission = isUuid(submissionId)
    ? await db.registrationSubmission.findFirst({ where: { clubId, id: submissionId, status: 'approvata', personIds: { has: id } }, select: { pdfFileId: true } })
    : null;
  if (!submission?.pdfFileId) throw new NotFoundError();
  const file = await db.storedFile.findFirstOrThrow({ where: { clubId, id: submission.pdfFileId } });
  return { filename: file.filename, body: Buffer.from(file.content) };
}
