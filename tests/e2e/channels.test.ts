// Group channels (issue 39 point 4) as the staff and a family use them, in a real browser against the real server on
// 10 September 2026. The Under 14 holds Luca Bianchi, a minor whose mother Anna has an account. The secretary, at
// 1440 px, opens "Canali" from the menu (the Under 14's channel with no message yet), opens it, writes a message with
// a PDF and sends it with Ctrl+Enter. The mother, on a phone, finds the channel in /area "per Luca Bianchi" with 1 new
// message, opens it (the message under "Nuovi messaggi", the PDF saved with her session) and replies. The secretary
// sees the reply arrive by itself (the page asks every 15 seconds), hides it with a reason ("Nascosto da …", then
// "Ripristina" offered), silences the channel, and closes it to the families. The mother then reads "Messaggio rimosso
// dalla società." and the staff's note over a disabled composer. Every screen at 1440 and 375 px: no sideways scroll,
// axe clean. CAMPOBASE_SCREENSHOTS=<dir> saves each screen at both widths (channels-*.png).
// The second: a coach lists only the group they coach (35 messages of yesterday, all new), reads the newest 30 and
// "Messaggi precedenti" adds the 5 before them; another group's address is "Canale non trovato".
import { describe, expect, it } from 'vitest';
import { CHANNEL_MSG } from '../../schema/messages-channels';
import { SESSION_STORAGE_KEY } from '../../schema/constants';
import { launchBrowser, setPagesDate, storeSession, VIEWPORTS } from '../support/browser';
import { addCollaborator, createClub } from '../support/factories';
import { familyOf } from '../support/family-factories';
import { clockedLiveServer, clubMorning } from '../support/live-server';
import { clubContext, createGroupWith } from '../support/people-factories';
import { screenChecks } from '../support/screen-checks';
import { pdf } from '../server/files/fixtures';

const NOW = clubMorning('2026-09-10');
const server = clockedLiveServer(NOW);
const FIRST = 'Sabato partita alle 10:00: ritrovo al campo alle 9:15.';
const REPLY = 'Luca ci sarà, grazie!';

