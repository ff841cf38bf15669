// Organisations above clubs (issue 13 point 1): federations, promotion bodies (EPS), regional committees or
// delegations and leagues, in a tree, each with staff accounts (admin or reader). Created by CampoBase operators
// from the command line (scripts/create-organisation.ts); clubs affiliate to them by consent in a later step.
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { ValidationError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';

import { ORGANISATION_KIND_LABELS, ORGANISATION_KINDS, type OrganisationKindKey } from '../../../schema/organisation-kinds';

export const ORGANISATION_MSG = {
  nameRequired: "Indica il nome dell'organizzazione (da 2 a 200 caratteri).",
  kindInvalid: `Tipo di organizzazione non valido: scegli tra ${ORGANISATION_KINDS.join(', ')}.`,
  adminRequired: "Indica l'email dell'amministratore dell'organizzazione.",
  adminUnknown: (email: string) => `Nessun account registrato con l'email ${email}: l'account deve esistere (registrazione su /signup).`,
  parentUnknown: (code: string) => `Nessuna organizzazione con il codice ${code}.`,
} as const;

const createInput = z.object({
  name: z.string({ error: ORGANISATION_MSG.nameRequired }).trim().min(2, ORGANISATION_MSG.nameRequired).max(200, ORGANISATION_MSG.nameRequired),
  kind: z.enum(ORGANISATION_KINDS, { error: ORGANISATION_MSG.kindInvalid }),
  adminEmail: z.string({ error: ORGANISATION_MSG.adminRequired }).trim().toLowerCase().min(3, ORGANISATION_MSG.adminRequired),
  parentCode: z.string().trim().toUpperCase().min(1).nullish(),
});

export interface CreateOrganisationInput {
  name: unknown;
  kind: unknown;
  adminEmail: unknown;
  parentCode?: unknown;
}

const CODE_PREFIX: Record<OrganisationKindKey, string> = { federation: 'FED', eps: 'EPS', committee: 'COM', league: 'LEG' };
// Crockford's base 32 without I, L, O, U: read aloud or typed from paper without confusion.
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const newCode = (kind: OrganisationKindKey) => `${CODE_PREFIX[kind]}-${Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;

export interface CreatedOrganisation {
  id: string;
  name: string;
  kind: OrganisationKindKey;
  code: string;
  parentId: string | null;
  adminAccountId: string;
}

/**
 * Creates an organisation, under the one whose code is `parentCode` when given, with the account of `adminEmail`
 * (which must exist) as its first admin: all or nothing. Refusals are ValidationErrors in Italian.
 */
export async function createOrganisation(db: PrismaClient, input: CreateOrganisationInput): Promise<CreatedOrganisation> {
  const { name, kind, adminEmail, parentCode } = parseInput(createInput, input, { summary: 'first' });
  return db.$transaction(async (tx) => {
    const admin = await tx.account.findUnique({ where: { email: adminEmail }, select: { id: true } });
    if (!admin) throw new ValidationError({ adminEmail: ORGANISATION_MSG.adminUnknown(adminEmail) }, ORGANISATION_MSG.adminUnknown(adminEmail));
    let parentId: string | null = null;
    if (parentCode) {
      const parent = await tx.organisation.findUnique({ where: { code: parentCode }, select: { id: true } });
      if (!parent) throw new ValidationError({ parentCode: ORGANISATION_MSG.parentUnknown(parentCode) }, ORGANISATION_MSG.parentUnknown(parentCode));
      parentId = parent.id;
    }
    // 32^6 codes per kind: a collision is rare, and a taken code is simply drawn again.
    let code = newCode(kind);
    while (await tx.organisation.findUnique({ where: { code }, select: { id: true } })) code = newCode(kind);
    const organisation = await tx.organisation.create({
      data: { name, kind, code, parentId, staff: { create: { accountId: admin.id, role: 'admin' } } },
      select: { id: true, name: true, kind: true, code: true, parentId: true },
    });
    return { ...organisation, kind: organisation.kind, adminAccountId: admin.id };
  });
}

export interface OrganisationNode {
  id: string;
  name: string;
  kind: OrganisationKindKey;
  code: string;
  admins: string[];
  children: OrganisationNode[];
}

/** Every organisation as a forest (roots first, children by name), with its admins' emails. */
export async function organisationTree(db: PrismaClient): Promise<OrganisationNode[]> {
  const rows = await db.organisation.findMany({
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    select: { id: true, name: true, kind: true, code: true, parentId: true, staff: { where: { role: 'admin' }, select: { account: { select: { email: true } } } } },
  });
  const nodes = new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, kind: r.kind, code: r.code, admins: r.staff.map((s) => s.account.email).sort(), children: [] as OrganisationNode[] }]));
  const roots: OrganisationNode[] = [];
  for (const r of rows) (r.parentId ? nodes.get(r.parentId)!.children : roots).push(nodes.get(r.id)!);
  return roots;
}

/** The forest as indented lines: "Federazione Italiana Rugby (Federazione, FED-7Q2KX4) admin: a@b.it". */
export function describeTree(roots: readonly OrganisationNode[], depth = 0): string[] {
  return roots.flatMap((node) => [
    `${'  '.repeat(depth)}${node.name} (${ORGANISATION_KIND_LABELS[node.kind]}, ${node.code})${node.admins.length ? ` amministratori: ${node.admins.join(', ')}` : ''}`,
    ...describeTree(node.children, depth + 1),
  ]);
}
