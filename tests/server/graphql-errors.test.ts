// An unexpected failure inside a resolver (here: a real database error) reaches the client only as the generic
// Italian message, and reaches the log in full.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../schema/messages';
import { startTestApp, type TestApp } from '../support/test-app';
import { gql } from '../support/http';
import { createClub } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('unexpected GraphQL errors', () => {
  it('are masked for the client and logged for the operator', async () => {
    const club = await createClub(t.deps);
    const logged = vi.spyOn(t.app.log, 'error');
    await t.deps.systemDb.$executeRawUnsafe('ALTER TABLE account_profiles RENAME TO account_profiles_hidden');
    try {
      const res = await gql(t.app, '{ me { email profile { firstname } } }', {}, { token: club.token });
      expect(res.body.errors?.[0].message).toBe(MSG.unexpected);
      expect(JSON.stringify(res.body)).not.toMatch(/account_profiles|prisma|stack/i);
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ err: expect.anything() }), 'graphql resolver failed');
    } finally {
      await t.deps.systemDb.$executeRawUnsafe('ALTER TABLE account_profiles_hidden RENAME TO account_profiles');
      logged.mockRestore();
    }
  });

  it('expected refusals are not logged as failures', async () => {
    const logged = vi.spyOn(t.app.log, 'error');
    const res = await gql(t.app, '{ appSettings { club { id } } }');
    expect(res.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });
});
