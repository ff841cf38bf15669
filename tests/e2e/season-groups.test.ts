// A closed season's groups in a real browser (issue 35 point 3), at 375 and 1440 px: with a past season chosen in the
// top bar, /category and /groups show that season's groups as its renewal kept them (season_rosters), each with its
// people linking to their page, read-only; a closed season with no kept composition says so; back to the current
// season the live lists return. The club's today is 15 November 2026 on both sides.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, launchBrowser, screenshot, setPagesDate, storeSession, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { clockedLiveServer, clubMorning } from '../support/live-server';
import { clubContext, createGroupWith, createPerson } from '../support/people-factories';

const NOW = clubMorning('2026-11-15');

const server = clockedLiveServer(NOW);

describe.each(Object.entries(VIEWPORTS))('a closed season’s groups on %s', (name, viewport) => {
  it('shows the groups as the season kept them, read-only, and the live ones back in the current season', async () => {
    const club = await createClub(server.deps, { fullName: `ASD Rose ${name}` });
    const ctx = await clubContext(server.deps, club);
    const db = server.deps.systemDb;
    const past = await db.clubSeason.create({ data: { clubId: club.clubId, label: '2025/26', startsOn: new Date('2025-09-01'), endsOn: new Date('2026-08-31'), status: 'closed' } });
    await db.clubSeason.create({ data: { clubId: club.clubId, label: '2024/25', startsOn: new Date('2024-09-01'), endsOn: new Date('2025-08-31'), status: 'closed' } });
    const luca = await createPerson(ctx, 'athlete', { profile: { firstname: 'Luca', lastname: 'Cresciuto' } });
    const coach = await createPerson(ctx, 'coach', { profile: { firstname: 'Marta', lastname: 'Mister' } });
    // Today Luca plays in Under 12; last season, as its renewal kept it, in Under 10, coached by Marta's group.
    const under10 = await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 10');
    await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 12', [luca.roleId]);
    const coaches = await createGroupWith(server.deps, club.clubId, 'coach', 'Staff tecnico', [coach.roleId]);
    const runId = randomUUID();
    await db.seasonRoster.createMany({
      data: [
        { clubId: club.clubId, seasonId: past.id, groupId: under10.id, roleId: luca.roleId, runId },
        { clubId: club.clubId, seasonId: past.id, groupId: coaches.id, roleId: coach.roleId, runId },
      ],
    });

    const browser = await launchBrowser(viewport);
    await setPagesDate(browser.context, NOW);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000);
    try {
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/category?stagione=2025/26`);
      await page.getByRole('heading', { level: 1, name: 'Categorie della stagione 2025/26' }).waitFor();
      const kept = page.getByRole('list', { name: 'Categorie della stagione 2025/26' });
      await kept.getByRole('heading', { name: 'Under 10' }).waitFor();
      expect(await kept.getByRole('heading', { name: 'Under 12' }).count()).toBe(0);
      await page.getByRole('list', { name: 'Persone di Under 10' }).getByRole('link', { name: 'Cresciuto Luca' }).waitFor();
      // read-only: no new category, no row actions
      expect(await page.getByRole('button', { name: /Nuova categoria/ }).count()).toBe(0);
      await page.getByText('Sola lettura').first().waitFor();
      await expectNoHorizontalScroll(page);
      await screenshot(page, `season-groups-categories-${name}`);

      await page.goto(`${server.url}/groups?stagione=2025/26`);
      const groups = page.getByRole('list', { name: 'Gruppi della stagione 2025/26' });
      await groups.getByRole('heading', { name: 'Staff tecnico' }).waitFor();
      expect(await groups.getByRole('heading', { name: 'Under 10' }).count()).toBe(0);

      // a person's name opens their page
      await page.getByRole('link', { name: 'Mister Marta' }).click();
      await page.waitForURL(/\/persona\//);

      // a closed season whose composition was never kept says so
      await page.goto(`${server.url}/category?stagione=2024/25`);
      await page.getByText(/La composizione di categorie della stagione 2024\/25 non è stata conservata/).waitFor();

      // back to the current season: the live categories, Luca in Under 12
      await page.getByTestId('season-banner').getByRole('button', { name: /Torna alla stagione corrente/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Categorie' }).waitFor();
      await page.getByText('Under 12').first().waitFor();
    } finally {
      await browser.close();
    }
  });
});
