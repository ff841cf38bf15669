// Demo data never mails anyone (issue 34 point 7: the demo's first start queued 11 certificate reminders to its
// athletes' addresses). The rule is the mail outbox's: an address under the reserved `.invalid` domain is never
// delivered (a mail left with no other recipient is recorded `withheld`, without its body); every address of the
// demo is such an address, and a demo loaded before (demo@campobase.it, people at example.it) is converted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN, loadDemoClub, type DemoResult } from '../../scripts/seed/demo-club';
import { runCertificateReminders } from '../../server/modules/certificates/certificate-reminders.service';
import { outboxDelivered, readOutbox, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let demo: DemoResult;
beforeAll(async () => {
  t = await startTestApp();
  demo = await loadDemoClub(t.deps, { perKind: 20 });
}, 120_000);
afterAll(() => t?.close());

const addressesOf = async (clubId: string) => {
  const people = await t.deps.systemDb.person.findMany({ where: { clubId }, select: { emailPrimary: true, emailSecondary: true } });
  const club = await t.deps.systemDb.club.findUniqueOrThrow({ where: { id: clubId }, select: { emailPrimary: true, emailSecondary: true } });
  return [...people, club].flatMap((r) => [r.emailPrimary, r.emailSecondary]).filter((e): e is string => !!e);
};

describe('the mail outbox and reserved addresses', () => {
  it('never delivers to a .invalid address: alone it is withheld without its body; beside a real one only that one is mailed', async () => {
    await t.deps.mailer.send({ to: 'atleta@polisportivademo.invalid', subject: 'Solo riservato', text: 'codice 123456' });
    await t.deps.mailer.send({ to: 'Genitore <g@esempio.invalid>, vero@example.it', subject: 'Misto', text: 'Ciao' });
    await outboxDelivered(t.deps);
    const withheld = await t.deps.systemDb.mailOutbox.findFirstOrThrow({ where: { subject: 'Solo riservato' } });
    expect(withheld).toMatchObject({ status: 'withheld', recipients: 'atleta@polisportivademo.invalid', text: '', html: null, attempts: 0 });
    expect(await t.deps.systemDb.mailOutbox.findFirstOrThrow({ where: { subject: 'Misto' } })).toMatchObject({ status: 'sent', recipients: 'vero@example.it' });
    const files = await readOutbox(t.dataDir);
    expect(files.filter((m) => m.subject === 'Solo riservato')).toEqual([]);
    expect(files.filter((m) => m.subject === 'Misto').map((m) => m.to)).toEqual(['vero@example.it']);
  });
});

describe('the demo club', () => {
  it('has only reserved addresses: its account, its club, its people', async () => {
    expect(DEMO_LOGIN.email).toMatch(/\.invalid$/);
    const addresses = await addressesOf(demo.clubId);
    expect(addresses.length).toBeGreaterThan(20);
    expect(addresses.filter((a) => !a.endsWith('.invalid'))).toEqual([]);
  });

  it('its certificate reminders and the staff digest are written but mail nobody', async () => {
    const before = (await readOutbox(t.dataDir)).length;
    const run = await runCertificateReminders(t.deps);
    expect(run.sent).toBeGreaterThan(0); // the demo has certificates expiring and expired
    expect(run.digests).toBe(1);
    await outboxDelivered(t.deps);
    const rows = await t.deps.systemDb.mailOutbox.findMany({ where: { subject: { contains: demo.clubName } } });
    expect(rows.length).toBe(run.sent + run.digests);
    expect(rows.every((r) => r.status === 'withheld')).toBe(true);
    expect((await readOutbox(t.dataDir)).length).toBe(before);
  });

  it('loaded before its addresses were reserved (demo@campobase.it, people at example.it), is converted when loaded again', async () => {
    const owner = await t.deps.systemDb.account.findUniqueOrThrow({ where: { email: DEMO_LOGIN.email } });
    await t.deps.systemDb.account.update({ where: { id: owner.id }, data: { email: 'demo@campobase.it' } });
    await t.deps.systemDb.$executeRawUnsafe(`UPDATE people SET email_primary = replace(email_primary, '.invalid', '.example.it') WHERE club_id = $1::uuid`, demo.clubId);
    await t.deps.systemDb.club.update({ where: { id: demo.clubId }, data: { emailPrimary: 'segreteria@polisportivademo.example.it' } });
    expect((await addressesOf(demo.clubId)).some((a) => a.endsWith('.example.it'))).toBe(true);

    const again = await loadDemoClub(t.deps, { perKind: 20 });
    expect(again).toMatchObject({ status: 'exists', clubId: demo.clubId, email: DEMO_LOGIN.email });
    expect((await t.deps.systemDb.account.findUniqueOrThrow({ where: { id: owner.id } })).email).toBe(DEMO_LOGIN.email);
    expect((await addressesOf(demo.clubId)).filter((a) => !a.endsWith('.invalid'))).toEqual([]);
  });
});
