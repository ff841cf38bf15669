// The personal area's reads (issue 36 point 4): what a member or a guardian sees of each person of their family,
// through access/cross-club.ts familyDoor (the person's own club, and only the people the account reaches). The
// first screen reads the list alone; one person's page reads the rest. Certificates are health data: each read is
// logged in the club's access log as a staff member's would be.
import { clubDate } from '../../../schema/club-time';
import { PERSON_KIND_INFO, PERSON_KINDS, type PersonKindKey } from '../../../schema/constants';
import { CERTIFICATE_TYPE_RULES, certificateState, type CertificateState } from '../../../schema/medical-certificates';
import { CONSENT_PURPOSES, consentGiver, type ConsentPurpose } from '../../../schema/validation/consents';
import { familyClubs, familyDoor, type FamilyMember } from '../../access/cross-club';
import { logFamilyHealthRead } from '../../access/health-data';
import { CLUB_ROLE_LABELS, CLUB_ROLES, familyRelationAllows, roleAllows, type ClubRole, type FamilyRelation } from '../../access/permissions';
import type { RequestContext } from '../../context';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { dayOf } from '../../lib/date-columns';
import { consentStatus, currentNotice, type ConsentStatus } from '../families/consents.service';
import { statementOf } from '../fees/payments.service';

export interface FamilyAreaPerson {
  personId: string;
  clubId: string;
  clubName: string;
  relation: FamilyRelation;
  firstname: string;
  lastname: string;
  birthday: string | null;
  /** The latest certificate's state for an athlete (null for anyone else). */
  certificateState: CertificateState | null;
  certificateExpiresOn: string | null;
}

/** The people the account reaches, for the first screen: name, club, relation and the certificate's state. */
export async function familyArea(ctx: RequestContext): Promise<FamilyAreaPerson[]> {
  const today = clubDate(ctx.deps.now());
  const people: FamilyAreaPerson[] = [];
  for (const { clubId, members, db } of await familyClubs(ctx)) {
    const rows = await db.person.findMany({
      where: { clubId, id: { in: members.map((m) => m.personId) } },
      select: {
        id: true,
        firstname: true,
        lastname: true,
        birthday: true,
        club: { select: { fullName: true } },
        roles: { where: { kind: 'athlete', archivedAt: null }, select: { id: true } },
        medicalCertificates: { select: { expiresOn: true }, orderBy: { expiresOn: 'desc' }, take: 1 },
      },
    });
    for (const m of members) {
      const p = rows.find((r) => r.id === m.personId);
      if (!p) continue;
      const athlete = p.roles.length > 0;
      const expiresOn = dayOf(p.medicalCertificates[0]?.expiresOn);
      if (athlete) logFamilyHealthRead(ctx, clubId, p.id, 'Area personale: stato del certificato medico');
      people.push({
        personId: p.id,
        clubId,
        clubName: p.club.fullName,
        relation: m.relation,
        firstname: p.firstname,
        lastname: p.lastname,
        birthday: dayOf(p.birthday),
        certificateState: athlete ? certificateState(expiresOn, dayOf(p.birthday), today) : null,
        certificateExpiresOn: athlete ? expiresOn : null,
      });
    }
  }
  // Yourself first, then the children by name.
  return people.sort((a, b) => Number(a.relation === 'genitore') - Number(b.relation === 'genitore') || `${a.lastname} ${a.firstname}`.localeCompare(`${b.lastname} ${b.firstname}`, 'it'));
}

/** Who at the club may see the person's data, by role: the roles that may read one of the person's kinds. */
export interface VisibilityRow {
  role: ClubRole;
  roleLabel: string;
  /** Whether the role also sees health data (certificates). */
  health: boolean;
  /** The club's collaborators with that role who see this person (a coach: only of the person's groups). */
  names: string[];
}

