// Attendance (issue 38 point 3; point 7: taken offline in Chromium and synced once) in a real browser against the real
// server, on Monday 16 November 2026 (the server's and the pages' clock). A weekly training of the Under 12 (four
// athletes) already has October's sheet (everyone present). At 375 px the coach opens the day from the calendar's
// list, "Presenze": everyone present; two taps mark two athletes absent, with a reason each ("Malattia", "Altro" with
// words). The phone loses the connection and the coach saves: the page says the attendance is kept on the phone and
// shows "1 invio in attesa", and the server has nothing yet. Back online the phone sends it by itself: one sheet with
// the right marks. The same submission put back in the phone's queue and the sync fired twice: still one sheet,
// unchanged. Reloaded, the sheet shows the server's marks. One more absent saved offline, the coach back on the
// calendar: back online, the calendar sends it from there. At 1440 px the secretary opens "Statistiche presenze"
// from the calendar: the chart, the table with each athlete's rate (62,5% in all: October 4 of 4, November 1 of 4)
// and the CSV with the athletes. No sideways scroll at 375 px, axe clean at both widths.
// CAMPOBASE_SCREENSHOTS=<dir> saves each screen at its width.
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { saveEvent } from '../../server/modules/calendar/events.service';
import { recordAttendance } from '../../server/modules/calendar/attendance.service';
import { launchBrowser, setPagesDate, storeSession, VIEWPORTS } from '../support/browser';
import { screenChecks } from '../support/screen-checks';
import { addCollaborator, createClub } from '../support/factories';
import { clockedLiveServer, clubMorning } from '../support/live-server';
import { clubContext, createGroupWith, createPerson } from '../support/people-factories';

const NOW = clubMorning('2026-11-16');
const server = clockedLiveServer(NOW);
const SHOTS = process.env.CAMPOBASE_SCREENSHOTS;
const QUEUED = 'Presenze salvate sul telefono: verranno inviate appena torna la connessione.';

