// One rule, one function (issue 35 point 4): an expiry written into an athlete's legacy field does the same to the
// certificate history whether the person form saves it or an import writes it (certificates/legacy-certificate-rule.ts,
// called by certificates.service.ts and by import-certificates.ts with set-based writes); the import's undo puts a
// corrected certificate back and removes one it added.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../../server/context';
import { legacyCertificateChange } from '../../../server/modules/certificates/legacy-certificate-rule';
import { importPeople } from '../../../server/modules/imports/import-people.service';
import { undoImport } from '../../../server/modules/imports/import-undo.service';
import { savePerson } from '../../../server/modules/people/save-person.service';
import { createClub } from '../../support/factories';
import { clubContext, createPerson } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { csvFile } from './import-fixtures';

let t: TestApp;
let ctx: RequestContext;
let clubId: string;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  const club = await createClub(t.deps);
  clubId = club.clubId;
  ctx = await clubContext(t.deps, club);
});

type Earlier = { expiresOn: string; issuedOn: string | null } | null;

/** An athlete whose history holds `earlier` (a legacy entry when issuedOn is null). */
async function athleteWith(earlier: Earlier) {
  const athlete = await createPerson(ctx, 'athlete', { profile: { firstname: 'Lia', lastname: 'Neri' } });
  if (earlier) {
    await t.deps.systemDb.medicalCertificate.create({
      data: { clubId, personId: athlete.personId, type: earlier.issuedOn ? 'agonistico' : null, expiresOn: new Date(earlier.expiresOn), issuedOn: earlier.issuedOn ? new Date(earlier.issuedOn) : null },
    });
  }
  return athlete;
}

const history = async (personId: string) =>
  (await t.deps.systemDb.medicalCertificate.findMany({ where: { personId }, orderBy: [{ expiresOn: 'asc' }] })).map((m) => [m.expiresOn.toISOString().slice(0, 10), m.type, m.issuedOn ? 'rilasciato' : 'legacy']);

const byForm = async (athlete: Awaited<ReturnType<typeof athleteWith>>, expiresOn: string) =>
  savePerson(ctx, 'athlete', { id: athlete.roleId, profile: { firstname: 'Lia', lastname: 'Neri', taxIdCode: athlete.taxIdCode, typeGenderId: 1 }, details: { medicalExaminationExpirationDate: expiresOn } });

const byImport = (athlete: Awaited<ReturnType<typeof athleteWith>>, expiresOn: string) =>
  importPeople(ctx, {
    kind: 'athlete',
    dryRun: false,
    file: csvFile([
      ['Nome', 'Cognome', 'Codice fiscale', 'Sesso', 'Scadenza visita medica'],
      ['Lia', 'Neri', athlete.taxIdCode, 'M', expiresOn.split('-').reverse().join('/')],
    ]),
  });

// Each case: the history before, the expiry written, the history after (what the rule answers).
const CASES: Array<{ name: string; earlier: Earlier; expiresOn: string; after: unknown[] }> = [
  { name: 'no history: recorded', earlier: null, expiresOn: '2027-03-31', after: [['2027-03-31', null, 'legacy']] },
  { name: 'a later expiry: a renewal, a new entry', earlier: { expiresOn: '2026-06-30', issuedOn: null }, expiresOn: '2027-03-31', after: [['2026-06-30', null, 'legacy'], ['2027-03-31', null, 'legacy']] },
  { name: 'an earlier expiry over a legacy entry: a typo corrected', earlier: { expiresOn: '2027-06-30', issuedOn: null }, expiresOn: '2027-03-31', after: [['2027-03-31', null, 'legacy']] },
  {
    name: 'an earlier expiry over an issued certificate: an older one of its own',
    earlier: { expiresOn: '2027-06-30', issuedOn: '2026-06-30' },
    expiresOn: '2027-03-31',
    after: [['2027-03-31', null, 'legacy'], ['2027-06-30', 'agonistico', 'rilasciato']],
  },
  { name: 'the same expiry as the latest: nothing', earlier: { expiresOn: '2027-03-31', issuedOn: '2026-03-31' }, expiresOn: '2027-03-31', after: [['2027-03-31', 'agonistico', 'rilasciato']] },
];

describe('the legacy certificate rule, person form and import alike', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const viaForm = await athleteWith(c.earlier);
      await byForm(viaForm, c.expiresOn);
      const viaImport = await athleteWith(c.earlier);
      const run = await byImport(viaImport, c.expiresOn);
      expect(run).toMatchObject({ status: 'completed', counts: { updated: 1, invalid: 0 } });
      expect(await history(viaForm.personId)).toEqual(c.after);
      expect(await history(viaImport.personId)).toEqual(c.after);
    });
  }

  it("the import's undo puts a corrected certificate back and removes one it added", async () => {
    const corrected = await athleteWith({ expiresOn: '2027-06-30', issuedOn: null });
    const run = await byImport(corrected, '2027-03-31');
    expect(await history(corrected.personId)).toEqual([['2027-03-31', null, 'legacy']]);
    await undoImport(ctx, run.runId);
    expect(await history(corrected.personId)).toEqual([['2027-06-30', null, 'legacy']]);

    const renewed = await athleteWith({ expiresOn: '2026-06-30', issuedOn: null });
    const second = await byImport(renewed, '2027-03-31');
    expect(await history(renewed.personId)).toHaveLength(2);
    await undoImport(ctx, second.runId);
    expect(await history(renewed.personId)).toEqual([['2026-06-30', null, 'legacy']]);
  });

  it('is one pure function: the same input, the same answer', () => {
    const latest = { id: 'c1', expiresOn: '2027-06-30', issuedOn: null, type: null, fileId: null };
    expect(legacyCertificateChange(latest, { expiresOn: '2027-03-31', legacyTypeId: null, fileId: null })).toEqual({ action: 'update', id: 'c1', expiresOn: '2027-03-31', type: null, fileId: null });
    expect(legacyCertificateChange(null, { expiresOn: '2027-03-31', legacyTypeId: null, fileId: null })).toEqual({ action: 'create', expiresOn: '2027-03-31', type: null, fileId: null });
  });
});
