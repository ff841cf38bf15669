// The UI follows the role, and an account works in several clubs (issue 11, points 4 and 7), in a real browser on a
// phone and on a desktop: a `lettura` collaborator finds no write button and opens records read-only, without health
// fields; a coach edits their athletes (health fields read-only) but registers nobody; a `segreteria` collaborator
// has no Collaboratori entry and gets the "no permission" page at its address; an account in two clubs switches club
// from the top bar and sees the other club's people; the owner archives a club after a confirmation and goes on in
// the other one, then archives that too and is left without a club.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { closeMenu, launchBrowser, openMenu, profileMenuEntries, screenshot, storeSession, VIEWPORTS } from '../support/browser';
import { addClubTo, addCollaborator, createClub, type TestClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';
import { clubContext, createGroupWith, createPerson } from '../support/people-factories';


let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

/** The sidebar's entries (the drawer's on a phone). */
async function navEntries(page: Page, phone: boolean): Promise<string[]> {
  if (phone) await page.getByRole('button', { name: 'Apri menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Menu principale' });
  await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
  const entries = (await nav.getByRole('link').allInnerTexts()).map((s) => s.trim());
  if (phone) {
    await page.getByRole('button', { name: 'Chiudi menu' }).click();
    await nav.waitFor({ state: 'hidden' });
  }
  return entries;
}

/** A club of its own with one athlete (in a group, with health data) and one member, and the athlete group. */
async function clubWithPeople(fullName: string) {
  const owner = await createClub(server.deps, { fullName });
  const ctx = await clubContext(server.deps, owner);
  const athlete = await createPerson(ctx, 'athlete', {
    profile: { firstname: 'Giulia', lastname: 'Neri' },
    details: { allergies: 'Graminacee', athleteAttorneyName: 'Studio Bianchi' },
  });
  await createPerson(ctx, 'member', { profile: { firstname: 'Carlo', lastname: 'Soci' } });
  const group = await createGroupWith(server.deps, owner.clubId, 'athlete', 'Under 12', [athlete.roleId]);
  return { owner, groupId: group.id };
}

describe.each(Object.entries(VIEWPORTS))('roles and clubs on %s', (name, viewport) => {
  const phone = name === 'phone';
  let page: Page;
  let close: () => Promise<void>;

  // A fresh profile for each test: nothing of the previous account stays in the browser.
  beforeEach(async () => {
    const browser = await launchBrowser(viewport);
    close = browser.close;
    page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
  });
  afterEach(() => close?.());

  it('lettura: no write button anywhere, records read-only and without health data', async () => {
    const { owner } = await clubWithPeople(`ASD Lettura ${name}`);
    const reader = await addCollaborator(server.deps, owner, 'lettura');
    await storeSession(page, server.url, reader);

    await page.goto(`${server.url}/athlete`);
    await page.getByRole('button', { name: 'Giulia Neri' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Nuovo', exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Importa' }).count()).toBe(0);
    await openMenu(page, page.getByRole('button', { name: 'Azioni per Giulia Neri' }));
    expect((await page.getByRole('menuitem').allInnerTexts()).map((s) => s.trim())).toEqual(['Visualizza']);
    // "Visualizza" opens the person page (tests/e2e/certificates.test.ts); the name opens the record in the panel
    await closeMenu(page);
    await page.getByRole('button', { name: 'Giulia Neri' }).first().click();

    const panel = page.getByRole('dialog', { name: 'Scheda atleta' });
    await panel.getByLabel('Nome', { exact: true }).waitFor();
    expect(await panel.getByLabel('Nome', { exact: true }).inputValue()).toBe('Giulia');
    expect(await panel.getByLabel('Nome', { exact: true }).isEditable()).toBe(false);
    expect(await panel.getByLabel('Procuratore').isEditable()).toBe(false);
    expect(await panel.getByLabel('Genere').isEditable()).toBe(false);
    // health data: not shown at all
    expect(await panel.getByLabel('Allergie').count()).toBe(0);
    expect(await panel.getByText('Certificato medico').count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Salva' }).count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Invita a collegare l’account' }).count()).toBe(0);
    await shot(page, `lettura-form-${name}`);
    await panel.getByRole('button', { name: 'Chiudi', exact: true }).last().click();
    await panel.waitFor({ state: 'hidden' });

    await page.goto(`${server.url}/feed`);
    await page.getByRole('heading', { name: 'Feed', level: 1 }).waitFor();
    await page.getByText('Non ci sono ancora post.').waitFor();
    expect(await page.getByRole('button', { name: 'Nuovo post' }).count()).toBe(0);
    await page.goto(`${server.url}/category`);
    await page.getByRole('heading', { name: 'Categorie', level: 1 }).waitFor();
    await page.getByText('Under 12').first().waitFor();
    expect(await page.getByRole('button', { name: 'Nuova categoria' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Azioni per Under 12' }).count()).toBe(0);
    await page.goto(`${server.url}/club`);
    await page.getByRole('heading', { name: `ASD Lettura ${name}`, level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Modifica' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Archivia società' }).count()).toBe(0);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: /Benvenuto/ }).waitFor();
    expect(await page.getByRole('heading', { name: 'Aggiungi' }).count()).toBe(0);
    expect(await profileMenuEntries(page)).toEqual(['Profilo', 'Sicurezza', 'Area personale', 'Club', 'Lascia un feedback', 'Centro assistenza', 'Esci']);
  });

  it('allenatore: edits their athletes with health data read-only, registers nobody, no members list', async () => {
    const { owner, groupId } = await clubWithPeople(`ASD Allenatore ${name}`);
    const coach = await addCollaborator(server.deps, owner, 'allenatore');
    await server.deps.systemDb.membership.updateMany({ where: { token: coach.clubToken }, data: { groupIds: [groupId] } });
    await storeSession(page, server.url, coach);

    await page.goto(`${server.url}/athlete`);
    await page.getByRole('button', { name: 'Giulia Neri' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Nuovo', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Giulia Neri' }).first().click();
    const panel = page.getByRole('dialog', { name: 'Modifica atleta' });
    await panel.getByLabel('Allergie').waitFor();
    expect(await panel.getByLabel('Allergie').inputValue()).toBe('Graminacee');
    expect(await panel.getByLabel('Allergie').isEditable()).toBe(false);
    expect(await panel.getByLabel('Nome', { exact: true }).isEditable()).toBe(true);
    await panel.getByText('I dati sanitari sono in sola lettura').waitFor();
    await panel.getByLabel('Allergie').scrollIntoViewIfNeeded();
    await shot(page, `allenatore-form-${name}`);
    await panel.getByLabel('Procuratore').fill('Studio Verdi');
    await panel.getByRole('button', { name: 'Salva' }).click();
    await page.getByText(MSG.changesSaved).first().waitFor();
    const details = await server.deps.systemDb.athleteDetails.findFirstOrThrow({ where: { role: { clubId: owner.clubId } } });
    expect(details).toMatchObject({ athleteAttorneyName: 'Studio Verdi', allergies: 'Graminacee' });

    const entries = await navEntries(page, phone);
    expect(entries).toContain('Atleti');
    expect(entries).not.toContain('Soci');
    expect(entries).not.toContain('Volontari');
    await page.goto(`${server.url}/club/member`);
    await page.getByRole('heading', { name: 'Non hai i permessi per questa pagina' }).waitFor();
  });

  it('segreteria: no Collaboratori entry, and its address shows the no-permission page with a way back', async () => {
    const { owner } = await clubWithPeople(`ASD Segreteria ${name}`);
    const office = await addCollaborator(server.deps, owner, 'segreteria');
    await storeSession(page, server.url, office);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Aggiungi' }).waitFor();
    expect(await profileMenuEntries(page)).toEqual(['Profilo', 'Sicurezza', 'Area personale', 'Club', 'Possibili duplicati', 'Lascia un feedback', 'Centro assistenza', 'Esci']);

    await page.goto(`${server.url}/collaboratori`);
    await page.getByRole('heading', { name: 'Non hai i permessi per questa pagina', level: 1 }).waitFor();
    await page.getByText('Segreteria', { exact: true }).waitFor();
    expect(await page.title()).toContain('Non hai i permessi per questa pagina');
    await shot(page, `no-permission-${name}`);
    await page.getByRole('link', { name: 'Torna alla dashboard' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: /Benvenuto/ }).waitFor();
    await page.goto(`${server.url}/impostazioni`);
    await page.getByRole('heading', { name: 'Non hai i permessi per questa pagina', level: 1 }).waitFor();
  });

  it('an account in two clubs switches club from the top bar and sees the other club’s people', async () => {
    const { owner } = await clubWithPeople(`ASD Prima ${name}`);
    // The collaborator's account: its own club (owner) and this one (segreteria), with a person of its own club.
    const member = await addCollaborator(server.deps, owner, 'segreteria');
    const ownClub = (await server.deps.systemDb.club.findFirstOrThrow({ where: { memberships: { some: { accountId: member.accountId, role: 'owner' } } } }));
    const ownCtx = await clubContext(server.deps, { ...member, clubId: ownClub.id });
    await createPerson(ownCtx, 'athlete', { profile: { firstname: 'Pietro', lastname: 'Propri' } });
    await storeSession(page, server.url, member);

    await page.goto(`${server.url}/athlete`);
    await page.getByRole('button', { name: 'Giulia Neri' }).first().waitFor();
    const switcher = page.getByRole('button', { name: /Cambia società/ });
    // its name is what it shows, then what it does (axe: label-content-name-mismatch)
    await page.getByRole('button', { name: new RegExp(`^ASD Prima ${name} Cambia società$`) }).waitFor();
    expect(await switcher.getAttribute('aria-label')).toBeNull();
    // keyboard: focus, open, move to the other club, choose it
    await switcher.focus();
    await page.keyboard.press('Enter');
    const current = page.getByRole('menuitemradio', { name: new RegExp(`ASD Prima ${name}`) });
    const other = page.getByRole('menuitemradio', { name: new RegExp(ownClub.fullName) });
    await other.waitFor();
    expect(await current.getAttribute('aria-checked')).toBe('true');
    await other.getByText('Titolare').waitFor();
    await current.getByText('Segreteria').waitFor();
    await shot(page, `club-switcher-${name}`);
    await other.focus();
    await page.keyboard.press('Enter');

    await page.getByRole('button', { name: new RegExp(`^${ownClub.fullName} Cambia società$`) }).waitFor();
    await page.getByRole('button', { name: 'Pietro Propri' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Giulia Neri' }).count()).toBe(0);
    expect(page.url()).toMatch(/\/athlete$/);
    // the choice stays after a reload, and as owner there the Collaboratori page is there
    await page.reload();
    await page.getByRole('button', { name: 'Pietro Propri' }).first().waitFor();
    expect(await profileMenuEntries(page)).toContain('Collaboratori');
  });

  it('the owner archives a club after a confirmation, goes on in the other one, then is left without a club', async () => {
    const first = await createClub(server.deps, { fullName: `ASD Archivio Uno ${name}` });
    const second = await addClubTo(server.deps, first.accountId, `ASD Archivio Due ${name}`);
    await server.deps.systemDb.membership.updateMany({ where: { token: second.clubToken }, data: { role: 'owner' } });
    const owner: TestClub = { ...first, clubId: second.clubId, clubToken: second.clubToken };
    await storeSession(page, server.url, owner);

    await page.goto(`${server.url}/club`);
    await page.getByRole('heading', { name: `ASD Archivio Due ${name}`, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Archivia società' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Archiviare ASD Archivio Due ${name}?` });
    await dialog.getByText(/Nessun dato viene cancellato/).waitFor();
    await shot(page, `archive-dialog-${name}`);
    // cancel first: nothing happens
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await server.deps.systemDb.club.findUniqueOrThrow({ where: { id: second.clubId } })).archivedAt).toBeNull();

    await page.getByRole('button', { name: 'Archivia società' }).click();
    await dialog.getByRole('button', { name: 'Archivia società' }).click();
    await page.getByText(MSG.clubArchived).first().waitFor();
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('top-bar-club').getByText(`ASD Archivio Uno ${name}`).waitFor();
    expect((await server.deps.systemDb.club.findUniqueOrThrow({ where: { id: second.clubId } })).archivedAt).not.toBeNull();
    // one club left: no switcher
    expect(await page.getByRole('button', { name: /Cambia società/ }).count()).toBe(0);

    // the last one too: the account goes on without a club
    await page.goto(`${server.url}/club`);
    await page.getByRole('heading', { name: `ASD Archivio Uno ${name}`, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Archivia società' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archivia società' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Non risulti ancora associato a una società.').waitFor();
    await page.getByTestId('top-bar-club').getByText('Nessuna società').waitFor();
    await page.goto(`${server.url}/athlete`);
    await page.getByRole('heading', { name: 'Nessuna società attiva', level: 1 }).waitFor();
    await shot(page, `no-club-${name}`);
  });
});
