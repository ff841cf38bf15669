// updateClub / updateClubSettings on a real database: every §3 field with its addresses, the logo (stored by content,
// replaced, removed), and every refusal leaving the stored club (and its files) exactly as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { clubInput, isValidPartitaIva } from '../../../schema/validation/club';
import type { RequestContext } from '../../../server/context';
import { NotFoundError, ValidationError } from '../../../server/lib/errors';
import { updateClub, updateClubSettings } from '../../../server/modules/clubs/update-club.service';
import { createClub, serviceContext, type TestClub } from '../../support/factories';
import { clubContext } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { fakePdf, jpeg, pdf, png, webp } from '../files/fixtures';

let t: TestApp;
let club: TestClub;
let ctx: RequestContext;
let other: TestClub;
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps, { fullName: 'ASD Prima' });
  ctx = await clubContext(t.deps, club);
  other = await createClub(t.deps, { fullName: 'ASD Altrui' });
});
afterAll(() => t.close());

const logoFile = (content: Buffer, filename = 'logo.png') => ({ filename, mimeType: 'image/png', content });

/** Everything the club owns that an update may touch. */
async function snapshot(clubId = club.clubId) {
  const [row, addresses, files] = await Promise.all([
    t.deps.systemDb.club.findUniqueOrThrow({ where: { id: clubId } }),
    t.deps.systemDb.address.findMany({ where: { clubId }, orderBy: { id: 'asc' } }),
    t.deps.systemDb.storedFile.findMany({ where: { clubId }, select: { id: true, purpose: true, size: true }, orderBy: { id: 'asc' } }),
  ]);
  return { row, addresses, files };
}

async function validationFields(promise: Promise<unknown>): Promise<Record<string, string>> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).message).toBe(MSG.invalidFields);
  return (error as ValidationError).fields;
}

const FULL = {
  fullName: '  ASD Polisportiva Romagna  ',
  typeClub: 'ASD',
  sport: 'pallavolo',
  foundation: '1977',
  companyName: 'Polisportiva Romagna',
  vatNumber: 'IT 012 3456 7897',
  fiscalCode: '01234567897',
  legalRepresentativeNameSurname: 'Mario Rossi',
  legalRepresentativeFiscalCode: 'rssmra80a01h501u',
  emailPrimary: 'Segreteria@Example.IT',
  emailSecondary: 'presidenza@example.it',
  phonePrimary: '0039 0541 123-456',
  phoneSecondary: '+39 333 1234567',
  legalAddress: { address: 'Via Roma', streetNumber: '1', postalCode: '47921', city: 'Rimini', province: 'RN', country: 'Italia' },
  clubAddress: { address: 'Via dello Stadio', streetNumber: '10', city: 'Rimini' },
  primaryColor: '#1E40AF',
  secondaryColor: '#facc15',
  seasonLabel: '2025/26',
};

