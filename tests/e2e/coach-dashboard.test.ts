// A coach's dashboard in a real browser against the real server (issue 34 point 6): it counts only what the coach may
// open (athletes of their groups, coaches, managers, accompagnatori; no members, no volunteers), and every link on
// the page, the menu's included, opens a page that answers instead of "Non hai i permessi per questa pagina".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, storeSession, VIEWPORTS } from '../support/browser';
import { addCollaborator, createClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';
import { clubContext, createGroupWith, createPerson } from '../support/people-factories';

const REFUSED = 'Non hai i permessi per questa pagina';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

describe('a coach on the dashboard', () => {
  it('sees no club-wide member or volunteer count, and no link leads to a refused page', async () => {
    const owner = await createClub(server.deps, { fullName: 'ASD Dashboard del Mister' });
    const coach = await addCollaborator(server.deps, owner, 'allenatore');
    const ctx = await clubContext(server.deps, owner);
    const mine = await createPerson(ctx, 'athlete', { profile: { firstname: 'Anna', lastname: 'Mia' } });
    await createPerson(ctx, 'athlete', { profile: { firstname: 'Carla', lastname: 'Altrui' } });
    const group = await createGroupWith(server.deps, owner.clubId, 'athlete', 'Under 10', [mine.roleId]);
    await server.deps.systemDb.membership.updateMany({ where: { token: coach.clubToken }, data: { groupIds: [group.id] } });
    // added today: members and volunteers would show in "Aggiunti oggi" with links to their lists
    for (const kind of ['coach', 'member', 'member', 'voluntary'] as const) await createPerson(ctx, kind);

    const browser = await launchBrowser(VIEWPORTS.desktop);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await storeSession(page, server.url, coach);
      await page.goto(`${server.url}/dashboard`);
      const kinds = page.getByRole('region', { name: 'Tesserati e staff' });
      await kinds.getByRole('link', { name: /^Atleti 1\b/ }).waitFor();
      await kinds.getByRole('link', { name: /^Allenatori 1\b/ }).waitFor();
      expect(await kinds.getByText(/^(Soci|Volontari)$/).count()).toBe(0);
      // today's additions: the athlete of their group and the coach, nobody else
      const today = page.getByRole('region', { name: 'Aggiunti oggi' });
      await today.getByText('2', { exact: true }).waitFor();
      expect(await today.getByRole('link').allInnerTexts()).toEqual(['1 atleta', '1 allenatore']);

      const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))]);
      expect(hrefs.length).toBeGreaterThan(5);
      for (const href of hrefs) {
        await page.goto(`${server.url}${href}`);
        const heading = page.getByRole('heading', { level: 1 }).first();
        await heading.waitFor();
        expect(`${href}: ${await heading.innerText()}`).not.toContain(REFUSED);
      }
    } finally {
      await browser.close();
    }
  });
});
