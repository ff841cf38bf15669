// Golden envelopes of the legacy people routes (spec §3, §7, §8): /api/{athlete|coach|manager|staff|member|voluntary}/
// {save|single|load|archive} and /api/archive/load, with ids and date-times normalised; then the refusal of every
// route to a user of another club.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_KINDS, PERSON_KIND_INFO, type PersonKindKey } from '../../schema/constants';
import { MSG } from '../../schema/messages';
import { clubDate } from '../../schema/club-time';
import { certificateState } from '../../schema/medical-certificates';
import { createClub, type TestClub } from '../support/factories';
import { rest } from '../support/http';
import { createGroupWith, nextTaxCode } from '../support/people-factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { multipart, pdf } from '../server/files/fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Ids become <uuid>, date-times <timestamp>, file urls /files/<uuid>: the rest must match exactly. */
function normalise(value: unknown): unknown {
  if (typeof value === 'string') {
    if (UUID.test(value)) return '<uuid>';
    if (TIMESTAMP.test(value)) return '<timestamp>';
    return value.replace(/\/files\/[0-9a-f-]{36}/, '/files/<uuid>');
  }
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v)]));
  return value;
}

/**
 * Each kind's own fields as `single` answers them when none was sent. Athletes add, beside the spec's fields, the
 * certificate state today and the certificates' history (issue 14).
 */
const OWN_FIELDS: Record<PersonKindKey, Record<string, unknown>> = {
  athlete: {
    medical_examination_expiration_date: null,
    type_medical_examination_id: null,
    medical_examination_document: null,
    medical_examination_scheduled_date: null,
    type_medical_examination_accountable_id: null,
    health_card: null,
    allergies: null,
    intolerances: null,
    athlete_condition: null,
    athlete_attorney_name: null,
    medical_certificate_status: 'missing',
    medical_certificates: [],
  },
  coach: { coach_role: null, coach_validity_start_date: null, coach_validity_end_date: null, health_card: null, allergies: null, intolerances: null },
  manager: { manager_role: null },
  staff: {},
  member: { type_membership_id: null, membership_number: null, membership_start_date: null, membership_expired_date: null },
  voluntary: {},
};

const EMPTY_PROFILE = {
  id: '<uuid>',
  type_role_id: null,
  secondname: null,
  nickname: null,
  type_gender_id: null,
  birthday: null,
  birthplace: null,
  birth_nation: null,
  nationality: null,
  photo_url: null,
  legal_representative: null,
  email_primary: null,
  email_secondary: null,
  phone_primary: null,
  phone_secondary: null,
  address_id: null,
  address: null,
  has_blsd: false,
  blsd_expires_on: null,
  blsd_file: null,
  has_first_aid: false,
  first_aid_expires_on: null,
  first_aid_file: null,
  has_fire_prevention: false,
  fire_prevention_expires_on: null,
  fire_prevention_file: null,
  is_guarded: false,
  created_at: '<timestamp>',
  updated_at: '<timestamp>',
};

function record(kind: PersonKindKey, { own = {}, profile = {}, ...rest }: { own?: object; profile?: object; [k: string]: unknown } = {}) {
  return {
    id: '<uuid>',
    type: kind,
    ...OWN_FIELDS[kind],
    ...own,
    note_private: null,
    is_active: true,
    archived_at: null,
    created_at: '<timestamp>',
    updated_at: '<timestamp>',
    profile: { ...EMPTY_PROFILE, ...profile },
    groups: [],
    documents: [],
    ...rest,
  };
}

let t: TestApp;
let club: TestClub;
let other: TestClub;
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
  other = await createClub(t.deps);
});
afterAll(() => t.close());

const asClub = () => ({ token: club.token, club: club.clubToken });
const asOther = () => ({ token: other.token, club: other.clubToken });
const minimal = (taxIdCode = nextTaxCode('LEG'), extra: Record<string, unknown> = {}) => ({
  profile: { firstname: 'Paola', lastname: 'Neri', tax_id_code: taxIdCode, type_gender_id: 2, ...extra },
});

