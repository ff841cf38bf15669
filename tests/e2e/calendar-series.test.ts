// A weekly training's series changed from the calendar (issue 38, points 1, 4 and 7), in a real browser against the
// real server, its clock on Monday 16 November 2026. Each test seeds its own club with the Under 12's training on
// Mondays and Thursdays at 18:00 (through GraphQL, as the event dialog saves it) and then, in the UI:
// "Modifica da questo giorno in poi" moves the time from 26 November on (the days before keep 18:00, the later ones
// read 19:00: on the screen, in the `calendar` query and in the database); "Termina la serie da questo giorno" ends it
// on 30 November (on a phone, in the list); "Annulla questo giorno" strikes one day through and leaves the others;
// "Annulla evento" takes the whole series off what is planned. The keyboard: every appointment of the month, week and
// list views is reached with Tab (a visible ring, a name with title, kind, day, time and group), Enter or Space
// opens its day, Escape closes it and the focus goes back to the appointment; the toolbar works with the keys.
// Screens checked with axe at 1440 and 375 px; CAMPOBASE_SCREENSHOTS=<dir> saves them.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CAL_MSG } from '../../schema/messages-calendar';
import { launchBrowser, setPagesDate, storeSession, VIEWPORTS } from '../support/browser';
import { addCollaborator, createClub, type TestClub } from '../support/factories';
import { clockedLiveServer, clubMorning, liveGql } from '../support/live-server';
import { createGroupWith } from '../support/people-factories';
import { screenChecks } from '../support/screen-checks';

const NOW = clubMorning('2026-11-16');
const server = clockedLiveServer(NOW);
const SHOTS = process.env.CAMPOBASE_SCREENSHOTS;
const TITLE = 'Allenamento Under 12';

const SAVE = `mutation($input: SaveCalendarEventInput!) { saveCalendarEvent(input: $input) { __typename ... on MutationSaveCalendarEventSuccess { data { event { id } } } ... on BaseError { message } } }`;
const CALENDAR = `query($from: String!, $to: String!) { calendar(from: $from, to: $to) { __typename ... on QueryCalendarSuccess { data { occursOn date startTime endTime cancelled event { id title cancelled } } } ... on BaseError { message } } }`;

interface Row {
  occursOn: string;
  date: string;
  startTime: string;
  endTime: string;
  cancelled: boolean;
  event: { id: string; title: string; cancelled: boolean };
}

/** A club, its secretary and the Under 12's training on Mondays and Thursdays at 18:00 (90 minutes) until 31 January. */
async function seedSeries() {
  const club = await createClub(server.deps, { fullName: 'ASD Serie Settimanali', firstname: 'Paola', lastname: 'Titolare' });
  const secretary = await addCollaborator(server.deps, club, 'segreteria');
  const group = await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 12');
  const input = { kind: 'allenamento', title: TITLE, groupIds: [group.id], startsOn: '2026-11-16', startTime: '18:00', durationMinutes: 90, repeat: { weekdays: ['MO', 'TH'], intervalWeeks: 1, until: '2027-01-31' } };
  const saved = await liveGql<{ saveCalendarEvent: { __typename: string; data?: { event: { id: string } }; message?: string } }>(server.url, secretary, SAVE, { input });
  expect(saved.saveCalendarEvent.__typename, saved.saveCalendarEvent.message).toBe('MutationSaveCalendarEventSuccess');
  return { club, secretary, eventId: saved.saveCalendarEvent.data!.event.id };
}

/** The club's occurrences between two days, as the admin client reads them. */
async function occurrences(club: TestClub, from: string, to: string): Promise<Row[]> {
  const res = await liveGql<{ calendar: { __typename: string; data?: Row[]; message?: string } }>(server.url, club, CALENDAR, { from, to });
  expect(res.calendar.__typename, res.calendar.message).toBe('QueryCalendarSuccess');
  return res.calendar.data!;
}

async function openPage(viewport: { width: number; height: number }, secretary: TestClub) {
  const browser = await launchBrowser(viewport);
  await setPagesDate(browser.context, NOW);
  const page = await browser.context.newPage();
  page.setDefaultTimeout(30_000);
  await storeSession(page, server.url, secretary);
  await page.goto(`${server.url}/calendario`);
  await page.getByRole('heading', { name: 'Calendario', level: 1 }).waitFor();
  return { browser, page };
}

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
/**
 * An appointment by the start of its accessible name: "Allenamento Under 12, allenamento, giovedì 26 novembre 2026,
 * 19:00–20:30" in the month and the list, "19:00–20:30 Allenamento Under 12, allenamento, giovedì 26 novembre 2026"
 * in the week and day views (the details are hidden text after the title: a space may come before their comma).
 */
