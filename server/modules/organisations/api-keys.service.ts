// Organisations' API keys (issue 13 point 3): created and revoked by the organisation's admins, with scopes, an
// optional expiry and an optional list of clubs; the secret is answered once and stored only as its SHA-256, its
// first characters kept as a recognisable prefix. apiKeyActor turns a presented secret into the `apiKey` actor.
import type { StaffAccess } from '../../access/staff-scope';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ORGANISATION_SCOPES, type OrganisationScope } from '../../../schema/organisation-scopes';
import type { Actor } from '../../access/actor';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { isUuid } from '../../lib/club-rows';
import { NotFoundError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { parseInput } from '../../lib/validate';
import { ORGANISATION_RECORD_NOT_FOUND, ORGANISATION_REFUSAL } from '../../../schema/organisation-refusals';

/** Every secret starts so: recognisable in a log or a repository by people and by secret scanners. */
export const API_KEY_MARK = 'cbk_';
const PREFIX_LENGTH = API_KEY_MARK.length + 8;
/** The longest a key may live, and how long one lives when no expiry is asked. */
export const API_KEY_MAX_DAYS = 730;
/** lastUsedAt is written at most this often per key (a busy key would otherwise write on every request). */
const LAST_USED_EVERY_MS = 60_000;

export const API_KEY_MSG = {
  notAdmin: ORGANISATION_REFUSAL.apiKeys,
  notFound: ORGANISATION_RECORD_NOT_FOUND.apiKey,
  nameRequired: 'Dai un nome alla chiave (da 2 a 100 caratteri), per riconoscerla.',
  scopesRequired: 'Scegli almeno un ambito di dati per la chiave.',
  scopeInvalid: `Ambito non valido: scegli tra ${ORGANISATION_SCOPES.join(', ')}.`,
  expiryInvalid: `La durata va da 1 a ${API_KEY_MAX_DAYS} giorni.`,
  clubsInvalid: 'Elenco di società non valido.',
} as const;

const createInput = z.object({
  organisationId: z.string().refine(isUuid, API_KEY_MSG.notFound),
  name: z.string({ error: API_KEY_MSG.nameRequired }).trim().min(2, API_KEY_MSG.nameRequired).max(100, API_KEY_MSG.nameRequired),
  scopes: z.array(z.enum(ORGANISATION_SCOPES, { error: API_KEY_MSG.scopeInvalid }), { error: API_KEY_MSG.scopesRequired }).min(1, API_KEY_MSG.scopesRequired),
  expiresInDays: z.number({ error: API_KEY_MSG.expiryInvalid }).int(API_KEY_MSG.expiryInvalid).min(1, API_KEY_MSG.expiryInvalid).max(API_KEY_MAX_DAYS, API_KEY_MSG.expiryInvalid).nullish(),
  clubIds: z.array(z.string().refine(isUuid, API_KEY_MSG.clubsInvalid), { error: API_KEY_MSG.clubsInvalid }).max(1_000, API_KEY_MSG.clubsInvalid).nullish(),
});

export interface CreateApiKeyInput {
  organisationId: unknown;
  name: unknown;
  scopes: unknown;
  expiresInDays?: unknown;
  clubIds?: unknown;
}

export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  scopes: OrganisationScope[];
  clubIds: string[];
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

const VIEW = { id: true, name: true, prefix: true, scopes: true, clubIds: true, expiresAt: true, lastUsedAt: true, revokedAt: true, createdAt: true } as const;
const view = (row: Omit<ApiKeyView, 'scopes'> & { scopes: string[] }): ApiKeyView => ({ ...row, scopes: row.scopes as OrganisationScope[] });

// `staff`: the organisation's admin as the operation table admitted them (access/staff-scope.ts); a script or a
// test resolves it with organisationStaffAccess.

/** A new key: its record, and the secret (`cbk_` + 256 random bits), which is never answered again. */
export async function createApiKey(staff: StaffAccess, input: CreateApiKeyInput, now = new Date()): Promise<{ key: ApiKeyView; secret: string }> {
  const { name, scopes, expiresInDays, clubIds } = parseInput(createInput, input, { summary: 'first' });
  const { organisationId, accountId } = staff.actor;
  const secret = `${API_KEY_MARK}${randomBytes(32).toString('base64url')}`;
  const key = await staff.db.organisationApiKey.create({
    data: {
      organisationId,
      name,
      prefix: secret.slice(0, PREFIX_LENGTH),
      secretHash: hashToken(secret),
      scopes: [...new Set(scopes)],
      clubIds: [...new Set(clubIds ?? [])],
      expiresAt: new Date(now.getTime() + (expiresInDays ?? API_KEY_MAX_DAYS) * 86_400_000),
      createdById: accountId,
    },
    select: VIEW,
  });
  return { key: view(key), secret };
}

/** The organisation's keys, newest first (never their secrets): for its admins. */
export async function listApiKeys(staff: StaffAccess): Promise<ApiKeyView[]> {
  const rows = await staff.db.organisationApiKey.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], select: VIEW });
  return rows.map(view);
}

/** Revokes a key of the organisation, at once; revoking it again changes nothing. Another organisation's key is NotFound. */
export async function revokeApiKey(staff: StaffAccess, keyId: string, now = new Date()): Promise<ApiKeyView> {
  const key = isUuid(keyId) ? await staff.db.organisationApiKey.findUnique({ where: { id: keyId }, select: { revokedAt: true } }) : null;
  if (!key) throw new NotFoundError(API_KEY_MSG.notFound);
  const updated = await staff.db.organisationApiKey.update({ where: { id: keyId }, data: { revokedAt: key.revokedAt ?? now }, select: VIEW });
  return view(updated);
}

export type ApiKeyActor = Extract<Actor, { kind: 'apiKey' }>;

/**
 * The actor of a presented secret, or null when it names no key, or a revoked or expired one (the caller answers
 * all of these alike). Found by the secret's hash, so the stored hashes are never compared one by one.
 */
export async function apiKeyActor(db: PrismaClient, secret: string, now = new Date()): Promise<ApiKeyActor | null> {
  if (!secret.startsWith(API_KEY_MARK) || secret.length > 100) return null;
  const key = await db.organisationApiKey.findUnique({
    where: { secretHash: hashToken(secret) },
    select: { id: true, organisationId: true, prefix: true, scopes: true, clubIds: true, expiresAt: true, revokedAt: true, lastUsedAt: true },
  });
  if (!key || key.revokedAt || (key.expiresAt && key.expiresAt <= now)) return null;
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    await db.organisationApiKey.update({ where: { id: key.id }, data: { lastUsedAt: now }, select: { id: true } });
  }
  return { kind: 'apiKey', organisationId: key.organisationId, keyId: key.id, prefix: key.prefix, clubIds: key.clubIds, scopes: key.scopes as OrganisationScope[] };
}
