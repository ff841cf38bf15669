// The club's calendar (issue 38, the screens) in a real browser against the real server. At 1440 px a secretary
// opens "Calendario" from the menu, adds a venue and a closure ("Impianti e chiusure"), creates a weekly training of a
// group (the shared rules' message first) and finds it in the month and list views; a match at the same venue and
// time shows the clash and is saved only after "Salva comunque"; one day is cancelled (struck through) and another
// moved; a group's private calendar link is made, read as iCalendar, and revoked (then 404). A coach sees the
// calendar and is refused, with the server's words, a change to an event of a group they do not coach. At 375 px the
// list is the first view and nothing scrolls sideways; axe clean at both widths.
// CAMPOBASE_SCREENSHOTS=<dir> saves each screen at 375 and 1440 px.
import { describe, expect, it } from 'vitest';
import { CAL_MSG } from '../../schema/messages-calendar';
import { launchBrowser, setPagesDate, storeSession, VIEWPORTS } from '../support/browser';
import { screenChecks } from '../support/screen-checks';
import { addCollaborator, createClub } from '../support/factories';
import { clockedLiveServer, clubMorning } from '../support/live-server';
import { clubContext, createGroupWith, createPerson } from '../support/people-factories';

const NOW = clubMorning('2026-11-16');
const server = clockedLiveServer(NOW);
const SHOTS = process.env.CAMPOBASE_SCREENSHOTS;

