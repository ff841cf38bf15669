// Without SMTP_URL, mail is written to DATA_DIR/outbox as .eml files; the tests' reader gives back what was sent,
// non-ASCII subjects folded over several header lines included (nodemailer encodes them as RFC 2047 words).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readOutbox, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('reads back the recipient, a long accented subject and the text', async () => {
  const subject = 'ASD Promemoria: certificato medico di Nicolò Rossi in scadenza, con un oggetto lungo che va a capo più volte';
  await t.deps.mailer.send({ to: 'famiglia@example.it', subject, text: 'Gentile Paola,\nè tutto in regola? Perché sì.' });
  expect(await readOutbox(t.dataDir)).toEqual([{ to: 'famiglia@example.it', subject, text: 'Gentile Paola,\nè tutto in regola? Perché sì.\n' }]);
});
