// The server too busy to take a save (issue 33 point 1), in a real browser against the real server on PGlite: the
// save's transaction cannot get the database's one session within TRANSACTION_WAIT_MS, the server answers 503
// SERVICE_BUSY with Retry-After, the form says "riprova tra qualche secondo" and keeps every typed value, and the same
// click once the database is free stores them. On a phone and a desktop.
//
// Deterministic, no sleeps: the test holds PGlite's session with an open transaction that ends only when the test
// has seen the 503, so the one wait that matters is the server's own TRANSACTION_WAIT_MS. A NEW group is saved: its
// only database work is its transaction (the session comes from the session cache), so it is that transaction which
// waits. A save that reads first (an edit, a person) would wait for the read instead, and on PGlite reads wait for
// the session without a bound (only PostgreSQL's pool bounds them): it would be served once the hold ends, never 503.
import type { Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { launchBrowser, storeSession, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  // A short wait keeps the test quick; the refusal does not depend on it (the session stays held until the 503).
  server = await startLiveServer({ transactionWaitMs: 1_000 });
});
afterAll(() => server?.close());

/**
 * Takes PGlite's one session, as long work (an import's slice, a crowd of saves) would, until release() is called.
 * Resolves once the session is taken (the transaction's first statement has run).
 */
async function holdDatabase(): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let taken!: () => void;
  const held = new Promise<void>((resolve) => (taken = resolve));
  const hold = server.deps.systemDb.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      taken();
      await released;
    },
    { maxWait: 30_000, timeout: 120_000 },
  );
  await Promise.race([held, hold]);
  return {
    async release() {
      release();
      await hold;
    },
  };
}

const isSaveGroup = (response: Response) =>
  response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('"operationName":"GroupForm_SaveGroup"');

describe.each(Object.entries(VIEWPORTS))('a save the busy server refuses, on %s', (_name, viewport) => {
  it('shows the retry message, keeps the typed values, and the next click saves them', async () => {
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    const club = await createClub(server.deps);
    const stored = () => server.deps.systemDb.group.count({ where: { clubId: club.clubId, name: 'Direttivo', type: 'manager' } });
    let hold: Awaited<ReturnType<typeof holdDatabase>> | undefined;
    try {
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/groups`);
      await page.getByRole('heading', { name: 'Gruppi', level: 1 }).waitFor();
      await page.getByText('Non ci sono ancora gruppi').waitFor();
      await page.getByRole('button', { name: 'Nuovo gruppo' }).click();
      const groupPanel = page.getByRole('dialog', { name: 'Nuovo gruppo' });
      await groupPanel.getByLabel('Nome').fill('Direttivo');
      await groupPanel.getByLabel('Tipologia').selectOption({ label: 'Dirigente' });
      const typedValues = async () => ({
        name: await groupPanel.getByLabel('Nome').inputValue(),
        type: await groupPanel.getByLabel('Tipologia').evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent),
      });

      // The database is busy: the save is refused with 503, Retry-After and SERVICE_BUSY, not a 500.
      hold = await holdDatabase();
      const refused = page.waitForResponse(isSaveGroup);
      await groupPanel.getByRole('button', { name: 'Salva' }).click();
      const answer = await refused;
      expect(answer.status()).toBe(503);
      expect(await answer.headerValue('retry-after')).toBe('5');
      expect(((await answer.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0].extensions.code).toBe('SERVICE_BUSY');

      // The form says so and keeps what was typed; the panel stays open.
      await groupPanel.getByRole('alert').filter({ hasText: MSG.serverBusy }).waitFor();
      expect(await typedValues()).toEqual({ name: 'Direttivo', type: 'Dirigente' });

      // The database is free again: nothing of the refused save was stored, and the same click saves the values.
      await hold.release();
      hold = undefined;
      expect(await stored()).toBe(0);
      const saved = page.waitForResponse(isSaveGroup);
      await groupPanel.getByRole('button', { name: 'Salva' }).click();
      expect((await saved).status()).toBe(200);
      await page.getByText(MSG.groupCreated).first().waitFor();
      await groupPanel.waitFor({ state: 'hidden' });

      // Stored once: a reload lists the group with its type.
      await page.reload();
      await page.getByRole('heading', { name: 'Gruppi', level: 1 }).waitFor();
      await page.getByText('Direttivo', { exact: true }).waitFor();
      await page.getByLabel('Gruppi', { exact: true }).getByText('Dirigente').waitFor();
      expect(await stored()).toBe(1);
    } finally {
      await hold?.release();
      await browser.close();
    }
  });
});