const appointment = (page: Page, day: string, time?: string) => {
  const details = `${TITLE} ?, allenamento, ${day}`;
  return page.getByRole('button', { name: new RegExp(time ? `^(${time} ${details}|${details}, ${time})` : `^(\\S+ )?${details}`) });
};
const switchView = async (page: Page, name: 'Mese' | 'Settimana' | 'Giorno' | 'Elenco') => {
  await page.getByRole('group', { name: 'Vista' }).getByRole('button', { name, exact: true }).click();
  await expect.poll(() => page.getByRole('group', { name: 'Vista' }).getByRole('button', { name, exact: true }).getAttribute('aria-pressed')).toBe('true');
};

/**
 * Tab from the toolbar's first button through the calendar, until the focus leaves it: the words of the appointments
 * the focus met (their accessible names: the box's text and its hidden details), each with its outline (a visible
 * ring) read while it held the focus.
 */
async function tabThroughCalendar(page: Page, max = 200) {
  await page.locator('.rbc-toolbar button').first().focus();
  const met: { name: string; outline: string }[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const state = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el?.closest('.rbc-calendar')) return null;
      if (!el.matches('.rbc-event, .cb-agenda-event')) return { name: null, outline: '' };
      const style = getComputedStyle(el);
      return { name: (el.textContent ?? '').replace(/\s+/g, ' ').trim(), outline: `${style.outlineStyle} ${style.outlineWidth}` };
    });
    if (!state) return met;
    if (state.name) met.push({ name: state.name, outline: state.outline });
  }
  throw new Error(`the focus did not leave the calendar after ${max} Tab presses`);
}

/** The focused element's words (an appointment's: what its box shows, then the hidden details). */
const activeName = (page: Page) => page.evaluate(() => (document.activeElement?.textContent ?? '').replace(/\s+/g, ' ').trim());