describe('attendance on the phone', () => {
  it('taken offline, sent once when back online; the statistics with the chart, the table and the CSV', async () => {
    const club = await createClub(server.deps, { fullName: 'ASD Presenze Felici', firstname: 'Paola', lastname: 'Titolare' });
    const secretary = await addCollaborator(server.deps, club, 'segreteria');
    const coach = await addCollaborator(server.deps, club, 'allenatore');
    const ctx = await clubContext(server.deps, club);
    const people: Record<string, { personId: string; roleId: string }> = {};
    for (const [firstname, lastname] of [
      ['Anna', 'Bianchi'],
      ['Luca', 'Rossi'],
      ['Marta', 'Verdi'],
      ['Sara', 'Neri'],
    ]) {
      const p = await createPerson(ctx, 'athlete', { profile: { firstname, lastname, birthday: '2014-03-01' } });
      people[firstname] = { personId: p.personId, roleId: p.roleId };
    }
    const group = await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 12', Object.values(people).map((p) => p.roleId));
    await server.deps.systemDb.membership.updateMany({ where: { token: coach.clubToken }, data: { groupIds: [group.id] } });
    const saved = await saveEvent(ctx, { kind: 'allenamento', title: 'Allenamento Under 12', groupIds: [group.id], startsOn: '2026-10-12', startTime: '18:00', durationMinutes: 90, repeat: { weekdays: ['MO'], intervalWeeks: 1, until: '2026-12-21' } });
    const eventId = saved.event!.id;
    // October: everyone present
    await recordAttendance(ctx, { eventId, occursOn: '2026-10-19', submissionId: randomUUID(), takenAt: '2026-10-19T18:05:00Z', marks: Object.values(people).map((p) => ({ personId: p.personId, present: true })) });
    const today = new Date('2026-11-16T00:00:00Z');
    const sheetsToday = () => server.deps.systemDb.attendanceSheet.findMany({ where: { eventId, occursOn: today }, include: { marks: true } });

    const browser = await launchBrowser(VIEWPORTS.phone);
    await setPagesDate(browser.context, NOW);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000);
    const failures: string[] = [];
    const { check, both } = screenChecks(page, failures);
    const row = (name: string) => page.getByTestId('attendance-row').filter({ hasText: name });
    const count = page.getByTestId('attendance-count');

    try {
      // --- the coach, on a phone: the day in the calendar's list, "Presenze"
      await storeSession(page, server.url, coach);
      await page.goto(`${server.url}/calendario`);
      await page.locator('.rbc-agenda-view').waitFor();
      await page.locator('[data-day="2026-11-16"]', { hasText: 'Allenamento Under 12' }).first().click();
      const detail = page.getByRole('dialog', { name: 'Allenamento: Allenamento Under 12' });
      await detail.getByRole('link', { name: 'Presenze' }).waitFor();
      await check('A00-detail', { fullPage: false });
      await detail.getByRole('link', { name: 'Presenze' }).click();
      await page.waitForURL(new RegExp(`/calendario/presenze/${eventId}/2026-11-16$`));
      await page.getByRole('heading', { name: 'Presenze', level: 1 }).waitFor();
      await page.getByTestId('attendance-event').getByText('Allenamento Under 12, lunedì 16 novembre 2026').waitFor();
      // everyone present by default
      await count.getByText('Presenti 4 su 4').waitFor();
      expect(await page.getByRole('checkbox', { name: 'Luca Rossi' }).isChecked()).toBe(true);
      await check('A01-sheet');

      // --- two taps: Luca and Marta absent, with their reasons
      await row('Luca Rossi').getByText('Luca Rossi').click();
      await row('Marta Verdi').getByText('Marta Verdi').click();
      await count.getByText('Presenti 2 su 4').waitFor();
      expect(await page.getByRole('checkbox', { name: 'Luca Rossi' }).isChecked()).toBe(false);
      await page.getByRole('group', { name: "Motivo dell'assenza di Luca Rossi" }).getByRole('button', { name: 'Malattia' }).click();
      await page.getByRole('group', { name: "Motivo dell'assenza di Marta Verdi" }).getByRole('button', { name: 'Altro' }).click();
      await page.getByLabel('Altro motivo per Marta Verdi').fill('Gara di nuoto');
      expect(await page.getByRole('group', { name: "Motivo dell'assenza di Luca Rossi" }).getByRole('button', { name: 'Malattia' }).getAttribute('aria-pressed')).toBe('true');
      await check('A02-absent');

      // --- no connection in the gym: saved on the phone, nothing on the server yet
      await browser.context.setOffline(true);
      await page.getByRole('button', { name: 'Salva presenze' }).click();
      await page.getByText(QUEUED).waitFor();
      await page.getByTestId('attendance-pending').getByText('1 invio in attesa').waitFor();
      await page.getByText('Sei senza connessione: le presenze partiranno da sole appena torna.').waitFor();
      expect(await sheetsToday()).toEqual([]);
      await check('A03-offline');
      const queued = await page.evaluate(readQueue);
      expect(queued).toHaveLength(1);

      // --- back online: sent by itself, one sheet with the right marks
      await browser.context.setOffline(false);
      await page.getByText('Presenze inviate: ora sono salvate.').waitFor();
      await page.getByTestId('attendance-pending').waitFor({ state: 'detached' });
      const marksOf = async () => {
        const sheets = await sheetsToday();
        expect(sheets).toHaveLength(1);
        return Object.fromEntries(sheets[0].marks.map((m) => [m.personId, [m.present, m.reason]]));
      };
      const expected = {
        [people.Anna.personId]: [true, null],
        [people.Luca.personId]: [false, 'Malattia'],
        [people.Marta.personId]: [false, 'Gara di nuoto'],
        [people.Sara.personId]: [true, null],
      };
      expect(await marksOf()).toEqual(expected);
      const [first] = await sheetsToday();
      expect(first.submissionId).toBe(queued[0].id);
      await check('A04-synced');

      // --- the same submission again (an answer lost on the way), the sync fired twice: counted once
      await page.evaluate(putBack, queued[0]);
      await page.evaluate(() => {
        window.dispatchEvent(new Event('online'));
        window.dispatchEvent(new Event('online'));
      });
      await expect.poll(() => page.evaluate(readQueue).then((q) => q.length)).toBe(0);
      const [again] = await sheetsToday();
      expect(again.id).toBe(first.id);
      expect(again.submissionId).toBe(first.submissionId);
      expect(again.takenAt.toISOString()).toBe(first.takenAt.toISOString());
      expect(await marksOf()).toEqual(expected);
      expect(await server.deps.systemDb.attendanceMark.count({ where: { sheetId: first.id } })).toBe(4);

      // --- reloaded: the server's marks
      await page.reload();
      await count.getByText('Presenti 2 su 4').waitFor();
      await page.getByTestId('attendance-taken').waitFor();
      expect(await page.getByRole('checkbox', { name: 'Luca Rossi' }).isChecked()).toBe(false);
      expect(await page.getByRole('checkbox', { name: 'Anna Bianchi' }).isChecked()).toBe(true);
      expect(await page.getByRole('group', { name: "Motivo dell'assenza di Luca Rossi" }).getByRole('button', { name: 'Malattia' }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByLabel('Altro motivo per Marta Verdi').inputValue()).toBe('Gara di nuoto');
      await page.setViewportSize(VIEWPORTS.desktop);
      await both('A05-reloaded');
      await page.setViewportSize(VIEWPORTS.phone);

      // --- Sara leaves early: marked absent, saved with no connection, and the coach goes back to the calendar; back
      // online, the calendar sends it from there (the queue's count in localStorage says something waits)
      await row('Sara Neri').getByText('Sara Neri').click();
      await count.getByText('Presenti 1 su 4').waitFor();
      await browser.context.setOffline(true);
      await page.getByRole('button', { name: 'Salva presenze' }).click();
      await page.getByText(QUEUED).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('campobase.presenze.inAttesa'))).toBe('1');
      await page.getByRole('link', { name: 'Calendario', exact: true }).first().click();
      await page.waitForURL(/\/calendario$/);
      expect((await marksOf())[people.Sara.personId]).toEqual([true, null]);
      await browser.context.setOffline(false);
      await expect.poll(async () => (await marksOf())[people.Sara.personId]).toEqual([false, null]);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('campobase.presenze.inAttesa'))).toBeNull();

      // --- the secretary at 1440 px: the statistics from the calendar
      await page.setViewportSize(VIEWPORTS.desktop);
      await storeSession(page, server.url, secretary);
      await page.goto(`${server.url}/calendario`);
      await page.getByRole('link', { name: 'Statistiche presenze' }).click();
      await page.waitForURL(/\/calendario\/presenze$/);
      await page.getByRole('heading', { name: 'Statistiche presenze', level: 1 }).waitFor();
      const chart = page.getByTestId('attendance-chart');
      await chart.locator('svg rect').first().waitFor();
      expect(await chart.getAttribute('aria-label')).toContain('ottobre 2026: 100% (4 su 4); novembre 2026: 25% (1 su 4)');
      const table = page.getByRole('table', { name: 'Presenze per atleta' });
      const line = (name: string) => table.getByRole('row').filter({ hasText: name });
      await line('Rossi Luca').getByRole('cell', { name: '50%' }).waitFor();
      await line('Bianchi Anna').getByRole('cell', { name: '100%' }).waitFor();
      await line('Neri Sara').getByRole('cell', { name: '50%' }).waitFor();
      await line('Totale').getByRole('cell', { name: '62,5%' }).waitFor();
      // sorted by rate: the lowest first, then the highest
      await table.getByRole('button', { name: 'Percentuale: ordina in ordine crescente' }).click();
      await expect.poll(() => table.locator('tbody tr').first().textContent()).toMatch(/^Neri Sara/);
      await table.getByRole('button', { name: 'Percentuale: ordina in ordine decrescente' }).click();
      await expect.poll(() => table.locator('tbody tr').first().textContent()).toMatch(/^Bianchi Anna/);
      await check('A06-stats');
      await page.setViewportSize(VIEWPORTS.phone);
      await page.waitForTimeout(300);
      await check('A06-stats');
      await page.setViewportSize(VIEWPORTS.desktop);

      // --- the CSV
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Scarica CSV' }).click()]);
      expect(download.suggestedFilename()).toBe('presenze-2026-08-16-2026-11-16.csv');
      const csv = await readFile(await download.path(), 'utf8');
      expect(csv).toContain('Rossi Luca');
      expect(csv).toContain('Bianchi Anna');
    } catch (error) {
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/A-failure.png`, fullPage: true }).catch(() => undefined);
      throw error;
    } finally {
      await browser.context.setOffline(false).catch(() => undefined);
      await browser.close();
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});

interface Queued {
  id: string;
  [key: string]: unknown;
}

/** The phone's queue (IndexedDB 'campobase-presenze', the store idb-keyval made), read in the page. */
function readQueue(): Promise<Queued[]> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('campobase-presenze');
    open.onerror = () => reject(new Error(open.error?.message ?? 'IndexedDB'));
    open.onsuccess = () => {
      const db = open.result;
      const request = db.transaction('submissions', 'readonly').objectStore('submissions').getAll();
      request.onsuccess = () => {
        db.close();
        resolve(request.result as Queued[]);
      };
      request.onerror = () => reject(new Error(request.error?.message ?? 'IndexedDB'));
    };
  });
}

/** Puts a submission back in the phone's queue, as if the server's answer had been lost. */
function putBack(item: Queued): Promise<void> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('campobase-presenze');
    open.onerror = () => reject(new Error(open.error?.message ?? 'IndexedDB'));
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('submissions', 'readwrite');
      tx.objectStore('submissions').put(item, item.id);
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(new Error(tx.error?.message ?? 'IndexedDB'));
    };
  });
}
