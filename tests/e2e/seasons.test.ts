// The season in the top bar in a real browser (issue 35 point 1), at 375 and 1440 px: the current season is the
// server's; choosing a past (closed) season from the switcher shows the read-only banner, keeps the choice in the
// address, narrows the people list to who was in that season (a renewal of it) and hides "Nuovo"; "Torna alla stagione
// corrente" brings back the whole list. A controlled clock: the club's today is 15 November 2026 on both sides.
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, launchBrowser, screenshot, setPagesDate, storeSession, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { clockedLiveServer, clubMorning } from '../support/live-server';
import { clubContext, createPerson } from '../support/people-factories';

const NOW = clubMorning('2026-11-15');

const server = clockedLiveServer(NOW);

describe.each(Object.entries(VIEWPORTS))('the season switcher on %s', (name, viewport) => {
  it('shows a past season read-only, narrows the list to it, and goes back to the current one', async () => {
    const club = await createClub(server.deps, { fullName: `ASD Stagioni ${name}` });
    const ctx = await clubContext(server.deps, club);
    const db = server.deps.systemDb;
    const past = await db.clubSeason.create({ data: { clubId: club.clubId, label: '2025/26', startsOn: new Date('2025-09-01'), endsOn: new Date('2026-08-31'), status: 'closed' } });
    const renewed = await createPerson(ctx, 'member', { profile: { firstname: 'Anna', lastname: 'Rinnovata' } });
    await createPerson(ctx, 'member', { profile: { firstname: 'Bruno', lastname: 'Nuovissimo' } });
    const entry = await db.registerMember.create({ data: { clubId: club.clubId, personId: renewed.personId, number: 1, admittedOn: new Date('2025-09-10') } });
    await db.registerMemberSeason.create({ data: { clubId: club.clubId, memberId: entry.id, seasonId: past.id, renewedOn: new Date('2025-09-10'), quotaCents: 3000 } });

    const browser = await launchBrowser(viewport);
    await setPagesDate(browser.context, NOW);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000);
    try {
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/club/member`);
      await page.getByText('Nuovissimo').first().waitFor();
      await page.getByText('Rinnovata').first().waitFor();
      const switcher = page.getByTestId('season-switcher');
      await expect.poll(() => switcher.innerText()).toContain('2026/27');
      // the season is named once in the top bar: by the switcher, not again under the club's name
      await expect.poll(() => page.getByTestId('top-bar-club').innerText()).not.toContain('2026/27');

      await switcher.click();
      await page.getByRole('menuitemradio', { name: /2025\/26/ }).click();
      const banner = page.getByTestId('season-banner');
      await banner.getByText('Stai consultando la stagione 2025/26: sola lettura').waitFor();
      expect(new URL(page.url()).searchParams.get('stagione')).toBe('2025/26');
      await expect.poll(() => page.getByText('Nuovissimo').count()).toBe(0);
      await page.getByText('Rinnovata').first().waitFor();
      expect(await page.getByRole('button', { name: 'Nuovo', exact: true }).count()).toBe(0);
      await expectNoHorizontalScroll(page);
      await screenshot(page, `seasons-past-${name}`);

      // the choice survives a reload (it is in the address)
      await page.reload();
      await banner.getByText('Stai consultando la stagione 2025/26: sola lettura').waitFor();

      await banner.getByRole('button', { name: /Torna alla stagione corrente/ }).click();
      await expect.poll(() => banner.count()).toBe(0);
      await page.getByText('Nuovissimo').first().waitFor();
      expect(new URL(page.url()).searchParams.get('stagione')).toBeNull();

      // the dashboard compares the season with the one before: a nivo bar chart, named by its figures, and its table
      await page.goto(`${server.url}/dashboard`);
      const comparison = page.getByTestId('season-comparison');
      await comparison.getByRole('heading', { name: 'La stagione 2026/27 e la precedente (2025/26)' }).waitFor();
      const chart = comparison.getByRole('img', { name: /^Grafico a barre: Soci nel libro: 1 \(2025\/26: 1\); Rinnovi: 0 \(2025\/26: 1\)/ });
      await chart.waitFor();
      await expect.poll(() => chart.locator('svg rect').count()).toBeGreaterThan(0);
      await screenshot(page, `seasons-dashboard-${name}`);
    } finally {
      await browser.close();
    }
  });
});