describe('POST /api/{resource}/save', () => {
  it('creates an athlete from the full legacy payload', async () => {
    const tax = nextTaxCode('ATH');
    const res = await rest(
      t.app,
      '/athlete/save',
      {
        profile: {
          firstname: 'Nicolò',
          secondname: 'Maria',
          lastname: 'Rossi',
          nickname: 'Nico',
          tax_id_code: tax.toLowerCase(),
          type_gender_id: '1',
          birthday: '2010-05-04',
          birthplace: 'Roma',
          birth_nation: 'Italia',
          nationality: 'italiana',
          legal_representative: 'Paolo Rossi',
          email_primary: 'Nicolo@Example.it',
          phone_primary: '333 1234567',
          phone_secondary: '',
          has_blsd: '1',
          blsd_expires_on: '2027-01-31',
          is_guarded: '0',
          address: { address: 'Via Roma', street_number: '10', postal_code: '00100', city: 'Roma', province: 'RM', country: 'Italia' },
        },
        medical_examination_expiration_date: '2027-06-30',
        type_medical_examination_id: 1,
        type_medical_examination_accountable_id: '2',
        health_card: 'TS-99',
        allergies: 'Polline',
        note_private: 'Portiere',
        is_active: true,
      },
      asClub(),
    );
    expect(res.statusCode).toBe(200);
    expect(normalise(res.body)).toEqual({
      status: true,
      message: MSG.athleteCreated,
      context: record('athlete', {
        own: {
          medical_examination_expiration_date: '2027-06-30',
          type_medical_examination_id: 1,
          type_medical_examination_accountable_id: 2,
          health_card: 'TS-99',
          allergies: 'Polline',
          // The legacy fields' certificate joins the history (no issue date: the legacy fields have none).
          medical_certificate_status: certificateState('2027-06-30', '2010-05-04', clubDate(new Date())),
          medical_certificates: [
            { id: '<uuid>', type: 'agonistico', sport: null, issued_on: null, expires_on: '2027-06-30', issuer: null, file: null, created_at: '<timestamp>' },
          ],
        },
        note_private: 'Portiere',
        profile: {
          firstname: 'Nicolò',
          secondname: 'Maria',
          lastname: 'Rossi',
          nickname: 'Nico',
          tax_id_code: tax,
          type_gender_id: 1,
          birthday: '2010-05-04',
          birthplace: 'Roma',
          birth_nation: 'Italia',
          nationality: 'italiana',
          legal_representative: 'Paolo Rossi',
          email_primary: 'nicolo@example.it',
          phone_primary: '3331234567',
          address_id: '<uuid>',
          address: { id: '<uuid>', address: 'Via Roma', street_number: '10', postal_code: '00100', city: 'Roma', province: 'RM', country: 'Italia' },
          has_blsd: true,
          blsd_expires_on: '2027-01-31',
        },
      }),
    });
    expect(res.body.context.profile.address_id).toBe(res.body.context.profile.address.id);
  });

  it.each(PERSON_KINDS)('creates a %s with its own fields and creation message', async (kind) => {
    const own: Record<PersonKindKey, Record<string, unknown>> = {
      athlete: { athlete_condition: 'Idoneo' },
      coach: { coach_role: 'Primo allenatore', coach_validity_start_date: '2025-09-01', coach_validity_end_date: '2026-06-30' },
      manager: { manager_role: 'Segretario' },
      staff: {},
      member: { type_membership_id: 1, membership_number: 'S-12', membership_start_date: '2025-01-15' },
      voluntary: {},
    };
    const messages: Record<PersonKindKey, string> = {
      athlete: MSG.athleteCreated,
      coach: MSG.coachCreated,
      manager: MSG.managerCreated,
      staff: MSG.staffSaved,
      member: MSG.memberCreated,
      voluntary: MSG.volunteerCreated,
    };
    const tax = nextTaxCode('KIN');
    const res = await rest(t.app, `/${kind}/save`, { ...minimal(tax), ...own[kind] }, asClub());
    expect(normalise(res.body)).toEqual({
      status: true,
      message: messages[kind],
      context: record(kind, { own: own[kind], profile: { firstname: 'Paola', lastname: 'Neri', tax_id_code: tax, type_gender_id: 2 } }),
    });
  });

  it('accepts the profile flat at the top level; `profile` wins over a flat field', async () => {
    const tax = nextTaxCode('FLT');
    const res = await rest(t.app, '/voluntary/save', { firstname: 'Flat', lastname: 'Piano', tax_id_code: tax, email_primary: 'piano@example.it', profile: { firstname: 'Annidato' } }, asClub());
    expect(res.body.status).toBe(true);
    expect(res.body.context.profile).toMatchObject({ firstname: 'Annidato', lastname: 'Piano', tax_id_code: tax, email_primary: 'piano@example.it' });
  });

  it('answers invalid fields with status false and their legacy names', async () => {
    const thisYear = new Date().getFullYear();
    const res = await rest(t.app, '/coach/save', { profile: { firstname: '', phone_primary: '33a', birthday: `${thisYear - 1}-01-01` }, coach_validity_start_date: '31/12/2025' }, asClub());
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: false,
      message: MSG.invalidFields,
      context: {
        errors: {
          firstname: MSG.firstnameRequired,
          lastname: MSG.lastnameRequired,
          tax_id_code: MSG.taxCodeRequired,
          type_gender_id: MSG.genderRequired,
          phone_primary: MSG.phonePrimaryDigits,
          birthday: MSG.minAge,
          coach_validity_start_date: MSG.dateInvalid,
        },
      },
    });
  });

  it('refuses a second role of the same kind for the same tax code', async () => {
    const tax = nextTaxCode('DUP');
    await rest(t.app, '/member/save', minimal(tax), asClub());
    const res = await rest(t.app, '/member/save', minimal(tax), asClub());
    const message = MSG.roleExists(PERSON_KIND_INFO.member.singular);
    expect(res.body).toEqual({ status: false, message, context: { errors: { tax_id_code: message } } });
  });

  it("updates with an id and answers 'Modifiche salvate'", async () => {
    const tax = nextTaxCode('UPD');
    const created = await rest(t.app, '/member/save', { ...minimal(tax), membership_number: 'S-1' }, asClub());
    const res = await rest(
      t.app,
      '/member/save',
      { id: created.body.context.id, ...minimal(tax, { nickname: 'Pao' }), membership_number: 'S-2', note_private: 'Quota pagata' },
      asClub(),
    );
    expect(normalise(res.body)).toEqual({
      status: true,
      message: MSG.changesSaved,
      context: record('member', {
        own: { membership_number: 'S-2' },
        note_private: 'Quota pagata',
        profile: { firstname: 'Paola', lastname: 'Neri', nickname: 'Pao', tax_id_code: tax, type_gender_id: 2 },
      }),
    });
    expect(res.body.context.id).toBe(created.body.context.id);
  });

  it('saves a manager with documents sent as multipart/form-data', async () => {
    const tax = nextTaxCode('MPT');
    const { payload, contentType } = multipart([
      { name: 'profile[firstname]', value: 'Dario' },
      { name: 'profile[lastname]', value: 'Fo' },
      { name: 'profile[tax_id_code]', value: tax },
      { name: 'manager_role', value: 'Tesoriere' },
      { name: 'documents[]', filename: 'bilancio.pdf', contentType: 'application/pdf', content: pdf() },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manager/save',
      headers: { 'content-type': contentType, authorization: `Bearer ${club.token}`, 'x-club': club.clubToken },
      payload,
    });
    expect(normalise(res.json())).toEqual({
      status: true,
      message: MSG.managerCreated,
      context: record('manager', {
        own: { manager_role: 'Tesoriere' },
        profile: { firstname: 'Dario', lastname: 'Fo', tax_id_code: tax },
        documents: [{ id: '<uuid>', filename: 'bilancio.pdf', mime_type: 'application/pdf', size: pdf().length, url: '/files/<uuid>' }],
      }),
    });
  });
});