describe('the club calendar', () => {
  it('a secretary plans trainings and a match, changes days and shares a group feed and an athlete\'s; a coach is refused', async () => {
    const club = await createClub(server.deps, { fullName: 'ASD Calendario Felice', firstname: 'Paola', lastname: 'Titolare' });
    const secretary = await addCollaborator(server.deps, club, 'segreteria');
    const coach = await addCollaborator(server.deps, club, 'allenatore');
    const athlete = await createPerson(await clubContext(server.deps, club), 'athlete', { profile: { firstname: 'Elia', lastname: 'Calendario', birthday: '2014-02-02' } });
    await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 12', [athlete.roleId]);
    const under14 = await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 14');
    await server.deps.systemDb.membership.updateMany({ where: { token: coach.clubToken }, data: { groupIds: [under14.id] } });

    const browser = await launchBrowser(VIEWPORTS.desktop);
    await setPagesDate(browser.context, NOW);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000);
    const failures: string[] = [];
    const { check, both } = screenChecks(page, failures);
    const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });
    const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();
    const day = (iso: string, text = 'Allenamento Under 12') => page.locator(`[data-day="${iso}"]`, { hasText: text }).first();

    try {
      // --- the secretary: "Calendario" in the menu, an empty calendar
      await storeSession(page, server.url, secretary);
      await page.goto(`${server.url}/dashboard`);
      const nav = page.getByRole('navigation', { name: 'Menu principale' });
      await nav.getByRole('link', { name: 'Calendario', exact: true }).click();
      await page.waitForURL(/\/calendario$/);
      await page.getByRole('heading', { name: 'Calendario', level: 1 }).waitFor();
      await page.locator('.rbc-month-view').waitFor();
      await page.getByTestId('calendar-status').getByText('0 appuntamenti').waitFor();
      await both('C01-calendar-empty');

      // --- a venue and a closure
      await page.getByRole('link', { name: 'Impianti e chiusure' }).click();
      await page.waitForURL(/\/calendario\/impianti$/);
      await page.getByRole('heading', { name: 'Impianti e chiusure', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Aggiungi il primo impianto' }).click();
      const venue = dialog('Nuovo impianto');
      await venue.getByRole('button', { name: 'Salva' }).click();
      await venue.getByText(CAL_MSG.venueNameRequired).waitFor();
      await venue.getByLabel('Nome', { exact: true }).fill('Palestra comunale');
      await venue.getByLabel('Indirizzo', { exact: true }).fill('Via dello Sport 7, Parma');
      await check('C02-venue-dialog');
      await venue.getByRole('button', { name: 'Salva' }).click();
      await toast(CAL_MSG.venueSaved);
      await page.getByRole('list', { name: 'Impianti' }).getByText('Palestra comunale').waitFor();
      await page.getByRole('button', { name: 'Nuova chiusura' }).click();
      const closure = dialog('Nuova chiusura');
      await closure.getByLabel('Dal', { exact: true }).fill('2026-12-24');
      await closure.getByLabel('Al', { exact: true }).fill('2027-01-06');
      await closure.getByLabel('Motivo', { exact: true }).fill('Vacanze di Natale');
      await closure.getByRole('button', { name: 'Salva' }).click();
      await toast(CAL_MSG.closureSaved);
      await page.getByRole('list', { name: 'Chiusure' }).getByText('Dal 24/12/2026 al 06/01/2027').waitFor();
      await both('C03-venues');

      // --- a weekly training of the Under 12, Monday and Thursday at 18:00
      await page.getByRole('link', { name: 'Calendario', exact: true }).first().click();
      await page.waitForURL(/\/calendario$/);
      await page.getByRole('button', { name: 'Nuovo evento' }).click();
      const training = dialog('Nuovo evento');
      await training.getByRole('button', { name: 'Salva' }).click();
      await training.getByText(CAL_MSG.eventTitleRequired).waitFor();
      await training.getByText(CAL_MSG.eventGroupsRequired).waitFor();
      await training.getByLabel('Titolo', { exact: true }).fill('Allenamento Under 12');
      await training.getByRole('group', { name: 'Gruppi' }).getByText('Under 12', { exact: true }).click();
      expect(await training.getByRole('checkbox', { name: 'Under 12' }).isChecked()).toBe(true);
      await training.getByLabel('Impianto', { exact: true }).selectOption({ label: 'Palestra comunale' });
      await training.getByLabel('Giorno', { exact: true }).fill('2026-11-16');
      await training.getByLabel('Ora', { exact: true }).fill('18:00');
      await training.getByLabel('Durata (minuti)', { exact: true }).fill('90');
      await training.getByText('Si ripete ogni settimana').click();
      await training.getByRole('button', { name: 'lunedì' }).click();
      await training.getByRole('button', { name: 'giovedì' }).click();
      await training.getByLabel('Fino al', { exact: true }).fill('2027-01-31');
      await check('C04-event-dialog');
      await training.getByRole('button', { name: 'Salva' }).click();
      await toast(CAL_MSG.eventSaved);
      await training.waitFor({ state: 'detached' });
      // the month: 16, 19, 23, 26, 30 November and 3 December
      for (const iso of ['2026-11-16', '2026-11-19', '2026-11-23', '2026-11-26', '2026-11-30', '2026-12-03']) await page.locator('.rbc-month-view').locator(`[data-day="${iso}"]`).waitFor();
      await both('C05-month');
      await page.getByRole('button', { name: 'Elenco', exact: true }).click();
      await page.locator('.rbc-agenda-view').getByText('Allenamento Under 12').first().waitFor();
      await both('C06-list');

      // --- a match at the same venue and time: the clash, then "Salva comunque"
      await page.getByRole('button', { name: 'Nuovo evento' }).click();
      const match = dialog('Nuovo evento');
      await match.getByLabel('Tipo', { exact: true }).selectOption('partita');
      await match.getByLabel('Titolo', { exact: true }).fill('Under 14');
      await match.getByRole('group', { name: 'Gruppi' }).getByText('Under 14', { exact: true }).click();
      expect(await match.getByRole('checkbox', { name: 'Under 14' }).isChecked()).toBe(true);
      expect(await match.getByRole('checkbox', { name: 'Under 12' }).isChecked()).toBe(false);
      await match.getByLabel('Impianto', { exact: true }).selectOption({ label: 'Palestra comunale' });
      await match.getByLabel('Giorno', { exact: true }).fill('2026-11-19');
      await match.getByLabel('Ora', { exact: true }).fill('18:30');
      await match.getByLabel('Avversario', { exact: true }).fill('Virtus');
      await match.getByRole('button', { name: 'Salva' }).click();
      await match.getByText(CAL_MSG.matchHomeRequired).waitFor();
      await match.getByLabel('Casa o trasferta', { exact: true }).selectOption('casa');
      await match.getByRole('button', { name: 'Salva' }).click();
      const clash = match.getByRole('alert').filter({ hasText: "L'impianto è già occupato" });
      await clash.waitFor();
      await clash.getByText(/19\/11\/2026.*Allenamento Under 12/).waitFor();
      await both('C07-clash');
      await match.getByRole('button', { name: 'Salva comunque' }).click();
      await toast(CAL_MSG.eventSaved);
      await match.waitFor({ state: 'detached' });
      await day('2026-11-19', 'Under 14 vs Virtus').waitFor();

      // --- one day cancelled, struck through
      await day('2026-11-23').click();
      const detail = dialog('Allenamento: Allenamento Under 12');
      await detail.getByText('Ogni settimana: lunedì e giovedì, fino al 31/01/2027').waitFor();
      await both('C08-detail');
      await detail.getByRole('button', { name: 'Annulla questo giorno' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Annulla questo giorno' }).click();
      await toast(CAL_MSG.occurrenceCancelled);
      await page.locator('[data-day="2026-11-23"][data-cancelled]').waitFor();
      expect(await page.locator('[data-day="2026-11-23"][data-cancelled]').evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('line-through');

      // --- another moved to Friday at 19:00
      await day('2026-11-26').click();
      await dialog('Allenamento: Allenamento Under 12').getByRole('button', { name: 'Sposta questo giorno' }).click();
      const move = dialog('Sposta questo giorno: Allenamento Under 12');
      await move.getByLabel('Nuovo giorno', { exact: true }).fill('2026-11-27');
      await move.getByLabel('Ora', { exact: true }).fill('19:00');
      await check('C09-move');
      await move.getByRole('button', { name: 'Salva' }).click();
      await toast(CAL_MSG.occurrenceChanged);
      await day('2026-11-27').waitFor();
      expect(await page.locator('[data-day="2026-11-26"]').count()).toBe(0);
      await both('C10-list-changed');

      // --- the Under 12's private feed: made, read, revoked
      await page.getByLabel('Gruppo', { exact: true }).selectOption({ label: 'Under 12' });
      await page.getByRole('button', { name: 'Calendario privato del gruppo' }).click();
      const feed = dialog('Calendario privato del gruppo Under 12');
      await feed.getByText('Nessun link ancora.').waitFor();
      await feed.getByRole('button', { name: 'Crea un link privato' }).click();
      await toast(CAL_MSG.feedCreated);
      const url = await feed.getByLabel('Link del calendario privato').inputValue();
      expect(url).toMatch(/\/calendario\/[^/]+\.ics$/);
      const feedUrl = `${server.url}${new URL(url).pathname}`;
      const ics = await fetch(feedUrl);
      expect(ics.status).toBe(200);
      const text = await ics.text();
      expect(text.startsWith('BEGIN:VCALENDAR'), text.slice(0, 80)).toBe(true);
      expect(text).toContain('Allenamento Under 12');
      await feed.getByRole('list', { name: 'Link creati' }).getByRole('listitem').first().waitFor();
      await both('C11-feed');
      await feed.getByRole('button', { name: 'Revoca' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Revoca' }).click();
      await toast(CAL_MSG.feedRevoked);
      await feed.getByText(/\(revocato\)/).waitFor();
      expect((await fetch(feedUrl)).status).toBe(404);
      await feed.getByRole('button', { name: 'Chiudi' }).first().click();

      // --- an athlete's own link, from the person page: the events of their groups
      await page.goto(`${server.url}/persona/${athlete.roleId}`);
      await page.getByRole('heading', { name: 'Calendario', level: 2 }).waitFor();
      await page.getByRole('button', { name: 'Calendario privato' }).click();
      const personFeed = dialog('Calendario privato di Elia Calendario');
      await personFeed.getByText('Nessun link ancora.').waitFor();
      await personFeed.getByRole('button', { name: 'Crea un link privato' }).click();
      await toast(CAL_MSG.feedCreated);
      const personIcs = await fetch(`${server.url}${new URL(await personFeed.getByLabel('Link del calendario privato').inputValue()).pathname}`);
      expect(personIcs.status).toBe(200);
      const personText = await personIcs.text();
      expect(personText).toContain('X-WR-CALNAME:ASD Calendario Felice: Elia Calendario');
      expect(personText).toContain('Allenamento Under 12');
      await both('C12-person-feed');
      await personFeed.getByRole('button', { name: 'Chiudi' }).first().click();

      // --- the coach: sees the calendar, may not change the Under 12's training
      await storeSession(page, server.url, coach);
      await page.goto(`${server.url}/calendario`);
      await page.getByRole('heading', { name: 'Calendario', level: 1 }).waitFor();
      expect(await page.getByRole('link', { name: 'Impianti e chiusure' }).count()).toBe(0);
      await day('2026-11-30').click();
      const coachDetail = dialog('Allenamento: Allenamento Under 12');
      await coachDetail.getByRole('button', { name: 'Annulla questo giorno' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Annulla questo giorno' }).click();
      await coachDetail.getByRole('alert').getByText(CAL_MSG.coachGroupsOnly).waitFor();
      // the question closes as the answer comes: axe once it has gone (a loaded run checked it mid-close, unnamed)
      await page.getByRole('alertdialog').waitFor({ state: 'hidden' });
      await check('C12-coach-refused');
      await coachDetail.getByRole('button', { name: 'Chiudi' }).first().click();
      expect(await page.locator('[data-day="2026-11-30"][data-cancelled]').count()).toBe(0);

      // --- on a phone the list comes first, nothing scrolls sideways
      await page.setViewportSize(VIEWPORTS.phone);
      await page.goto(`${server.url}/calendario`);
      await page.locator('.rbc-agenda-view').waitFor();
      await day('2026-11-16').waitFor();
      await check('C13-phone-list');
    } catch (error) {
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/C-failure.png`, fullPage: true }).catch(() => undefined);
      throw error;
    } finally {
      await browser.close();
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
