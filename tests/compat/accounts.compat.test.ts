// Golden envelopes of the legacy account routes (spec §7, §8): exact shapes and Italian messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { latestResetCode, startTestApp, type TestApp } from '../support/test-app';
import { rest } from '../support/http';
import { addClubTo, createClub } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const legacySignup = (email: string) => ({
  tax_id_code: 'VRDLGU85M41F205T',
  firstname: 'Luigia',
  lastname: 'Verdi',
  birthday: '1985-08-01',
  role: 4,
  full_name: 'SSD Nuoto Verdi',
  foundation: '2001',
  url_logo: '',
  vat_number: '09876543210',
  type_sport: 'nuoto',
  email,
  password: 'segreta-123',
  password_confirmation: 'segreta-123',
});

const accountShape = {
  id: expect.any(String),
  email: expect.any(String),
  is_active: true,
  profile: {
    id: expect.any(String),
    firstname: expect.any(String),
    lastname: expect.any(String),
    nickname: null,
    birthday: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    tax_id_code: expect.any(String),
    clubs: expect.arrayContaining([expect.objectContaining({ id: expect.any(String), full_name: expect.any(String), token: expect.any(String) })]),
  },
};

describe('POST /api/register', () => {
  it('registers with the legacy payload and answers token and account', async () => {
    const res = await rest(t.app, '/register', legacySignup('luigia@example.it'));
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: true, message: MSG.signupDone, context: { token: expect.any(String), account: accountShape } });
    const club = res.body.context.account.profile.clubs[0];
    expect(club).toMatchObject({ full_name: 'SSD Nuoto Verdi', type_sport: 'nuoto', type_sport_details: [{ name: 'Nuoto' }], foundation: 2001, role: 'owner', board_role: 4 });
  });

  it('answers status false with the field errors under their legacy names', async () => {
    const res = await rest(t.app, '/register', { ...legacySignup('x@example.it'), tax_id_code: '', password_confirmation: 'altro' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: false,
      message: MSG.signupStep1,
      context: { errors: { tax_id_code: MSG.signupStep1, password_confirmation: MSG.passwordsDiffer } },
    });
  });

  it('refuses an email already registered', async () => {
    await rest(t.app, '/register', legacySignup('doppia@example.it'));
    const res = await rest(t.app, '/register', legacySignup('DOPPIA@example.it'));
    expect(res.body).toEqual({ status: false, message: MSG.emailTaken, context: { errors: { email: MSG.emailTaken } } });
  });

  it('answers mistyped fields with a clear message, not a crash', async () => {
    const res = await rest(t.app, '/register', { ...legacySignup('tipi@example.it'), firstname: { $ne: 1 }, role: 'presidente', foundation: [1990] });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(false);
    expect(res.body.context.errors).toMatchObject({ firstname: MSG.signupStep1, role: expect.any(String), foundation: expect.any(String) });
  });
});

describe('POST /api/login, /api/me, /api/logout', () => {
  it('login answers status, context.token and context.account.profile.clubs[0].token', async () => {
    const club = await createClub(t.deps);
    const res = await rest(t.app, '/login', { email: club.email, password: club.password });
    expect(res.body).toEqual({ status: true, message: '', context: { token: expect.any(String), account: accountShape } });
    expect(res.body.context.account.profile.clubs[0].token).toBe(club.clubToken);
  });

  it("login failure: status false and 'Impossibile accedere con i dati inseriti!'", async () => {
    const res = await rest(t.app, '/login', { email: 'nessuno@example.it', password: 'sbagliata' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: false, context: null, message: MSG.loginFailed });
  });

  it('me answers the account; logout revokes; a revoked or missing token answers 401', async () => {
    const club = await createClub(t.deps);
    const me = await rest(t.app, '/me', undefined, { token: club.token });
    expect(me.body).toEqual({ status: true, message: '', context: { account: accountShape } });

    expect((await rest(t.app, '/logout', undefined, { token: club.token })).body).toEqual({ status: true, message: '', context: { logged_out: true } });
    const after = await rest(t.app, '/me', {}, { token: club.token });
    expect(after.statusCode).toBe(401);
    expect(after.body).toEqual({ status: false, context: null, message: MSG.notAuthenticated });
    expect((await rest(t.app, '/me')).statusCode).toBe(401);
    expect((await rest(t.app, '/logout')).statusCode).toBe(401);
  });
});