describe('POST /api/{resource}/single, /load', () => {
  let roleId: string;
  let groupId: string;
  let tax: string;
  beforeAll(async () => {
    tax = nextTaxCode('SGL');
    const saved = await rest(t.app, '/coach/save', { ...minimal(tax, { birthday: '1990-02-03', email_primary: 'paola@example.it', phone_primary: '+39 333 0000000' }), coach_role: 'Vice' }, asClub());
    roleId = saved.body.context.id;
    groupId = (await createGroupWith(t.deps, club.clubId, 'coach', 'Staff tecnico', [roleId])).id;
  });

  it('single answers the whole record with its groups and pivot', async () => {
    const res = await rest(t.app, '/coach/single', { id: roleId }, asClub());
    const pivot = { group_id: '<uuid>', coach_id: '<uuid>' };
    expect(normalise(res.body)).toEqual({
      status: true,
      message: '',
      context: record('coach', {
        own: { coach_role: 'Vice' },
        profile: { firstname: 'Paola', lastname: 'Neri', tax_id_code: tax, type_gender_id: 2, birthday: '1990-02-03', email_primary: 'paola@example.it', phone_primary: '+393330000000' },
        groups: [{ id: '<uuid>', name: 'Staff tecnico', pivot }],
      }),
    });
    expect(res.body.context.groups[0]).toEqual({ id: groupId, name: 'Staff tecnico', pivot: { group_id: groupId, coach_id: roleId } });
  });

  it('single of an unknown id, or of a role of another kind, is status false', async () => {
    for (const [path, id] of [['/coach/single', '00000000-0000-4000-8000-000000000000'], ['/athlete/single', roleId], ['/coach/single', 'x']]) {
      const res = await rest(t.app, path, { id }, asClub());
      expect(res.statusCode).toBe(200);
      expect(res.body).toEqual({ status: false, context: null, message: MSG.notFound });
    }
  });

  it('load answers a page of people as listed', async () => {
    const res = await rest(t.app, '/coach/load', { search: 'paola neri', group_id: groupId }, asClub());
    expect(normalise(res.body)).toEqual({
      status: true,
      message: '',
      context: {
        current_page: 1,
        data: [
          {
            id: '<uuid>',
            profile: { id: '<uuid>', firstname: 'Paola', lastname: 'Neri', tax_id_code: tax, birthday: '1990-02-03', email_primary: 'paola@example.it', phone_primary: '+393330000000' },
            groups: [{ id: '<uuid>', name: 'Staff tecnico', pivot: { group_id: '<uuid>', coach_id: '<uuid>' } }],
            is_active: true,
            created_at: '<timestamp>',
            updated_at: '<timestamp>',
          },
        ],
        last_page: 1,
        per_page: 8,
        total: 1,
      },
    });
    expect(res.body.context.data[0].id).toBe(roleId);
    // `group` is accepted for `group_id`
    expect((await rest(t.app, '/coach/load', { group: groupId }, asClub())).body.context.total).toBe(1);
  });

  it('load pages by 8 with a 1-based page and an optional body', async () => {
    for (let i = 0; i < 9; i++) await rest(t.app, '/staff/save', minimal(nextTaxCode('PAG'), { lastname: `Pagina${i}` }), asClub());
    const all = await rest(t.app, '/staff/load', undefined, asClub());
    expect(all.body.context).toMatchObject({ current_page: 1, per_page: 8 });
    expect(all.body.context.data).toHaveLength(8);
    const first = await rest(t.app, '/staff/load', { search: 'pagina' }, asClub());
    expect(first.body.context).toMatchObject({ current_page: 1, last_page: 2, per_page: 8, total: 9 });
    expect(first.body.context.data).toHaveLength(8);
    const second = await rest(t.app, '/staff/load', { search: 'pagina', page: '2' }, asClub());
    expect(second.body.context).toMatchObject({ current_page: 2, last_page: 2, total: 9 });
    expect(second.body.context.data.map((p: { profile: { lastname: string } }) => p.profile.lastname)).toEqual(['Pagina8']);
  });
});