async function visibility(db: PrismaClient, clubId: string, personId: string, kinds: PersonKindKey[]): Promise<VisibilityRow[]> {
  const [memberships, groups] = await Promise.all([
    db.membership.findMany({ where: { clubId }, select: { role: true, groupIds: true, account: { select: { email: true, profile: { select: { firstname: true, lastname: true } } } } } }),
    db.groupMember.findMany({ where: { clubId, role: { personId } }, select: { groupId: true } }),
  ]);
  const personGroups = new Set(groups.map((g) => g.groupId));
  return CLUB_ROLES.flatMap((role) => {
    const reads = kinds.filter((k) => roleAllows(role, `people.${k}.read`));
    if (!reads.length) return [];
    // A coach sees an athlete only in the groups they coach; the other kinds they read in full.
    const seenBy = (m: (typeof memberships)[number]) => role !== 'allenatore' || reads.some((k) => k !== 'athlete') || (m.groupIds ?? []).some((g) => personGroups.has(g));
    const names = memberships
      .filter((m) => m.role === role && seenBy(m))
      .map((m) => (m.account.profile ? `${m.account.profile.firstname} ${m.account.profile.lastname}`.trim() : '') || m.account.email)
      .sort((a, b) => a.localeCompare(b, 'it'));
    return [{ role, roleLabel: CLUB_ROLE_LABELS[role], health: kinds.includes('athlete') && roleAllows(role, 'health.read'), names }];
  });
}

export interface FamilyConsentState {
  purpose: ConsentPurpose;
  status: ConsentStatus;
  /** Who answers for this purpose today: the person, a guardian, or either. */
  giver: 'self' | 'guardian' | 'either';
  /** Whether this account may withdraw it now (given, and the relation answers for it). */
  canWithdraw: boolean;
  givenOn: string | null;
  /** When it was withdrawn (status revocato). */
  withdrawnOn: string | null;
  noticeVersion: number | null;
}

const mayAnswer = (relation: FamilyRelation, giver: 'self' | 'guardian' | 'either') =>
  giver === 'either' || (giver === 'self' ? relation !== 'genitore' : relation === 'genitore');