describe('updateClub', () => {
  it('writes every field, normalised, with both addresses, and answers the spec message', async () => {
    const result = await updateClub(ctx, FULL);
    expect(result).toEqual({ clubId: club.clubId, message: 'Dati club aggiornati con successo' });
    const saved = await t.deps.systemDb.club.findUniqueOrThrow({ where: { id: club.clubId }, include: { legalAddress: true, clubAddress: true } });
    expect(saved).toMatchObject({
      fullName: 'ASD Polisportiva Romagna',
      typeClub: 'ASD',
      sport: 'pallavolo',
      foundation: 1977,
      companyName: 'Polisportiva Romagna',
      vatNumber: '01234567897',
      fiscalCode: '01234567897',
      legalRepresentativeNameSurname: 'Mario Rossi',
      legalRepresentativeFiscalCode: 'RSSMRA80A01H501U',
      emailPrimary: 'segreteria@example.it',
      phonePrimary: '+390541123456',
      phoneSecondary: '+393331234567',
      primaryColor: '#1e40af',
      secondaryColor: '#facc15',
      seasonLabel: '2025/26',
    });
    expect(saved.legalAddress).toMatchObject({ ...FULL.legalAddress, clubId: club.clubId });
    expect(saved.clubAddress).toMatchObject({ address: 'Via dello Stadio', streetNumber: '10', city: 'Rimini', postalCode: null });
  });

  it('clears emptied fields and keeps fields left out; the address rows are updated in place', async () => {
    const before = await snapshot();
    await updateClub(ctx, { fullName: 'ASD Polisportiva Romagna', companyName: '', emailSecondary: null, seasonLabel: '', legalAddress: { city: 'Riccione', province: '' } });
    const after = await t.deps.systemDb.club.findUniqueOrThrow({ where: { id: club.clubId }, include: { legalAddress: true } });
    expect(after).toMatchObject({ companyName: null, emailSecondary: null, seasonLabel: null, vatNumber: '01234567897', sport: 'pallavolo' });
    expect(after.legalAddressId).toBe(before.row.legalAddressId);
    expect(after.legalAddress).toMatchObject({ city: 'Riccione', province: null, address: 'Via Roma' });
    await updateClub(ctx, { fullName: 'ASD Polisportiva Romagna', seasonLabel: '2025/26' });
  });

  it('stores a PNG, JPEG or WebP logo by content, replaces the old file and removes it on request', async () => {
    await updateClub(ctx, { fullName: 'ASD Polisportiva Romagna' }, { logo: logoFile(png(), 'stemma.png') });
    const first = await t.deps.systemDb.club.findUniqueOrThrow({ where: { id: club.clubId }, include: { logoFile: true } });
    expect(first.logoFile).toMatchObject({ purpose: 'logo', mimeType: 'image/png', filename: 'stemma.png', size: png().length, clubId: club.clubId });

    // The name and claimed type do not matter: the bytes say JPEG.
    await updateClub(ctx, { fullName: 'ASD Polisportiva Romagna' }, { logo: logoFile(jpeg(), 'stemma.png') });
    const second = await t.deps.systemDb.club.findUniqueOrThrow({ where: { id: club.clubId }, include: { logoFile: true } });
    expect(second.logoFile).toMatchObject({ mimeType: 'image/jpeg' });
    expect(await t.deps.systemDb.storedFile.count({ where: { id: first.logoFileId! } })).toBe(0);

    await updateClub(ctx, { fullName: 'ASD Polisportiva Romagna' }, { logo: async () => logoFile(webp(), 'stemma.webp') });
    const third = await t.deps.systemDb.club.findUniqueOrThrow({ where: { id: club.clubId }, include: { logoFile: true } });
    expect(third.logoFile).toMatchObject({ mimeType: 'image/webp' });
    expect(await t.deps.systemDb.storedFile.count({ where: { clubId: club.clubId, purpose: 'logo' } })).toBe(1);

    await updateClub(ctx, { fullName: 'ASD Polisportiva Romagna' }, { removeLogo: true });
    expect((await t.deps.systemDb.club.findUniqueOrThrow({ where: { id: club.clubId } })).logoFileId).toBeNull();
    expect(await t.deps.systemDb.storedFile.count({ where: { clubId: club.clubId, purpose: 'logo' } })).toBe(0);
  });

  it.each([
    ['a PDF', pdf(), MSG.logoTypeNotAllowed],
    ['text named .png', fakePdf(), MSG.logoTypeNotAllowed],
    ['a PNG cut short', png().subarray(0, 40), MSG.logoUnreadable],
    ['a PNG with garbage after it', Buffer.concat([png(), Buffer.from('garbage')]), MSG.logoUnreadable],
    ['an empty file', Buffer.alloc(0), MSG.fileEmpty],
    ['a logo over 2 MB', Buffer.concat([png(), Buffer.alloc(LOGO_MAX_BYTES)]), MSG.logoTooLarge],
  ])('refuses %s with an Italian field error and changes nothing', async (_name, content, message) => {
    await updateClub(ctx, { fullName: 'ASD Polisportiva Romagna' }, { logo: logoFile(png()) });
    const before = await snapshot();
    const fields = await validationFields(updateClub(ctx, { ...FULL, fullName: 'Nome Cambiato' }, { logo: logoFile(content) }));
    expect(fields).toEqual({ logo: message });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an invalid VAT number, email, phone, colour, season or year with field messages, changing nothing', async () => {
    const before = await snapshot();
    const fields = await validationFields(
      updateClub(
        ctx,
        {
          ...FULL,
          fullName: '',
          typeClub: 'SPA',
          vatNumber: '12345678901',
          fiscalCode: '123',
          legalRepresentativeFiscalCode: 'XYZ',
          emailPrimary: 'non-una-email',
          phonePrimary: 'abc',
          foundation: 1700,
          primaryColor: 'blue',
          seasonLabel: '2025/27',
          legalAddress: { city: 'x'.repeat(300) },
        },
        { logo: logoFile(png()) },
      ),
    );
    expect(fields).toEqual({
      fullName: MSG.clubNameRequired,
      typeClub: MSG.clubTypeInvalid,
      vatNumber: MSG.vatChecksum,
      fiscalCode: MSG.clubFiscalCodeInvalid,
      legalRepresentativeFiscalCode: MSG.invalidTaxCode,
      emailPrimary: MSG.emailInvalid,
      phonePrimary: MSG.phonePrimaryDigits,
      foundation: MSG.invalidFoundation,
      primaryColor: MSG.colorInvalid,
      seasonLabel: MSG.seasonLabelInvalid,
      'legalAddress.city': MSG.textTooLong,
    });
    expect((await validationFields(updateClub(ctx, { fullName: 'X', vatNumber: '123' })))).toEqual({ vatNumber: MSG.vatFormat });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses another club's id as an unknown one, and the other club is untouched", async () => {
    const before = [await snapshot(), await snapshot(other.clubId)];
    for (const id of [other.clubId, '00000000-0000-0000-0000-000000000000', 'non-un-id']) {
      await expect(updateClub(ctx, { ...FULL, id, fullName: 'Presa' }, { logo: logoFile(png()) })).rejects.toBeInstanceOf(NotFoundError);
      await expect(updateClubSettings(ctx, { id, primaryColor: '#000000' })).rejects.toBeInstanceOf(NotFoundError);
    }
    expect([await snapshot(), await snapshot(other.clubId)]).toEqual(before);
    // Its own id is fine (legacy clients send it).
    await expect(updateClub(ctx, { id: club.clubId, fullName: 'ASD Polisportiva Romagna' })).resolves.toMatchObject({ clubId: club.clubId });
  });

  it('needs a session and a club', async () => {
    await expect(updateClub(serviceContext(t.deps), FULL)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    const noClub = serviceContext(t.deps, { ...ctx.viewer!, membership: null });
    await expect(updateClub(noClub, FULL)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('updateClubSettings', () => {
  it('saves the season label and colours with the same rules, and only those', async () => {
    const before = await snapshot();
    expect(await updateClubSettings(ctx, { seasonLabel: '2026/27', primaryColor: '#AA0000', secondaryColor: '#00aa00', fullName: 'Ignorato' })).toEqual({
      clubId: club.clubId,
      message: MSG.changesSaved,
    });
    const after = await snapshot();
    expect(after.row).toMatchObject({ seasonLabel: '2026/27', primaryColor: '#aa0000', secondaryColor: '#00aa00', fullName: before.row.fullName });
    const fields = await validationFields(updateClubSettings(ctx, { seasonLabel: '26/27', primaryColor: '#12345', secondaryColor: 'red' }));
    expect(fields).toEqual({ seasonLabel: MSG.seasonLabelInvalid, primaryColor: MSG.colorInvalid, secondaryColor: MSG.colorInvalid });
    await updateClubSettings(ctx, { seasonLabel: null });
    expect((await snapshot()).row).toMatchObject({ seasonLabel: null, primaryColor: '#aa0000' });
  });
});

describe('shared rules', () => {
  it('checks the partita IVA check digit', () => {
    expect(['00743110157', '01234567897', '12345678903'].every(isValidPartitaIva)).toBe(true);
    expect(['12345678901', '0074311015', 'abcdefghijk'].some(isValidPartitaIva)).toBe(false);
    expect(clubInput.safeParse({ fullName: 'A', foundation: new Date().getFullYear() + 1 }).success).toBe(false);
    expect(clubInput.safeParse({ fullName: 'A', foundation: 1800, seasonLabel: '2099/00' }).success).toBe(true);
    // The codice fiscale is checked for its format only (the demo club's entity code has no partita IVA check digit).
    expect(clubInput.safeParse({ fullName: 'A', fiscalCode: '91234560377' }).success).toBe(true);
  });
});