describe('POST /api/{resource}/archive and /api/archive/load', () => {
  it('archives with the record and Record archiviato correttamente, then lists it in the archive only', async () => {
    const tax = nextTaxCode('ARC');
    const saved = await rest(t.app, '/voluntary/save', minimal(tax), asClub());
    const res = await rest(t.app, '/voluntary/archive', { id: saved.body.context.id }, asClub());
    expect(normalise(res.body)).toEqual({
      status: true,
      message: MSG.archived,
      context: record('voluntary', { is_active: false, archived_at: '<timestamp>', profile: { firstname: 'Paola', lastname: 'Neri', tax_id_code: tax, type_gender_id: 2 } }),
    });

    const active = await rest(t.app, '/voluntary/load', { search: tax }, asClub());
    expect(active.body.context.total).toBe(0);
    const archived = await rest(t.app, '/archive/load', { type: 'voluntary', search: tax }, asClub());
    expect(normalise(archived.body)).toEqual({
      status: true,
      message: '',
      context: {
        current_page: 1,
        data: [
          {
            id: '<uuid>',
            profile: { id: '<uuid>', firstname: 'Paola', lastname: 'Neri', tax_id_code: tax, birthday: null, email_primary: null, phone_primary: null },
            groups: [],
            is_active: false,
            created_at: '<timestamp>',
            updated_at: '<timestamp>',
          },
        ],
        last_page: 1,
        per_page: 8,
        total: 1,
      },
    });

    const edit = await rest(t.app, '/voluntary/save', { id: saved.body.context.id, ...minimal(tax) }, asClub());
    expect(edit.body).toEqual({ status: false, context: null, message: MSG.archivedReadOnly });
  });

  it('archive/load needs a valid type', async () => {
    const res = await rest(t.app, '/archive/load', { type: 'allenatori' }, asClub());
    expect(res.body).toEqual({ status: false, message: MSG.invalidFields, context: { errors: { type: MSG.kindInvalid } } });
  });
});

