// Organisations' API keys (issue 13 point 3, the service): created and revoked by the organisation's admins only (admitted
// by the operation table's gate; here through staffOf),
// the secret answered once and stored only as a hash with a recognisable prefix, scopes and clubs validated in
// Italian, expired, revoked and unknown secrets refused alike, last use recorded (at most once a minute). Both databases.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../server/lib/errors';
import { API_KEY_MSG, apiKeyActor, createApiKey, listApiKeys, revokeApiKey } from '../../../server/modules/organisations/api-keys.service';
import { createOrganisation } from '../../../server/modules/organisations/organisations.service';
import { createClub, type TestClub } from '../../support/factories';
import { staffOf } from '../../support/organisation-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let admin: TestClub;
let reader: TestClub;
let otherAdmin: TestClub;
let organisationId: string;
let otherOrganisationId: string;
beforeAll(async () => {
  t = await startTestApp();
  [admin, reader, otherAdmin] = [await createClub(t.deps), await createClub(t.deps), await createClub(t.deps)];
  organisationId = (await createOrganisation(t.deps.systemDb, { name: 'Federazione Chiavi', kind: 'federation', adminEmail: admin.email })).id;
  await t.deps.systemDb.organisationStaff.create({ data: { organisationId, accountId: reader.accountId, role: 'reader' } });
  otherOrganisationId = (await createOrganisation(t.deps.systemDb, { name: 'Lega Altrove', kind: 'league', adminEmail: otherAdmin.email })).id;
});
afterAll(() => t.close());

const NOW = new Date('2026-11-26T10:00:00Z');
const asAdmin = () => staffOf(t.deps, admin.accountId, organisationId);
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe('API keys', () => {
  it('the secret is answered once, stored only as its hash, recognisable by its prefix; the key resolves to its actor', async () => {
    const { key, secret } = await createApiKey(await asAdmin(), { organisationId, name: 'Gestionale federale', scopes: ['people.registry', 'club.profile', 'club.profile'], expiresInDays: 30 }, NOW);
    expect(secret).toMatch(/^cbk_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Gestionale federale', prefix: secret.slice(0, 12), scopes: ['people.registry', 'club.profile'], clubIds: [], revokedAt: null, lastUsedAt: null });
    expect(key.expiresAt).toEqual(later(30 * 86_400_000));
    const stored = await t.deps.systemDb.organisationApiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(stored.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(secret.slice(12));
    expect(JSON.stringify(await listApiKeys(await asAdmin()))).not.toContain(secret.slice(12));

    expect(await apiKeyActor(t.deps.systemDb, secret, NOW)).toEqual({ kind: 'apiKey', organisationId, keyId: key.id, prefix: secret.slice(0, 12), clubIds: [], scopes: ['people.registry', 'club.profile'] });
    expect((await t.deps.systemDb.organisationApiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).toEqual(NOW);
    await apiKeyActor(t.deps.systemDb, secret, later(10_000)); // within a minute: not written again
    expect((await t.deps.systemDb.organisationApiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).toEqual(NOW);
    await apiKeyActor(t.deps.systemDb, secret, later(61_000));
    expect((await t.deps.systemDb.organisationApiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).toEqual(later(61_000));
  });

  it('expired, revoked, unknown and malformed secrets are refused alike; revoking is at once and idempotent', async () => {
    const { key, secret } = await createApiKey(await asAdmin(), { organisationId, name: 'Breve', scopes: ['club.profile'], expiresInDays: 1 }, NOW);
    expect(await apiKeyActor(t.deps.systemDb, secret, later(86_400_000 - 1))).not.toBeNull();
    expect(await apiKeyActor(t.deps.systemDb, secret, later(86_400_000))).toBeNull();

    const { key: revocable, secret: revocableSecret } = await createApiKey(await asAdmin(), { organisationId, name: 'Da revocare', scopes: ['club.profile'] }, NOW);
    expect(revocable.expiresAt).toEqual(later(730 * 86_400_000));
    const revoked = await revokeApiKey(await asAdmin(), revocable.id, later(1_000));
    expect(revoked.revokedAt).toEqual(later(1_000));
    expect(await apiKeyActor(t.deps.systemDb, revocableSecret, later(2_000))).toBeNull();
    expect((await revokeApiKey(await asAdmin(), revocable.id, later(5_000))).revokedAt).toEqual(later(1_000));

    for (const wrong of [`${secret}x`, secret.replace('cbk_', 'xyz_'), 'cbk_', '', `cbk_${'a'.repeat(200)}`]) expect(await apiKeyActor(t.deps.systemDb, wrong, NOW)).toBeNull();
    expect(key.id).toBeTruthy();
  });

  it("only the organisation's admins are admitted; another organisation's admin reaches none of its keys", async () => {
    // The gate admits staff by the operation table (a reader's and a stranger's GraphQL calls: organisation-portal.test.ts).
    for (const who of [reader, otherAdmin]) await expect(staffOf(t.deps, who.accountId, organisationId)).rejects.toBeInstanceOf(ForbiddenError);
    const { key } = await createApiKey(await asAdmin(), { organisationId, name: 'Altrui', scopes: ['club.profile'] });
    const other = await staffOf(t.deps, otherAdmin.accountId, otherOrganisationId);
    await expect(revokeApiKey(other, key.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await t.deps.systemDb.organisationApiKey.findUniqueOrThrow({ where: { id: key.id } })).revokedAt).toBeNull();
    await expect(revokeApiKey(await asAdmin(), '00000000-0000-0000-0000-000000000000')).rejects.toBeInstanceOf(NotFoundError);
    await expect(revokeApiKey(await asAdmin(), 'non-un-id')).rejects.toBeInstanceOf(NotFoundError);
    // another organisation's admin sees none of these keys in their own list
    expect(await listApiKeys(other)).toEqual([]);
  });

  it('bad input gets its Italian message and creates nothing', async () => {
    const before = await t.deps.systemDb.organisationApiKey.count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'X', scopes: ['club.profile'] }, API_KEY_MSG.nameRequired],
      [{ name: 'Chiave', scopes: [] }, API_KEY_MSG.scopesRequired],
      [{ name: 'Chiave', scopes: ['tutto'] }, API_KEY_MSG.scopeInvalid],
      [{ name: 'Chiave', scopes: ['club.profile'], expiresInDays: 0 }, API_KEY_MSG.expiryInvalid],
      [{ name: 'Chiave', scopes: ['club.profile'], expiresInDays: 731 }, API_KEY_MSG.expiryInvalid],
      [{ name: 'Chiave', scopes: ['club.profile'], clubIds: ['non-un-id'] }, API_KEY_MSG.clubsInvalid],
    ];
    for (const [input, message] of cases) {
      const error = await createApiKey(await asAdmin(), { organisationId, ...input } as never).catch((e: unknown) => e);
      expect(error, JSON.stringify(input)).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).message).toBe(message);
    }
    expect(await t.deps.systemDb.organisationApiKey.count()).toBe(before);
  });
});
