// axe-core on every screen (issue 15): the public site, the sign-in pages and the admin area, at 375 and 1440 px,
// with the menus, dialogs, side panels and validation errors a user meets open too. Any critical or serious
// violation fails the test, every screen's listed at once (rule, impact, element, snippet). The phone sees the
// admin in CampoBase green, the desktop in a club's own colours (a mid-tone where near-black text falls short).
// Fast by design: one page per viewport, two full loads (signed out, then signed in), every other screen reached
// client-side, axe injected once per document. The account signed in belongs to two clubs, so the club switcher is
// on every admin screen (and its menu opened once); the import preview is reached with a file whose tables scroll.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, clubDate } from '../../schema/club-time';
import { CLUB_STORAGE_KEY, SESSION_STORAGE_KEY } from '../../schema/constants';
import { MSG } from '../../schema/messages';
import { formatFindings, seriousViolations } from '../support/accessibility';
import { launchBrowser, openMenu, openProfileMenu, VIEWPORTS } from '../support/browser';
import { addClubTo, addCollaborator, createClub, type TestClub } from '../support/factories';
import { scrollingPreviewCsv } from '../support/import-factories';
import { startLiveServer } from '../support/live-server';
import { affiliate, organisationOf } from '../support/organisation-factories';
import { clubContext, createPerson } from '../support/people-factories';
import { createGroup, createPost } from '../support/registry-factories';
import { withCheckCharacter } from '../support/tax-code-factories';

const SHOTS = process.env.CAMPOBASE_SCREENSHOTS; // e.g. /tmp/a11y-shots: a screenshot of every screen checked

interface SeededClub extends TestClub {
  athleteRole: string;
  athletePerson: string;
  categoryId: string;
  organisationId: string;
}

let server: Awaited<ReturnType<typeof startLiveServer>>;
const clubs: Record<string, SeededClub> = {};
let dir: string;

/** A club with something on every screen: people of each kind, a category, posts with priorities, an archived
 * athlete, a possible duplicate, a collaborator, an organisation it is affiliated to; its owner is in a second club. */
async function seededClub(fullName: string, colours?: { primaryColor: string; secondaryColor: string }): Promise<SeededClub> {
  const club = await createClub(server.deps, { fullName });
  if (colours) await server.deps.systemDb.club.update({ where: { id: club.clubId }, data: colours });
  const ctx = await clubContext(server.deps, club);
  const athlete = await createPerson(ctx, 'athlete', {
    profile: { firstname: 'Giulia', lastname: 'Neri', birthday: '2012-05-04', taxIdCode: withCheckCharacter('NRIGLI12E44F205'), typeGenderId: 2, email: 'giulia@example.it' },
    details: { medicalExaminationExpirationDate: addDays(clubDate(new Date()), 10) },
  });
  await createPerson(ctx, 'athlete', { profile: { firstname: 'Marco', lastname: 'Bruni', birthday: '2011-01-01' } });
  // a possible duplicate of Giulia: same name and birth date, a tax code one character apart
  await createPerson(ctx, 'member', {
    profile: { firstname: 'Giulia', lastname: 'Neri', birthday: '2012-05-04', taxIdCode: withCheckCharacter('NRIGLI12E44F206'), typeGenderId: 2 },
  });
  for (const kind of ['coach', 'manager', 'staff', 'voluntary'] as const) await createPerson(ctx, kind, { profile: { firstname: 'Paolo', lastname: 'Gialli' } });
  const archived = await createPerson(ctx, 'athlete', { profile: { firstname: 'Sara', lastname: 'Rosa' } });
  await server.deps.systemDb.personRole.update({ where: { id: archived.roleId }, data: { archivedAt: new Date(), isActive: false } });
  const category = await createGroup(ctx, { name: 'Under 14', type: 'athlete' });
  await server.deps.systemDb.groupMember.create({ data: { clubId: club.clubId, groupId: category.id, roleId: athlete.roleId } });
  await createGroup(ctx, { name: 'Staff tecnico', type: 'coach' });
  await createPost(ctx, { title: 'Convocazioni', caption: 'Sabato alle 15', priority: 1, groupIds: [category.id] });
  await createPost(ctx, { title: 'Campo chiuso', caption: 'Per neve', priority: 2 });
  await createPost(ctx, { title: 'Foto di squadra', caption: 'Giovedì' });
  await addCollaborator(server.deps, club, 'segreteria');
  const organisation = await organisationOf(server.deps, club, `Federazione ${fullName}`);
  await affiliate(server.deps, organisation.id, club.clubId, ['club.profile', 'people.registry']);
  await addClubTo(server.deps, club.accountId, `Seconda ${fullName}`);
  return { ...club, athleteRole: athlete.roleId, athletePerson: athlete.personId, categoryId: category.id, organisationId: organisation.id };
}

beforeAll(async () => {
  server = await startLiveServer();
  dir = await mkdtemp(join(tmpdir(), 'campobase-a11y-'));
  clubs.phone = await seededClub('ASD Accessibile');
  clubs.desktop = await seededClub('ASD Colori Propri', { primaryColor: '#d9480f', secondaryColor: '#1e3a8a' });
}, 120_000);
afterAll(() => server?.close());