describe("another club's user", () => {
  let roleId: string;
  let tax: string;
  const snapshot = () => t.deps.systemDb.personRole.findUniqueOrThrow({ where: { id: roleId }, include: { person: true, athlete: true } });
  beforeAll(async () => {
    tax = nextTaxCode('REF');
    roleId = (await rest(t.app, '/athlete/save', { ...minimal(tax), health_card: 'SEGRETA' }, asClub())).body.context.id;
    await createGroupWith(t.deps, club.clubId, 'athlete', 'Gruppo riservato', [roleId]);
  });

  const notFound = { status: false, context: null, message: MSG.notFound };

  it('gets single and archive answered as for an unknown id, and nothing changes', async () => {
    const before = await snapshot();
    for (const kind of PERSON_KINDS) {
      expect((await rest(t.app, `/${kind}/single`, { id: roleId }, asOther())).body).toEqual(notFound);
      expect((await rest(t.app, `/${kind}/archive`, { id: roleId }, asOther())).body).toEqual(notFound);
    }
    expect(await snapshot()).toEqual(before);
    expect(await t.deps.systemDb.notification.count({ where: { personId: before.personId } })).toBe(0);
  });

  it('cannot update the record by its id, and its own save creates a separate person in its club', async () => {
    const before = await snapshot();
    const update = await rest(t.app, '/athlete/save', { id: roleId, ...minimal(tax, { firstname: 'Intruso' }) }, asOther());
    expect(update.body).toEqual(notFound);

    // the same tax code in the other club is another club's person: no conflict, no reuse, no leak
    const own = await rest(t.app, '/athlete/save', minimal(tax, { firstname: 'Omonimo' }), asOther());
    expect(own.body.status).toBe(true);
    expect(own.body.context.profile.firstname).toBe('Omonimo');
    expect(own.body.context.health_card).toBeNull();
    expect(own.body.context.groups).toEqual([]);
    expect(own.body.context.profile.id).not.toBe(before.personId);
    expect(await snapshot()).toEqual(before);
  });

  it('sees none of the first club in load, search, group filter or the archive', async () => {
    for (const kind of PERSON_KINDS) {
      const list = await rest(t.app, `/${kind}/load`, {}, asOther());
      expect(list.body.status).toBe(true);
      expect(list.body.context.data.map((p: { id: string }) => p.id)).not.toContain(roleId);
      expect(JSON.stringify(list.body)).not.toContain('SEGRETA');
    }
    const group = await t.deps.systemDb.group.findFirstOrThrow({ where: { clubId: club.clubId, name: 'Gruppo riservato' } });
    expect((await rest(t.app, '/athlete/load', { group_id: group.id }, asOther())).body.context).toMatchObject({ data: [], total: 0 });
    const search = await rest(t.app, '/athlete/load', { search: 'Paola' }, asOther());
    expect(search.body.context.data.every((p: { id: string }) => p.id !== roleId)).toBe(true);

    await rest(t.app, '/athlete/archive', { id: roleId }, asClub());
    const archive = await rest(t.app, '/archive/load', { type: 'athlete' }, asOther());
    expect(archive.body.context).toMatchObject({ data: [], total: 0 });
  });

  it('is refused outright when naming the first club with its own session', async () => {
    for (const path of ['/athlete/load', '/athlete/single', '/athlete/save', '/athlete/archive', '/archive/load']) {
      const res = await rest(t.app, path, { id: roleId, type: 'athlete' }, { token: other.token, club: club.clubToken });
      expect(res.statusCode).toBe(403);
      expect(res.body).toEqual({ status: false, context: null, message: MSG.clubForbidden });
    }
  });
});