describe('group channels', () => {
  it('the secretary writes with a PDF, a parent reads and replies in the personal area, the reply is hidden, the channel closed to families', async () => {
    const club = await createClub(server.deps, { fullName: 'ASD Canali Aperti', firstname: 'Paola', lastname: 'Titolare' });
    const ctx = await clubContext(server.deps, club);
    const bianchi = await familyOf(ctx, ['2014-04-10'], 'Bianchi');
    const group = await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 14', [bianchi.children[0].roleId]);
    await createGroupWith(server.deps, club.clubId, 'athlete', 'Prima squadra');
    const secretary = await addCollaborator(server.deps, club, 'segreteria');

    const browser = await launchBrowser(VIEWPORTS.desktop);
    await setPagesDate(browser.context, NOW);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000);
    const failures: string[] = [];
    const { both } = screenChecks(page, failures);
    const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();

    const family = await launchBrowser(VIEWPORTS.phone);
    await setPagesDate(family.context, NOW);
    const phone = await family.context.newPage();
    phone.setDefaultTimeout(30_000);
    const phoneChecks = screenChecks(phone, failures);
    /** The family's screens: at 375 px, then at 1440 px, back to the phone. */
    const phoneBoth = async (name: string) => {
      await phoneChecks.check(name);
      await phone.setViewportSize(VIEWPORTS.desktop);
      await phone.waitForTimeout(300);
      await phoneChecks.check(name);
      await phone.setViewportSize(VIEWPORTS.phone);
      await phone.waitForTimeout(300);
    };
    try {
      // --- the secretary at 1440 px: "Canali" in the menu, the groups' channels, none written yet
      await storeSession(page, server.url, secretary);
      await page.goto(`${server.url}/dashboard`);
      await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Canali' }).click();
      await page.getByRole('heading', { name: 'Canali', level: 1 }).waitFor();
      const list = page.getByRole('list', { name: 'Canali dei gruppi' });
      await list.getByRole('listitem', { name: 'Under 14' }).getByText('Ancora nessun messaggio.').waitFor();
      await list.getByRole('listitem', { name: 'Prima squadra' }).waitFor();
      await both('channels-list-empty');

      // --- the Under 14's channel: writes with a PDF, sends with Ctrl+Enter
      await list.getByRole('link', { name: 'Under 14' }).click();
      await page.getByRole('heading', { name: 'Under 14', level: 1 }).waitFor();
      const log = page.getByRole('log', { name: 'Messaggi' });
      await log.getByText('Ancora nessun messaggio: scrivi il primo.').waitFor();
      const composer = page.getByRole('form', { name: 'Scrivi nel canale' });
      // an empty message is the server's own words
      await composer.getByRole('button', { name: 'Invia' }).click();
      await composer.getByText(CHANNEL_MSG.bodyRequired).waitFor();
      await composer.getByLabel('Messaggio').fill(FIRST);
      await composer.getByLabel('Allegati').setInputFiles({ name: 'convocati.pdf', mimeType: 'application/pdf', buffer: pdf() });
      await composer.getByRole('list', { name: 'Allegati scelti' }).getByText('convocati.pdf').waitFor();
      await both('channels-staff-compose');
      await composer.getByLabel('Messaggio').press('Control+Enter');
      const sent = log.getByRole('listitem').filter({ hasText: FIRST });
      await sent.getByRole('button', { name: 'Apri convocati.pdf' }).waitFor();
      await sent.getByText('Segreteria').waitFor();
      expect(await composer.getByLabel('Messaggio').inputValue()).toBe('');
      expect(await composer.getByRole('list', { name: 'Allegati scelti' }).count()).toBe(0);
      await both('channels-staff-sent');

      // --- the mother on her phone: the channel in her area, 1 new message
      await phone.goto(`${server.url}/healthz`);
      await phone.evaluate(({ key, token }) => localStorage.setItem(key, token), { key: SESSION_STORAGE_KEY, token: bianchi.token });
      await phone.goto(`${server.url}/area`);
      const channels = phone.getByRole('region', { name: 'Canali' });
      const item = channels.getByRole('listitem', { name: 'Under 14' });
      await item.getByText('1 nuovo', { exact: true }).waitFor();
      await item.getByText('per Luca Bianchi · ASD Canali Aperti').waitFor();
      await item.getByText(FIRST, { exact: false }).waitFor();
      await phoneBoth('channels-area-list');

      // --- she opens it: the message under "Nuovi messaggi", its PDF saved with her session; she replies
      await item.getByRole('link', { name: 'Under 14' }).click();
      await phone.waitForURL(`${server.url}/area/canali/${group.id}`);
      await phone.getByRole('heading', { name: 'Under 14', level: 1 }).waitFor();
      await phone.getByText('Per Luca Bianchi · ASD Canali Aperti').waitFor();
      const familyLog = phone.getByRole('log', { name: 'Messaggi' });
      await familyLog.getByRole('listitem', { name: 'Nuovi messaggi' }).waitFor();
      const received = familyLog.getByRole('listitem').filter({ hasText: FIRST });
      const [download] = await Promise.all([phone.waitForEvent('download'), received.getByRole('button', { name: 'Scarica convocati.pdf' }).click()]);
      expect(download.suggestedFilename()).toBe('convocati.pdf');
      await phoneBoth('channels-area-channel');
      const familyComposer = phone.getByRole('form', { name: 'Scrivi nel canale' });
      await familyComposer.getByLabel('Messaggio').fill(REPLY);
      await familyComposer.getByRole('button', { name: 'Invia' }).click();
      const reply = familyLog.getByRole('listitem').filter({ hasText: REPLY });
      await reply.getByText('Genitore di Luca Bianchi', { exact: false }).waitFor();
      await phoneBoth('channels-area-replied');
      // read: the area's list has nothing new
      await phone.getByRole('link', { name: 'Area personale', exact: true }).click();
      await channels.getByRole('listitem', { name: 'Under 14' }).getByText(REPLY, { exact: false }).waitFor();
      expect(await channels.getByText('1 nuovo', { exact: true }).count()).toBe(0);

      // --- the secretary: the reply arrives by itself (polling), hidden with a reason
      const staffReply = log.getByRole('listitem').filter({ hasText: REPLY });
      await staffReply.waitFor({ timeout: 40_000 });
      await staffReply.getByRole('button', { name: 'Nascondi il messaggio di Anna Bianchi' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nascondere il messaggio?' });
      await dialog.getByLabel('Motivo (facoltativo)').fill('Fuori tema');
      await dialog.getByRole('button', { name: 'Nascondi messaggio' }).click();
      await toast(CHANNEL_MSG.hidden);
      await dialog.waitFor({ state: 'detached' });
      await staffReply.getByText(/^Nascosto da .+: Fuori tema/).waitFor();
      await staffReply.getByRole('button', { name: 'Ripristina il messaggio di Anna Bianchi' }).waitFor();
      // silenced for her, and closed to the families
      await page.getByRole('button', { name: 'Silenzia notifiche' }).click();
      await toast(CHANNEL_MSG.muted);
      await page.getByRole('button', { name: 'Riattiva notifiche' }).waitFor();
      const posting = page.getByRole('checkbox', { name: 'Le famiglie possono scrivere' });
      expect(await posting.isChecked()).toBe(true);
      await page.getByText('Le famiglie possono scrivere').click();
      await toast(CHANNEL_MSG.postingClosed);
      await expect.poll(() => posting.isChecked()).toBe(false);
      await both('channels-staff-moderated');
      // the list: silenced
      await page.getByRole('link', { name: 'Canali' }).first().click();
      await list.getByRole('listitem', { name: 'Under 14' }).getByText('Silenziato').waitFor();
      await both('channels-list');

      // --- the mother: the reply removed, only the staff write now
      await channels.getByRole('link', { name: 'Under 14' }).click();
      await familyLog.getByRole('listitem').filter({ hasText: FIRST }).waitFor();
      await familyLog.getByText(CHANNEL_MSG.removedForFamilies).waitFor();
      expect(await familyLog.getByText(REPLY).count()).toBe(0);
      await familyComposer.getByText(CHANNEL_MSG.familiesMayNotPost).waitFor();
      expect(await familyComposer.getByLabel('Messaggio').isDisabled()).toBe(true);
      expect(await familyComposer.getByRole('button', { name: 'Invia' }).isDisabled()).toBe(true);
      await phoneBoth('channels-area-closed');
      expect(failures).toEqual([]);
    } finally {
      await family.close();
      await browser.close();
    }
  });

  it('a coach reads only the channels of the groups they coach, and the older messages page by page', async () => {
    const club = await createClub(server.deps, { fullName: 'ASD Canali Lunghi', firstname: 'Piera', lastname: 'Titolare' });
    const coached = await createGroupWith(server.deps, club.clubId, 'athlete', 'Esordienti');
    const other = await createGroupWith(server.deps, club.clubId, 'athlete', 'Allievi');
    const coach = await addCollaborator(server.deps, club, 'allenatore');
    await server.deps.systemDb.membership.updateMany({ where: { token: coach.clubToken }, data: { groupIds: [coached.id] } });
    // 35 messages of the day before, a minute apart: the newest 30 first, then the 5 before them
    const start = NOW.getTime() - 24 * 3600_000;
    await server.deps.systemDb.groupMessage.createMany({
      data: Array.from({ length: 35 }, (_, i) => ({
        clubId: club.clubId,
        groupId: coached.id,
        authorName: 'Piera Titolare',
        authorLabel: 'Titolare',
        fromStaff: true,
        body: `Messaggio numero ${i + 1}`,
        createdAt: new Date(start + i * 60_000),
      })),
    });

    const browser = await launchBrowser(VIEWPORTS.desktop);
    await setPagesDate(browser.context, NOW);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000);
    const failures: string[] = [];
    const { both } = screenChecks(page, failures);
    try {
      await storeSession(page, server.url, coach);
      await page.goto(`${server.url}/canali`);
      const list = page.getByRole('list', { name: 'Canali dei gruppi' });
      const item = list.getByRole('listitem', { name: 'Esordienti' });
      await item.getByText('35 nuovi', { exact: true }).waitFor();
      await item.getByText('ieri').waitFor();
      expect(await list.getByRole('listitem', { name: 'Allievi' }).count()).toBe(0);
      await both('channels-coach-list');

      await item.getByRole('link', { name: 'Esordienti' }).click();
      const log = page.getByRole('log', { name: 'Messaggi' });
      await log.getByText('Messaggio numero 35', { exact: true }).waitFor();
      await expect.poll(() => log.getByText(/^Messaggio numero \d+$/).count()).toBe(30);
      expect(await log.getByText('Messaggio numero 5', { exact: true }).count()).toBe(0);
      await log.getByRole('button', { name: 'Messaggi precedenti' }).click();
      await log.getByText('Messaggio numero 1', { exact: true }).waitFor();
      await expect.poll(() => log.getByText(/^Messaggio numero \d+$/).count()).toBe(35);
      await log.getByRole('button', { name: 'Messaggi precedenti' }).waitFor({ state: 'detached' });
      await both('channels-coach-older');

      // another group's channel: not found (the server answers NOT_FOUND, not its coachGroupsOnly refusal)
      await page.goto(`${server.url}/canali/${other.id}`);
      await page.getByRole('heading', { name: 'Canale non trovato', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Torna ai canali' }).waitFor();
      // the list again: read
      await page.goto(`${server.url}/canali`);
      await item.getByText('Messaggio numero 35', { exact: false }).waitFor();
      expect(await item.getByText('35 nuovi', { exact: true }).count()).toBe(0);
      expect(failures).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