/** The screen fails when a test failed: a picture of the page, then the error again. */
async function run(page: Page, name: string, body: () => Promise<void>) {
  try {
    await body();
  } catch (error) {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-failure.png`, fullPage: true }).catch(() => undefined);
    throw error;
  }
}

describe('a weekly series changed from the calendar', () => {
  it('"Modifica da questo giorno in poi" moves the time from that day on; the days before keep theirs', async () => {
    const { club, secretary, eventId } = await seedSeries();
    const { browser, page } = await openPage(VIEWPORTS.desktop, secretary);
    const failures: string[] = [];
    const { check, both } = screenChecks(page, failures);
    await run(page, 'S-from-day', async () => {
      await page.locator('.rbc-month-view').waitFor();
      await appointment(page, 'giovedì 26 novembre 2026', '18:00–19:30').waitFor();
      await both('S01-month');
      await appointment(page, 'giovedì 26 novembre 2026').click();
      const detail = dialog(page, `Allenamento: ${TITLE}`);
      await detail.getByText('giovedì 26 novembre 2026, 18:00–19:30').waitFor();
      await detail.getByRole('button', { name: 'Modifica da questo giorno in poi' }).click();
      const edit = dialog(page, `Modifica da 26/11/2026 in poi: ${TITLE}`);
      await edit.getByText('Le modifiche valgono da giovedì 26 novembre 2026 in poi: i giorni precedenti restano come sono.').waitFor();
      expect(await edit.getByLabel('Dal giorno', { exact: true }).inputValue()).toBe('2026-11-26');
      await edit.getByLabel('Ora', { exact: true }).fill('19:00');
      await check('S02-from-day-dialog');
      await edit.getByRole('button', { name: 'Salva' }).click();
      await toast(page, CAL_MSG.followingChanged);
      await edit.waitFor({ state: 'detached' });

      // the screen: before the 26th at 18:00, from the 26th at 19:00
      await appointment(page, 'giovedì 26 novembre 2026', '19:00–20:30').waitFor();
      for (const day of ['lunedì 16 novembre 2026', 'giovedì 19 novembre 2026', 'lunedì 23 novembre 2026']) await appointment(page, day, '18:00–19:30').waitFor();
      for (const day of ['lunedì 30 novembre 2026', 'giovedì 3 dicembre 2026']) await appointment(page, day, '19:00–20:30').waitFor();
      expect(await page.getByRole('button', { name: /^Allenamento Under 12 ?, .*(26|30) novembre 2026, 18:00/ }).count()).toBe(0);
      // the week view of the 26th shows 19:00 on its box too
      await switchView(page, 'Settimana');
      await page.getByRole('button', { name: 'Avanti', exact: true }).click();
      await page.locator('.rbc-time-view .rbc-event').filter({ hasText: '19:00–20:30' }).first().waitFor();
      expect(await page.locator('.rbc-time-view .rbc-event').filter({ hasText: '18:00–19:30' }).count()).toBe(1);
      await both('S03-week-after-change');

      // the `calendar` query: the old series to the 23rd at 18:00, a new one from the 26th at 19:00
      const rows = (await occurrences(secretary, '2026-11-16', '2026-12-13')).filter((r) => r.event.title === TITLE);
      expect(rows.map((r) => `${r.date} ${r.startTime}`)).toEqual([
        '2026-11-16 18:00',
        '2026-11-19 18:00',
        '2026-11-23 18:00',
        '2026-11-26 19:00',
        '2026-11-30 19:00',
        '2026-12-03 19:00',
        '2026-12-07 19:00',
        '2026-12-10 19:00',
      ]);
      const before = rows.filter((r) => r.date < '2026-11-26');
      const after = rows.filter((r) => r.date >= '2026-11-26');
      expect(new Set(before.map((r) => r.event.id))).toEqual(new Set([eventId]));
      expect(new Set(after.map((r) => r.event.id)).size).toBe(1);
      expect(after[0].event.id).not.toBe(eventId);
      expect(rows.every((r) => !r.cancelled)).toBe(true);
      // the database: the old series ends on the 25th, the new one starts on the 26th at 19:00 and runs to January
      const events = await server.deps.systemDb.calendarEvent.findMany({ where: { clubId: club.clubId }, orderBy: { startsOn: 'asc' } });
      expect(events.map((e) => ({ id: e.id, startsOn: e.startsOn.toISOString().slice(0, 10), until: e.repeatUntil?.toISOString().slice(0, 10), minute: e.startMinute, cancelled: e.cancelledAt !== null }))).toEqual([
        { id: eventId, startsOn: '2026-11-16', until: '2026-11-25', minute: 18 * 60, cancelled: false },
        { id: after[0].event.id, startsOn: '2026-11-26', until: '2027-01-31', minute: 19 * 60, cancelled: false },
      ]);

      // a phone: the list from today reads the same times
      await page.setViewportSize(VIEWPORTS.phone);
      await page.goto(`${server.url}/calendario`);
      await page.locator('.rbc-agenda-view').waitFor();
      await appointment(page, 'lunedì 23 novembre 2026', '18:00–19:30').waitFor();
      await appointment(page, 'giovedì 26 novembre 2026', '19:00–20:30').waitFor();
      await check('S04-phone-list-after-change');
    });
    await browser.close();
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('"Termina la serie da questo giorno" (on a phone): the later days go, the earlier ones stay', async () => {
    const { secretary } = await seedSeries();
    const { browser, page } = await openPage(VIEWPORTS.phone, secretary);
    const failures: string[] = [];
    const { check } = screenChecks(page, failures);
    await run(page, 'S-end-series', async () => {
      await page.locator('.rbc-agenda-view').waitFor();
      await appointment(page, 'lunedì 30 novembre 2026').click();
      const detail = dialog(page, `Allenamento: ${TITLE}`);
      await detail.getByRole('button', { name: 'Termina la serie da questo giorno' }).click();
      const question = page.getByRole('alertdialog');
      await question.getByText('Gli appuntamenti da lunedì 30 novembre 2026 in poi non ci saranno più; quelli precedenti restano.').waitFor();
      await check('S05-end-series-question', { fullPage: false });
      await question.getByRole('button', { name: 'Termina la serie' }).click();
      await toast(page, CAL_MSG.followingCancelled);
      await detail.waitFor({ state: 'detached' });
      await expect.poll(() => page.locator('.cb-agenda-event').count()).toBe(4);
      for (const day of ['lunedì 16 novembre 2026', 'giovedì 19 novembre 2026', 'lunedì 23 novembre 2026', 'giovedì 26 novembre 2026']) await appointment(page, day, '18:00–19:30').waitFor();
      expect(await appointment(page, 'lunedì 30 novembre 2026').count()).toBe(0);
      expect(await appointment(page, 'giovedì 3 dicembre 2026').count()).toBe(0);
      await check('S06-phone-list-ended');
      // the next month in the list: nothing
      await page.getByRole('button', { name: 'Avanti', exact: true }).click();
      await page.getByText('Nessun appuntamento in questo periodo.').waitFor();

      const rows = await occurrences(secretary, '2026-11-16', '2027-01-31');
      expect(rows.map((r) => r.date)).toEqual(['2026-11-16', '2026-11-19', '2026-11-23', '2026-11-26']);
    });
    await browser.close();
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('"Annulla questo giorno": that day struck through, the others as they were', async () => {
    const { secretary, eventId } = await seedSeries();
    const { browser, page } = await openPage(VIEWPORTS.desktop, secretary);
    const failures: string[] = [];
    const { both } = screenChecks(page, failures);
    await run(page, 'S-cancel-day', async () => {
      await page.locator('.rbc-month-view').waitFor();
      await switchView(page, 'Settimana');
      await page.getByRole('button', { name: 'Avanti', exact: true }).click();
      await appointment(page, 'lunedì 23 novembre 2026').click();
      const detail = dialog(page, `Allenamento: ${TITLE}`);
      await detail.getByRole('button', { name: 'Annulla questo giorno' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Annulla questo giorno' }).click();
      await toast(page, CAL_MSG.occurrenceCancelled);
      await detail.waitFor({ state: 'detached' });
      const cancelled = page.getByRole('button', { name: /^18:00–19:30 Allenamento Under 12 ?, allenamento, lunedì 23 novembre 2026, gruppo Under 12, annullato$/ });
      await cancelled.waitFor();
      expect(await page.locator('[data-day="2026-11-23"][data-cancelled]').evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('line-through');
      expect(await page.getByRole('button', { name: /giovedì 26 novembre 2026, gruppo Under 12$/ }).count()).toBe(1);
      await both('S07-week-day-cancelled');
      // the month and the list say the same
      await switchView(page, 'Mese');
      await page.locator('.rbc-month-view [data-day="2026-11-23"][data-cancelled]').waitFor();
      expect(await page.locator('.rbc-month-view [data-cancelled]').count()).toBe(1);
      await switchView(page, 'Elenco');
      await page.locator('.rbc-agenda-view [data-day="2026-11-23"][data-cancelled]').waitFor();
      await both('S08-list-day-cancelled');
      // the day opened again says so, without the day's actions
      await page.locator('.rbc-agenda-view [data-day="2026-11-23"]').click();
      const again = dialog(page, `Allenamento: ${TITLE}`);
      await again.getByText('Annullato', { exact: true }).waitFor();
      expect(await again.getByRole('button', { name: 'Annulla questo giorno' }).count()).toBe(0);
      await again.getByRole('button', { name: 'Chiudi' }).first().click();
      await again.waitFor({ state: 'detached' });

      const rows = await occurrences(secretary, '2026-11-16', '2026-11-30');
      expect(rows.map((r) => `${r.date} ${r.cancelled ? 'annullato' : r.startTime}`)).toEqual(['2026-11-16 18:00', '2026-11-19 18:00', '2026-11-23 annullato', '2026-11-26 18:00', '2026-11-30 18:00']);
      expect(rows.every((r) => r.event.id === eventId && !r.event.cancelled)).toBe(true);
    });
    await browser.close();
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('"Annulla evento": no day of the series is planned any more', async () => {
    const { secretary, eventId } = await seedSeries();
    const { browser, page } = await openPage(VIEWPORTS.desktop, secretary);
    const failures: string[] = [];
    const { both } = screenChecks(page, failures);
    await run(page, 'S-cancel-event', async () => {
      await page.locator('.rbc-month-view').waitFor();
      await appointment(page, 'giovedì 19 novembre 2026').click();
      const detail = dialog(page, `Allenamento: ${TITLE}`);
      await detail.getByRole('button', { name: 'Annulla evento' }).click();
      const question = page.getByRole('alertdialog');
      await question.getByText(`Annullare l'evento «${TITLE}»?`).waitFor();
      await question.getByRole('button', { name: 'Annulla evento' }).click();
      await toast(page, CAL_MSG.eventCancelled);
      await detail.waitFor({ state: 'detached' });
      // no day of it left as planned: each one gone or struck through
      const active = page.locator('.rbc-month-view [data-day]:not([data-cancelled])', { hasText: TITLE });
      await expect.poll(() => active.count()).toBe(0);
      await both('S09-month-event-cancelled');
      const rows = await occurrences(secretary, '2026-11-16', '2027-01-31');
      expect(rows.filter((r) => r.event.id === eventId && !r.cancelled && !r.event.cancelled)).toEqual([]);
      const row = await server.deps.systemDb.calendarEvent.findUniqueOrThrow({ where: { id: eventId } });
      expect(row.cancelledAt).not.toBeNull();
    });
    await browser.close();
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('the keyboard: Tab reaches every appointment (month, week, list), Enter or Space opens it, Escape gives the focus back', async () => {
    const { secretary } = await seedSeries();
    const { browser, page } = await openPage(VIEWPORTS.desktop, secretary);
    const failures: string[] = [];
    const { check } = screenChecks(page, failures);
    const detail = dialog(page, `Allenamento: ${TITLE}`);
    /** Opens the focused appointment with `key`, checks the dialog, closes it with Escape: the focus is back on it. */
    const openAndClose = async (key: 'Enter' | ' ' | 'Space', name: string, day: string) => {
      await page.keyboard.press(key);
      await detail.waitFor();
      await detail.getByText(day).waitFor();
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });
      await expect.poll(() => activeName(page)).toBe(name);
    };
    await run(page, 'S-keyboard', async () => {
      // the toolbar: Enter on "Avanti", Space on a view, each pressed
      await page.locator('.rbc-month-view').waitFor();
      const views = page.getByRole('group', { name: 'Vista' });
      expect(await views.getByRole('button', { name: 'Mese', exact: true }).getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('button', { name: 'Avanti', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.locator('.rbc-toolbar-label', { hasText: /dicembre 2026/i }).waitFor();
      await page.getByRole('button', { name: 'Oggi', exact: true }).focus();
      await page.keyboard.press('Space');
      await page.locator('.rbc-toolbar-label', { hasText: /novembre 2026/i }).waitFor();

      // the month: every appointment a Tab stop, each with a ring and its name
      await appointment(page, 'lunedì 16 novembre 2026').waitFor();
      const boxes = await page.locator('.rbc-month-view .rbc-event').count();
      expect(boxes).toBe(6); // the month's weeks, 26 October to 6 December: 16, 19, 23, 26, 30 November, 3 December
      const met = await tabThroughCalendar(page);
      expect(met.length).toBe(boxes);
      expect(met.every((m) => /^solid [2-4]px$/.test(m.outline)), JSON.stringify(met)).toBe(true);
      expect(met[0].name).toBe(`${TITLE}, allenamento, lunedì 16 novembre 2026, 18:00–19:30, gruppo Under 12`);
      // Enter on the first one opens its day; Escape closes it and the focus is back on it
      const first = appointment(page, 'lunedì 16 novembre 2026');
      await first.focus();
      await check('S10-month-focus', { fullPage: false });
      await openAndClose('Enter', met[0].name, 'lunedì 16 novembre 2026, 18:00–19:30');

      // the week: the same with Space
      await views.getByRole('button', { name: 'Settimana', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => views.getByRole('button', { name: 'Settimana', exact: true }).getAttribute('aria-pressed')).toBe('true');
      await page.locator('.rbc-time-view').waitFor();
      const week = await tabThroughCalendar(page);
      expect(week.map((m) => m.name)).toEqual([
        `18:00–19:30 ${TITLE}, allenamento, lunedì 16 novembre 2026, gruppo Under 12`,
        `18:00–19:30 ${TITLE}, allenamento, giovedì 19 novembre 2026, gruppo Under 12`,
      ]);
      await page.locator('.rbc-time-view .rbc-event', { hasText: 'giovedì 19 novembre 2026' }).focus();
      await check('S11-week-focus', { fullPage: false });
      await openAndClose(' ', week[1].name, 'giovedì 19 novembre 2026, 18:00–19:30');

      // a phone: the list, each title a button
      await page.setViewportSize(VIEWPORTS.phone);
      await page.goto(`${server.url}/calendario`);
      await page.locator('.rbc-agenda-view').waitFor();
      await appointment(page, 'lunedì 16 novembre 2026').waitFor();
      const rows = await page.locator('.cb-agenda-event').count();
      const list = await tabThroughCalendar(page);
      expect(list.length).toBe(rows);
      expect(list.every((m) => /^solid [2-4]px$/.test(m.outline)), JSON.stringify(list)).toBe(true);
      await appointment(page, 'giovedì 19 novembre 2026').focus();
      await check('S12-phone-list-focus', { fullPage: false });
      await openAndClose('Enter', list[1].name, 'giovedì 19 novembre 2026, 18:00–19:30');
    });
    await browser.close();
    expect(failures, failures.join('\n')).toEqual([]);
  });
});

