// Online registration by link as a family does it, for the browser tests (registrations-public, family-area): the
// signing code read from the mail outbox, and a whole registration of children on a simple form (no questions of the
// club's own, no documents) through the public page, up to the signature.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { readOutbox } from './test-app';

/** The 6-digit code of the newest signing-code mail to `email` (other than `previous`), once delivered. */
export async function signingCode(dataDir: string, email: string, previous?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await readOutbox(dataDir)).filter((m) => m.to.includes(email) && m.subject.startsWith('Codice per firmare'));
      code = /(\d{6})/.exec(mails.at(-1)?.subject ?? '')?.[1];
      return code === previous ? undefined : code;
    }, { timeout: 20_000, interval: 200 })
    .toBeDefined();
  return code!;
}

export interface RegisteringParent {
  firstname: string;
  lastname: string;
  taxIdCode: string;
  email: string;
  phone: string;
}

export interface RegisteredChild {
  firstname: string;
  lastname: string;
  taxIdCode: string;
}

/**
 * A parent registers `children` through the form at `url` and signs with the code mailed to them: the form asks the
 * people's name and tax code only (no questions, no documents) and the consents in `consents` (labels, each answered
 * Sì; the processing of personal data is always asked). Ends on "Iscrizione firmata".
 */
export async function registerChildrenInBrowser(
  page: Page,
  { url, dataDir, parent, children, consents = [] }: { url: string; dataDir: string; parent: RegisteringParent; children: RegisteredChild[]; consents?: string[] },
): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { name: 'Chi iscrivi', level: 2 }).waitFor();
  expect(await page.getByRole('radio', { name: 'Iscrivo i miei figli' }).isChecked()).toBe(true);
  await page.getByLabel('Nome', { exact: true }).fill(parent.firstname);
  await page.getByLabel('Cognome', { exact: true }).fill(parent.lastname);
  await page.getByLabel('Codice fiscale', { exact: true }).fill(parent.taxIdCode);
  await page.getByLabel('Email', { exact: true }).fill(parent.email);
  await page.getByLabel('Cellulare', { exact: true }).fill(parent.phone);
  await page.getByRole('button', { name: 'Avanti' }).click();

  await page.getByRole('heading', { name: 'I figli da iscrivere', level: 2 }).waitFor();
  for (const [i, child] of children.entries()) {
    if (i > 0) await page.getByRole('button', { name: '+ Aggiungi un altro figlio/a' }).click();
    const group = page.getByRole('group', { name: `Figlio/a ${i + 1}` });
    await group.getByLabel('Nome', { exact: true }).fill(child.firstname);
    await group.getByLabel('Cognome', { exact: true }).fill(child.lastname);
    await group.getByLabel('Codice fiscale', { exact: true }).fill(child.taxIdCode);
    await group.getByText(/^Nat[oa] il \d{2}\/\d{2}\/\d{4}/).waitFor();
  }
  await page.getByRole('button', { name: 'Avanti' }).click();

  await page.getByRole('heading', { name: 'Privacy e consensi', level: 2 }).waitFor();
  for (const label of ['Trattamento dei dati personali', ...consents]) {
    await page.getByRole('group', { name: `Consenso: ${label}` }).getByRole('radio', { name: 'Sì' }).check({ force: true });
  }
  await page.getByRole('checkbox', { name: "Ho letto l'informativa privacy della società" }).check({ force: true });
  await page.getByRole('button', { name: 'Invia il modulo' }).click();

  await page.getByRole('heading', { name: "Firma l'iscrizione", level: 2 }).waitFor();
  const code = await signingCode(dataDir, parent.email);
  await page.getByLabel('Il tuo nome e cognome').fill(`${parent.firstname} ${parent.lastname}`);
  await page.getByLabel('Codice ricevuto per email').fill(code);
  await page.getByRole('button', { name: 'Firma e invia' }).click();
  await page.getByRole('heading', { name: 'Iscrizione firmata', level: 2 }).waitFor();
}