describe('POST /api/auth/password/*', () => {
  it('forgot, verify, reset with the spec messages', async () => {
    const club = await createClub(t.deps);
    const forgot = await rest(t.app, '/auth/password/forgot', { email: club.email });
    expect(forgot.body).toEqual({ status: true, message: MSG.codeSent, context: { email: club.email } });
    const code = await latestResetCode(t.dataDir, club.email);

    const verify = await rest(t.app, '/auth/password/verify', { email: club.email, code });
    expect(verify.body).toEqual({ status: true, message: MSG.codeVerified, context: { reset_token: expect.any(String) } });

    const reset = await rest(t.app, '/auth/password/reset', {
      email: club.email,
      reset_token: verify.body.context.reset_token,
      password: 'nuovissima-1',
      password_confirmation: 'nuovissima-1',
    });
    expect(reset.body).toEqual({ status: true, message: MSG.passwordUpdated, context: { email: club.email } });
    expect((await rest(t.app, '/login', { email: club.email, password: 'nuovissima-1' })).body.status).toBe(true);
  });

  it('answers an unknown email like a known one; a wrong code is status false', async () => {
    expect((await rest(t.app, '/auth/password/forgot', { email: 'ignoto@example.it' })).body).toEqual({
      status: true,
      message: MSG.codeSent,
      context: { email: 'ignoto@example.it' },
    });
    expect((await rest(t.app, '/auth/password/verify', { email: 'ignoto@example.it', code: '000000' })).body).toEqual({
      status: false,
      message: MSG.codeInvalid,
      context: { errors: { code: MSG.codeInvalid } },
    });
  });

  it('rate limited requests answer 429 with Retry-After and the Italian message', async () => {
    const club = await createClub(t.deps);
    for (let i = 0; i < 3; i++) await rest(t.app, '/auth/password/forgot', { email: club.email });
    const res = await rest(t.app, '/auth/password/forgot', { email: club.email });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toEqual({ status: false, context: null, message: MSG.rateLimited(15) });
  });
});

describe('POST /api/app', () => {
  it('answers club, groups and typeGroup for the club named by X-Club', async () => {
    const club = await createClub(t.deps);
    const second = await addClubTo(t.deps, club.accountId, 'Seconda Società');
    const res = await rest(t.app, '/app', undefined, { token: club.token, club: second.clubToken });
    expect(res.body).toEqual({
      status: true,
      message: '',
      context: {
        club: expect.objectContaining({ id: second.clubId, full_name: 'Seconda Società', season_label: expect.stringMatching(/^\d{4}\/\d{2}$/) }),
        groups: [],
        typeGroup: [
          { id: 'athlete', name: 'Atleti', layout: 'athlete' },
          { id: 'manager', name: 'Dirigente', layout: 'manager' },
          { id: 'coach', name: 'Allenatori', layout: 'coach' },
          { id: 'staff', name: 'Staff', layout: 'staff' },
          { id: 'member', name: 'Socio', layout: 'member' },
          { id: 'voluntary', name: 'Volontario', layout: 'voluntary' },
        ],
      },
    });
  });

  it("refuses another club's token (403) and a missing session (401), revealing nothing", async () => {
    const mine = await createClub(t.deps);
    const theirs = await createClub(t.deps);
    const res = await rest(t.app, '/app', undefined, { token: mine.token, club: theirs.clubToken });
    expect(res.statusCode).toBe(403);
    expect(res.body).toEqual({ status: false, context: null, message: MSG.clubForbidden });
    expect((await rest(t.app, '/app', undefined, { club: theirs.clubToken })).statusCode).toBe(401);
    const noHeader = await rest(t.app, '/app', undefined, { token: mine.token });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.body.message).toBe(MSG.clubHeaderMissing);
  });
});