/** One person's page of the personal area; NotFoundError outside the family. */
export async function familyPerson(ctx: RequestContext, personId: unknown) {
  const member = await familyDoor(ctx, personId, 'family.read');
  const { db, clubId } = member;
  const today = clubDate(ctx.deps.now());
  const person = await db.person.findFirstOrThrow({
    where: { clubId, id: member.personId },
    include: {
      club: { select: { fullName: true } },
      address: true,
      roles: { where: { archivedAt: null }, select: { id: true, kind: true } },
      registerMemberships: { include: { seasons: { include: { season: { select: { label: true } } }, orderBy: { renewedOn: 'desc' } } }, orderBy: { admittedOn: 'desc' } },
      cards: { include: { season: { select: { label: true } } }, orderBy: [{ expiresOn: 'desc' }, { id: 'asc' }] },
      medicalCertificates: { orderBy: [{ expiresOn: 'desc' }, { createdAt: 'desc' }] },
      certificateSubmissions: { orderBy: { createdAt: 'desc' }, take: 20 },
      changeRequests: { orderBy: { createdAt: 'desc' }, take: 20 },
      guardians: { include: { guardian: { select: { firstname: true, lastname: true } } }, orderBy: { createdAt: 'asc' } },
      consents: { include: { notice: { select: { version: true } } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] },
    },
  });
  const kinds = [...new Set(person.roles.map((r) => r.kind))].filter((k) => PERSON_KINDS.includes(k));
  const athlete = kinds.includes('athlete');
  if (athlete) logFamilyHealthRead(ctx, clubId, person.id, 'Area personale: certificati medici');
  const [notice, documents, visible, fees, receipts] = await Promise.all([
    currentNotice(db, clubId),
    db.registrationSubmission.findMany({
      where: { clubId, status: 'approvata', personIds: { has: person.id }, pdfFileId: { not: null } },
      select: { id: true, signedAt: true, form: { select: { title: true } } },
      orderBy: { signedAt: 'desc' },
    }),
    visibility(db, clubId, person.id, kinds),
    statementOf(db, clubId, person.id, [person.id], today),
    db.receipt.findMany({ where: { clubId, personId: person.id }, orderBy: [{ year: 'desc' }, { number: 'desc' }], take: 100 }),
  ]);
  const birthday = dayOf(person.birthday);
  const consents: FamilyConsentState[] = CONSENT_PURPOSES.map((purpose) => {
    const latest = person.consents.find((c) => c.purpose === purpose) ?? null;
    const status = consentStatus(latest, notice?.version ?? null);
    const giver = consentGiver(birthday, today, purpose);
    return {
      purpose,
      status,
      giver,
      canWithdraw: (status === 'dato' || status === 'da_rinnovare') && mayAnswer(member.relation, giver),
      givenOn: dayOf(latest?.givenOn),
      withdrawnOn: latest?.withdrawnAt ? clubDate(latest.withdrawnAt) : null,
      noticeVersion: latest?.notice.version ?? null,
    };
  });
  const latestExpiry = dayOf(person.medicalCertificates[0]?.expiresOn);
  return {
    personId: person.id,
    clubName: person.club.fullName,
    relation: member.relation,
    /** What this account may do for the person (the family table's permissions of its relation). */
    may: {
      contacts: familyRelationAllows(member.relation, 'family.contacts.write'),
      changes: familyRelationAllows(member.relation, 'family.changes.request'),
      certificates: familyRelationAllows(member.relation, 'family.certificates.submit'),
      consents: familyRelationAllows(member.relation, 'family.consents.withdraw'),
      export: familyRelationAllows(member.relation, 'family.export'),
    },
    firstname: person.firstname,
    lastname: person.lastname,
    taxIdCode: person.taxIdCode,
    birthday,
    birthplace: person.birthplace,
    emailPrimary: person.emailPrimary,
    phonePrimary: person.phonePrimary,
    address: person.address,
    kinds: kinds.map((k) => PERSON_KIND_INFO[k].singular),
    memberships: person.registerMemberships.map((m) => ({
      number: m.number,
      admittedOn: dayOf(m.admittedOn)!,
      exitOn: dayOf(m.exitOn),
      seasons: m.seasons.map((s) => s.season.label),
    })),
    cards: person.cards.map((c) => ({ body: c.body, number: c.number, season: c.season.label, startsOn: dayOf(c.startsOn)!, expiresOn: dayOf(c.expiresOn)! })),
    certificateState: athlete ? certificateState(latestExpiry, birthday, today) : null,
    certificates: athlete
      ? person.medicalCertificates.map((c) => ({
          id: c.id,
          type: c.type ? CERTIFICATE_TYPE_RULES[c.type].label : null,
          issuedOn: dayOf(c.issuedOn),
          expiresOn: dayOf(c.expiresOn)!,
          issuer: c.issuer,
        }))
      : [],
    certificateSubmissions: person.certificateSubmissions.map((s) => ({
      id: s.id,
      type: CERTIFICATE_TYPE_RULES[s.type].label,
      issuedOn: dayOf(s.issuedOn)!,
      expiresOn: dayOf(s.expiresOn)!,
      status: s.status,
      reason: s.reason,
      createdAt: s.createdAt,
    })),
    changeRequests: person.changeRequests.map((r) => ({ id: r.id, changes: changesOf(r.changes), status: r.status, reason: r.reason, createdAt: r.createdAt })),
    guardians: person.guardians.map((g) => ({ name: `${g.guardian.firstname} ${g.guardian.lastname}`, relationship: g.relationship })),
    consents,
    documents: documents.map((d) => ({ id: d.id, title: d.form.title, signedAt: d.signedAt })),
    fees: { ...fees.people[0], charges: fees.people[0]?.charges ?? [] },
    receipts: receipts.map((r) => ({ id: r.id, number: `${r.number}/${r.year}`, issuedOn: dayOf(r.issuedOn)!, amountCents: r.amountCents, cancelled: r.cancelledAt !== null, deductible: (r.content as { deductible?: boolean }).deductible === true })),
    visibility: visible,
  };
}

export type FamilyPersonPage = Awaited<ReturnType<typeof familyPerson>>;

/** A change request's fields as stored: { field: { from, to } }. */
export function changesOf(value: unknown): Array<{ field: string; from: string | null; to: string | null }> {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, { from?: unknown; to?: unknown }>).map(([field, c]) => ({
    field,
    from: typeof c?.from === 'string' ? c.from : null,
    to: typeof c?.to === 'string' ? c.to : null,
  }));
}

export type { FamilyMember };