const PUBLIC_PATHS = [
  '/pricing',
  '/cart',
  '/funzionalita/tesserati',
  '/funzionalita/documenti',
  '/funzionalita/contabilita',
  '/feature/comunicazioni',
  '/tester',
  '/wizard',
  '/inscription',
  '/richiedi-informazioni',
  '/privacy',
  '/terms',
  '/informativa',
  '/cookie-policy',
  '/sicurezza',
];

describe.each(Object.entries(VIEWPORTS))('accessibility on %s', (name, viewport) => {
  it('has no critical or serious axe violation on any screen, dialogs and menus open', async () => {
    const club = clubs[name];
    const phone = viewport.width < 768;
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    const failures: string[] = [];
    /** axe on the page as it is now; findings are collected, so one run reports every screen. */
    const check = async (label: string) => {
      await settled(page);
      // the pointer rests away from what was clicked: axe reads colours at rest, not a hovered button's
      await page.mouse.move(viewport.width - 2, viewport.height - 2);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${label.replace(/[^a-z0-9]+/gi, '-')}.png` });
      const findings = await seriousViolations(page);
      if (findings.length) failures.push(formatFindings(`${name} ${label}`, findings));
    };
    /**
     * Brings the page to a state (`reach`, e.g. opening a dialog) and checks it. A state that cannot be reached is
     * reported with the rest rather than stopping the run; Escape then closes whatever was left open.
     */
    const scene = async (label: string, reach: () => Promise<unknown>) => {
      try {
        await reach();
      } catch (error) {
        failures.push(`${name} ${label}: not reached (${(error as Error).message.split('\n')[0]})`);
        await page.keyboard.press('Escape');
        return;
      }
      await check(label);
    };
    /** Goes to `path` inside the app (no reload) and checks it once its first heading shows. */
    const visit = (path: string, label = path) => scene(label, () => navigate(page, path));
    const dialog = (label: string | RegExp) => page.getByRole('dialog', { name: label });
    const anyDialog = () => page.getByRole('alertdialog').or(page.getByRole('dialog')).first();
    const closeDialog = async () => {
      await page.keyboard.press('Escape');
      await anyDialog().waitFor({ state: 'detached' });
    };
    try {
      // --- the public site, signed out; the cookie banner and its preferences first
      await scene('/ with the cookie banner', async () => {
        await page.goto(`${server.url}/`);
        await page.getByTestId('cookie-banner').waitFor();
      });
      await scene('cookie preferences', async () => {
        await page.getByTestId('cookie-banner').getByRole('button', { name: 'Preferenze' }).click();
        await page.getByTestId('cookie-preferences').waitFor();
      });
      await page.getByTestId('cookie-preferences').getByRole('button', { name: 'Salva preferenze' }).click();
      await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
      await scene('/ with the features menu open', async () => {
        await page.getByTestId('mega-menu-trigger').click();
        await page.getByTestId('mega-menu').waitFor();
      });
      await page.getByTestId('mega-menu-trigger').click();
      for (const path of PUBLIC_PATHS) await visit(path);

      // --- signing in, signing up, a lost password, the 404
      // (the public site and the app are two trees on one page: from the first to the second, a page load)
      await scene('/login', async () => {
        await page.goto(`${server.url}/login`);
        await page.locator('h1').first().waitFor();
      });
      await scene('/login with errors', async () => {
        await page.getByRole('button', { name: 'Accedi', exact: true }).click();
        await page.getByText(MSG.credentialsRequired).waitFor();
      });
      await scene('/login refused (toast)', async () => {
        await page.getByLabel('Email').fill(club.email);
        await page.getByLabel('Password', { exact: true }).fill('password-sbagliata');
        await page.getByRole('button', { name: 'Accedi', exact: true }).click();
        await page.getByText(MSG.loginFailed).first().waitFor();
      });
      await visit('/signup');
      await scene('/signup with errors', async () => {
        await page.getByRole('button', { name: 'Avanti' }).click();
        await page.locator('[role="alert"]:visible, [data-part="error-text"]:visible').first().waitFor();
      });
      await visit('/forgot-password');
      await visit('/pagina-inesistente', '404 (signed out)');

      // --- the admin area: signed in once, every screen reached from there
      await page.evaluate(
        ({ keys, tokens }) => {
          localStorage.setItem(keys.session, tokens.session);
          localStorage.setItem(keys.club, tokens.club);
        },
        { keys: { session: SESSION_STORAGE_KEY, club: CLUB_STORAGE_KEY }, tokens: { session: club.token, club: club.clubToken } },
      );
      await scene('/dashboard', async () => {
        await page.goto(`${server.url}/dashboard`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
      });
      await scene('club switcher menu', () => openMenu(page, page.getByRole('button', { name: /Cambia società$/ })));
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });
      await scene('profile menu', () => openProfileMenu(page));
      await scene('feedback dialog', async () => {
        await page.getByRole('menuitem', { name: 'Lascia un feedback' }).click();
        await dialog('Lascia un feedback').waitFor();
      });
      await closeDialog();
      await scene('dashboard new athlete dialog', async () => {
        await page.getByRole('button', { name: 'Nuovo atleta', exact: true }).click();
        await dialog('Nuovo atleta').getByLabel('Nome', { exact: true }).waitFor();
      });
      await closeDialog();
      if (phone) {
        await scene('navigation drawer', async () => {
          await page.getByRole('button', { name: 'Apri menu' }).click();
          await page.getByRole('dialog').getByRole('link', { name: 'Atleti' }).waitFor();
        });
        await closeDialog();
      }

      // the athletes: the list, a row's menu, the archive confirmation, "Associa", the form with its errors
      await visit('/athlete');
      const rowMenu = page.getByRole('button', { name: 'Azioni per Giulia Neri' });
      await scene('athlete row menu', () => openMenu(page, rowMenu));
      await scene('archive confirmation', async () => {
        await page.getByRole('menuitem', { name: 'Archivia' }).click();
        await anyDialog().waitFor();
      });
      await page.getByRole('button', { name: 'Annulla' }).click();
      await anyDialog().waitFor({ state: 'detached' });
      await scene('assign dialog', async () => {
        await openMenu(page, rowMenu);
        await page.getByRole('menuitem', { name: 'Associa' }).click();
        await dialog('Associa Giulia Neri').waitFor();
      });
      await closeDialog();
      await scene('new athlete side panel with errors', async () => {
        await page.getByRole('button', { name: 'Nuovo', exact: true }).click();
        await dialog('Nuovo atleta').getByRole('button', { name: 'Salva' }).click();
        await dialog('Nuovo atleta').locator('[data-part="error-text"]:visible').first().waitFor();
      });
      await closeDialog();

      for (const path of ['/staff/coach', '/staff/manager', '/staff/assistant', '/club/member', '/club/voluntary']) await visit(path);
      await visit(`/persona/${club.athleteRole}`, 'person page');
      await scene('new certificate dialog', async () => {
        await page.getByRole('button', { name: 'Nuovo certificato' }).click();
        await anyDialog().waitFor();
      });
      await closeDialog();

      await visit('/groups');
      await scene('new group side panel', async () => {
        await page.getByRole('button', { name: 'Nuovo gruppo' }).click();
        await anyDialog().waitFor();
      });
      await closeDialog();
      await visit('/category');
      await visit(`/category/${club.categoryId}/idoneita`, 'eligibility');
      await visit('/feed');
      await scene('new post side panel', async () => {
        await page.getByRole('button', { name: 'Nuovo post' }).click();
        await anyDialog().waitFor();
      });
      await closeDialog();

      await visit('/import/athlete');
      await scene('import preview (tables that scroll)', async () => {
        const file = join(dir, `anteprima-${name}.csv`);
        await writeFile(file, scrollingPreviewCsv(name === 'phone' ? 500 : 600));
        await page.locator('input[type="file"]').setInputFiles(file);
        await page.getByRole('button', { name: 'Continua' }).click();
        await page.getByRole('table', { name: 'Persone che cambiano' }).waitFor();
      });
      for (const path of [
        '/archive',
        '/duplicati',
        '/club',
        '/modifica-club',
        '/impostazioni',
        '/collaboratori',
        '/affiliazioni',
        '/registro-accessi',
        '/richieste-famiglie',
        // the fees (issue 37): the overdue list and a statement (the season's page below, with its plan dialog)
        '/quote/scaduti',
        `/quote/famiglia/${club.athletePerson}`,
        '/organizzazione',
        `/organizzazione/${club.organisationId}`,
        '/modifica-utente',
        '/account/sicurezza',
        '/aiuto',
        '/collega-profilo',
        '/invito',
        '/organizzazione/invito',
        // the personal area, in its own layout (an account linked to nobody: what to ask the club); its person page and
        // forms are checked in tests/e2e/family-area.test.ts
        '/area',
      ]) await visit(path);
      await visit('/quote');
      await scene('new fee plan dialog', async () => {
        await page.getByRole('button', { name: 'Crea il primo piano' }).click();
        await dialog('Nuovo piano').getByLabel('Nome del piano').waitFor();
      });
      await closeDialog();
      await visit('/pagina-inesistente', '404 (signed in)');
    } finally {
      await browser.close();
    }
    expect(failures.join('\n\n')).toBe('');
  }, 300_000);
});

/** Client-side navigation, as a link would do it (React Router follows popstate): no reload, axe stays. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // (a page may redirect, e.g. a feature page to its first tab: the address is not waited for)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.locator('h1').first().waitFor();
}

/** Nothing loading any more: no spinner, no busy region, no "Caricamento" status; two frames for React to render. */
async function settled(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(
    () =>
      !document.querySelector('.chakra-spinner, [aria-busy="true"]') &&
      ![...document.querySelectorAll('[role="status"]')].some((el) => /Caricamento/.test(el.textContent ?? '')),
    undefined,
    { timeout: 15_000, polling: 50 },
  );
}
