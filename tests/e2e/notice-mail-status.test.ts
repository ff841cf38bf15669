// How notices reach people by e-mail (issue "communications"), in a real browser against the real server on 10
// September 2026. The Under 16 holds a minor athlete (Luca Rossi, whose mother has an e-mail), an adult one (Ada
// Adulta) and Bianca Bloccata, whose address is blocked (3 permanent failures, set in the database). The owner writes
// an "Obbligatorio" notice (Urgente checks it and locks it): the list and the history say "Obbligatorio", Bianca's
// mail "Indirizzo bloccato". A normal notice follows: Ada's mail carries "Disiscriviti" (the required one does not);
// its link (?disiscrivi=1) brings the focus to "Avvisi per e-mail": she turns notices off, reads the server's message,
// turns them on again. Bianca's page shows the block with "Sblocca indirizzo": cleared, the alert goes. The mother,
// her address blocked too, turns notices by e-mail off in her area and clears the block, then turns on notifications on
// the device (subscribed, or the Italian failure without a push service) and the service worker shows a synthetic push
// (sw-push.js). Every screen at 1440 and 375 px, axe clean. CAMPOBASE_SCREENSHOTS=<dir> saves each screen at both
// widths (mail-status-*.png, push-*.png).
import { describe, expect, it, vi } from 'vitest';
import { NOTICE_MSG } from '../../schema/messages-notices';
import { CLUB_STORAGE_KEY, SESSION_STORAGE_KEY } from '../../schema/constants';
import { launchBrowser, setPagesDate, storeSession, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { familyOf } from '../support/family-factories';
import { clockedLiveServer, clubMorning } from '../support/live-server';
import { clubContext, createGroupWith, createPerson } from '../support/people-factories';
import { screenChecks } from '../support/screen-checks';
import { readOutbox } from '../support/test-app';

const NOW = clubMorning('2026-09-10');
const server = clockedLiveServer(NOW);
const CLUB = 'ASD Posta Sicura';
const REQUIRED_TITLE = 'Assemblea dei soci';
const NORMAL_TITLE = 'Merenda dopo l’allenamento';
const BOUNCE = '550 5.1.1 User unknown';

describe('notices by e-mail: obbligatorio, unsubscribing, blocked addresses', () => {
  // 33 s alone on an idle 2-core machine, 70 s beside another browser file and six busy loops.
  it('the owner sends an obbligatorio notice, Ada unsubscribes from a link and back, a block is cleared by the staff and in the area', { timeout: 300_000 }, async () => {
    const club = await createClub(server.deps, { fullName: CLUB, firstname: 'Paola', lastname: 'Titolare' });
    const ctx = await clubContext(server.deps, club);
    const rossi = await familyOf(ctx, ['2012-04-10'], 'Rossi');
    const ada = await createPerson(ctx, 'athlete', { profile: { firstname: 'Ada', lastname: 'Adulta', birthday: '1996-04-04', emailPrimary: 'ada.adulta@example.it' } });
    const bianca = await createPerson(ctx, 'athlete', { profile: { firstname: 'Bianca', lastname: 'Bloccata', birthday: '1995-05-05', emailPrimary: 'bianca.bloccata@example.it' } });
    await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 16', [rossi.children[0].roleId, ada.roleId, bianca.roleId]);
    const block = (personId: string, email: string) =>
      server.deps.systemDb.personMailStatus.upsert({
        where: { personId },
        create: { personId, clubId: club.clubId, email, failures: 3, blockedAt: NOW, lastFailure: BOUNCE, lastFailureAt: NOW, lastFailurePermanent: true },
        update: { email, failures: 3, blockedAt: NOW, lastFailure: BOUNCE, lastFailureAt: NOW, lastFailurePermanent: true },
      });
    await block(bianca.personId, 'bianca.bloccata@example.it');

    const browser = await launchBrowser(VIEWPORTS.desktop);
    await setPagesDate(browser.context, NOW);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000);
    const failures: string[] = [];
    const { check, both } = screenChecks(page, failures);
    const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();
    // Only this attempt's mails: a retry's outbox still holds the first try's, to the same addresses.
    const mailsBefore = (await readOutbox(server.dataDir)).length;
    const mailTo = async (email: string, title: string) => {
      let text = '';
      await vi.waitFor(
        async () => {
          const mail = (await readOutbox(server.dataDir)).slice(mailsBefore).find((m) => m.to.includes(email) && m.subject.includes(title));
          if (!mail) throw new Error(`no mail to ${email} yet`);
          text = mail.text;
        },
        { timeout: 30_000, interval: 250 },
      );
      return text;
    };
    const send = async (title: string, body: string, required: boolean) => {
      await page.goto(`${server.url}/avvisi/nuovo`);
      const form = page.getByRole('form', { name: 'Nuovo avviso' });
      await form.getByLabel('Oggetto').fill(title);
      await form.getByLabel('Testo').fill(body);
      await form.getByRole('checkbox', { name: /Under 16/ }).locator('xpath=..').click();
      if (required) {
        const obbligatorio = form.getByRole('checkbox', { name: 'Obbligatorio' });
        // Urgente makes it obbligatorio, checked and locked; off again, the choice is the author's
        await form.getByText('Urgente: chiede la conferma di lettura').click();
        expect(await obbligatorio.isChecked()).toBe(true);
        expect(await obbligatorio.isDisabled()).toBe(true);
        await form.getByText('Urgente: chiede la conferma di lettura').click();
        expect(await obbligatorio.isChecked()).toBe(false);
        await form.getByText('Obbligatorio', { exact: true }).click();
        expect(await obbligatorio.isChecked()).toBe(true);
        await form.getByText('Gli avvisi urgenti lo sono sempre.', { exact: false }).waitFor();
      }
      await form.getByRole('button', { name: 'Vedi destinatari' }).click();
      await page.getByRole('heading', { name: 'Destinatari: 3 destinatari', level: 2 }).waitFor();
      if (required) await both('mail-status-compose-required');
      await page.getByRole('button', { name: 'Invia avviso' }).click();
      await page.getByRole('alertdialog', { name: "Inviare l'avviso?" }).getByRole('button', { name: 'Invia a 3 destinatari' }).click();
      await toast(NOTICE_MSG.sent(3));
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    };
    try {
      // --- (a) the owner sends an obbligatorio notice: its badge; Bianca's address is blocked
      await storeSession(page, server.url, club);
      await send(REQUIRED_TITLE, 'Sabato alle 10 assemblea ordinaria al campo.', true);
      await page.getByText('Obbligatorio', { exact: true }).first().waitFor();
      const table = page.getByRole('table', { name: "Destinatari dell'avviso" });
      // The mails go in the background after the send: reload until Bianca's row says so. The row itself gets the
      // page's own wait (a reload of the admin page took longer than 3 s under CI's load, failing every round).
      await vi.waitFor(
        async () => {
          await page.reload();
          const bianca = table.getByRole('row').filter({ hasText: 'Bianca Bloccata' });
          await bianca.waitFor();
          await bianca.getByText('Indirizzo bloccato').waitFor({ timeout: 3_000 });
        },
        { timeout: 120_000, interval: 500 },
      );
      await page.getByRole('region', { name: 'Email inviate' }).getByText(/1 non inviata \(avvisi disattivati o indirizzo bloccato\)/).waitFor();
      await both('mail-status-history-required');
      // the required notice's mail has no way out of it
      expect(await mailTo('ada.adulta@example.it', REQUIRED_TITLE)).not.toMatch(/disiscrivi/i);

      await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Avvisi' }).click();
      const row = page.getByRole('list', { name: 'Avvisi inviati' }).getByRole('listitem').filter({ hasText: REQUIRED_TITLE });
      await row.getByText('Obbligatorio', { exact: true }).waitFor();

      // --- (b) a normal notice: Ada's mail carries "Disiscriviti"; its link brings the focus to the choice
      await send(NORMAL_TITLE, 'Dopo l’allenamento di venerdì merenda per tutti.', false);
      const text = await mailTo('ada.adulta@example.it', NORMAL_TITLE);
      const unsubscribe = new URL(/https?:\/\/\S+\/avviso\/[\w-]+\?disiscrivi=1/.exec(text)![0]);
      const link = await browser.context.newPage();
      link.setDefaultTimeout(30_000);
      const linkChecks = screenChecks(link, failures);
      await link.goto(`${server.url}${unsubscribe.pathname}${unsubscribe.search}`);
      await link.getByRole('heading', { name: NORMAL_TITLE, level: 1 }).waitFor();
      const choice = link.getByRole('region', { name: 'Avvisi per e-mail' });
      await choice.getByText('Gli avvisi obbligatori e urgenti arriveranno comunque.').waitFor();
      await expect.poll(() => choice.getByRole('heading', { name: 'Avvisi per e-mail' }).evaluate((el) => el === document.activeElement), { timeout: 15_000 }).toBe(true);
      await linkChecks.both('mail-status-link');
      await choice.getByRole('button', { name: 'Non ricevere più avvisi per e-mail' }).click();
      await choice.getByRole('status').getByText(NOTICE_MSG.unsubscribed(CLUB)).waitFor();
      await linkChecks.both('mail-status-link-unsubscribed');
      await choice.getByRole('button', { name: 'Ricevi di nuovo gli avvisi per e-mail' }).click();
      await choice.getByRole('status').getByText(NOTICE_MSG.resubscribed(CLUB)).waitFor();
      await choice.getByRole('button', { name: 'Non ricevere più avvisi per e-mail' }).waitFor();
      const status = await server.deps.systemDb.personMailStatus.findUniqueOrThrow({ where: { personId: ada.personId } });
      expect(status.noticesEmailOffAt).toBeNull();
      // the obbligatorio notice's own link offers nothing of the kind
      const requiredLink = new URL(/https?:\/\/\S+\/avviso\/[\w-]+/.exec(await mailTo('ada.adulta@example.it', REQUIRED_TITLE))![0]);
      await link.goto(`${server.url}${requiredLink.pathname}?disiscrivi=1`);
      await link.getByRole('heading', { name: REQUIRED_TITLE, level: 1 }).waitFor();
      expect(await link.getByRole('region', { name: 'Avvisi per e-mail' }).count()).toBe(0);
      await link.close();

      // --- (c) Bianca's page: the block, cleared by the owner
      await page.goto(`${server.url}/persona/${bianca.roleId}`);
      await page.getByRole('heading', { name: 'Bianca Bloccata', level: 1 }).waitFor();
      const blocked = page.getByText(/^Indirizzo e-mail bloccato: 3 mancate consegne \(ultima: 550 5\.1\.1 User unknown, 10 settembre 2026\)\.$/);
      await blocked.waitFor();
      await both('mail-status-person-blocked');
      await page.getByRole('button', { name: 'Sblocca indirizzo' }).click();
      await page.getByRole('status').filter({ hasText: NOTICE_MSG.blockCleared }).waitFor();
      await blocked.waitFor({ state: 'detached' });
      await check('mail-status-person-cleared');
      expect((await server.deps.systemDb.personMailStatus.findUniqueOrThrow({ where: { personId: bianca.personId } })).blockedAt).toBeNull();

      // --- (d) the mother in her area, her address blocked: notices by e-mail off, then the block cleared
      await block(rossi.parentId, rossi.email);
      await page.evaluate(
        ({ session, clubKey, token }) => {
          localStorage.removeItem(clubKey);
          localStorage.setItem(session, token);
        },
        { session: SESSION_STORAGE_KEY, clubKey: CLUB_STORAGE_KEY, token: rossi.token },
      );
      await page.goto(`${server.url}/area`);
      const section = page.getByRole('region', { name: 'Avvisi per e-mail' });
      const item = section.getByRole('listitem', { name: CLUB });
      await item.getByText(rossi.email).waitFor();
      const own = item.getByText(`Le e-mail a questo indirizzo non arrivano: ${BOUNCE}. Se hai risolto, sblocca l'indirizzo.`);
      await own.waitFor();
      const toggle = item.getByLabel('Ricevi gli avvisi per e-mail');
      expect(await toggle.isChecked()).toBe(true);
      await both('mail-status-area');
      await item.getByText('Ricevi gli avvisi per e-mail', { exact: true }).click();
      await section.getByRole('status').filter({ hasText: NOTICE_MSG.mailSettingsSaved }).waitFor();
      await expect.poll(() => toggle.isChecked(), { timeout: 15_000 }).toBe(false);
      expect((await server.deps.systemDb.personMailStatus.findUniqueOrThrow({ where: { personId: rossi.parentId } })).noticesEmailOffAt).not.toBeNull();
      await item.getByRole('button', { name: 'Sblocca il mio indirizzo' }).click();
      await section.getByRole('status').filter({ hasText: NOTICE_MSG.blockCleared }).waitFor();
      await own.waitFor({ state: 'detached' });
      await both('mail-status-area-saved');

      // --- (e) notifications on this device: the switch, turned on (subscribed and counted, or, without a push
      // service in headless Chromium, the Italian failure and the switch back off); the worker shows a pushed notice
      await browser.context.grantPermissions(['notifications'], { origin: server.url });
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state === 'activated'), { timeout: 30_000 })
        .toBe(true);
      const push = page.getByRole('region', { name: 'Notifiche su questo dispositivo' });
      const pushSwitch = push.getByLabel('Ricevi le notifiche di avvisi e canali su questo dispositivo');
      await pushSwitch.waitFor({ state: 'attached' });
      expect(await pushSwitch.isChecked()).toBe(false);
      await both('push-area');
      await pushSwitch.focus();
      await page.keyboard.press('Space');
      const pushStatus = push.getByRole('status');
      const on = 'Notifiche attivate su questo dispositivo.';
      const failed = 'Non è stato possibile attivare le notifiche su questo dispositivo: riprova più tardi.';
      await expect.poll(() => pushStatus.textContent(), { timeout: 30_000 }).toMatch(new RegExp(`^(${on}|${failed})$`));
      if ((await pushStatus.textContent()) === on) {
        await push.getByText('Ricevono le notifiche: 1 dispositivo', { exact: true }).waitFor();
        expect(await pushSwitch.isChecked()).toBe(true);
        await both('push-area-on');
        await page.keyboard.press('Space');
        await pushStatus.getByText('Notifiche disattivate su questo dispositivo.', { exact: true }).waitFor();
        await push.getByText(/^Ricevono le notifiche/).waitFor({ state: 'detached' });
        expect(await pushSwitch.isChecked()).toBe(false);
        expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null)).toBe(true);
      } else {
        await expect.poll(() => pushSwitch.isChecked()).toBe(false);
        expect(await push.getByText(/^Ricevono le notifiche/).count()).toBe(0);
        expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null)).toBe(true);
        await both('push-area-failed');
      }

      // the service worker's push handler (client/public/sw-push.js), with a synthetic push (this Chromium constructs
      // PushEvent; campobaseShowPush, the handler's own function, is the fallback)
      let worker = browser.context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'));
      worker ??= await browser.context.waitForEvent('serviceworker', { predicate: (w) => w.url().endsWith('/sw.js'), timeout: 15_000 });
      const shown = await worker.evaluate(async (payload) => {
        type Shown = { title: string; body: string; tag: string; data: unknown; requireInteraction: boolean; icon: string; close(): void };
        const scope = globalThis as unknown as {
          PushEvent?: new (type: string, init?: { data?: string }) => Event;
          dispatchEvent(event: Event): boolean;
          registration: { getNotifications(filter?: { tag?: string }): Promise<Shown[]> };
          campobaseShowPush(payload: unknown): Promise<void>;
        };
        const read = async (tag?: string) => {
          for (let i = 0; i < 50; i += 1) {
            const list = await scope.registration.getNotifications(tag ? { tag } : undefined);
            if (list.length) return list.map(({ title, body, tag: t, data, requireInteraction, icon }) => ({ title, body, tag: t, data, requireInteraction, icon }));
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          return [];
        };
        const deliver = async (data: unknown) => {
          if (!scope.PushEvent) return scope.campobaseShowPush(data);
          scope.dispatchEvent(new scope.PushEvent('push', data === null ? {} : { data: JSON.stringify(data) }));
        };
        await deliver(payload);
        const notice = await read(payload.tag);
        (await scope.registration.getNotifications()).forEach((n) => n.close());
        await deliver(null);
        const generic = await read();
        (await scope.registration.getNotifications()).forEach((n) => n.close());
        return { via: scope.PushEvent ? 'PushEvent' : 'campobaseShowPush', notice, generic };
      }, { title: NORMAL_TITLE, body: 'Dopo l’allenamento di venerdì merenda per tutti.', url: '/area', tag: 'avviso-merenda', urgent: true });
      expect(shown.notice).toEqual([
        { title: NORMAL_TITLE, body: 'Dopo l’allenamento di venerdì merenda per tutti.', tag: 'avviso-merenda', data: { url: '/area' }, requireInteraction: true, icon: `${server.url}/icons/pwa-192.png` },
      ]);
      expect(shown.generic.map((n) => n.title)).toEqual(['Nuovo avviso']);
      expect(failures).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
