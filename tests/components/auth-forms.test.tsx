// The sign-in and account forms on the shared form layer (Testing Library in jsdom, against the real server): a
// wizard step's "every field is required" said once above the fields while they are only marked, a field's own
// message under it with the focus on the first wrong one, the server's refusals (a wrong current password, an email
// already registered) keeping every value, the two-factor code and proof forms' one message under their field, and
// the feedback dialog's messages and dirty guard.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { randomBytes } from 'node:crypto';
import { useState } from 'react';
import { describe, expect, inject, it } from 'vitest';
import { ChangePasswordForm } from '../../client/src/features/accounts/components/change-password-form';
import { FeedbackDialog } from '../../client/src/features/accounts/components/feedback-dialog';
import { TwoFactorSettings } from '../../client/src/features/accounts/components/two-factor-settings';
import { LoginForm } from '../../client/src/features/accounts/components/login-form';
import { SignUpWizard } from '../../client/src/features/accounts/components/sign-up-wizard';
import { SessionProvider } from '../../client/src/lib/session';
import { UNSAVED_CHANGES } from '../../client/src/components/ui/unsaved-changes';
import { MSG } from '../../schema/messages';
import { totpCode } from '../../server/modules/two-factor/totp';
import { renderInApp, signInNewClub } from './render-app';

/** The password of the clubs signInNewClub creates (tests/support/crash-harness.ts). */
const CLUB_PASSWORD = 'segreta-123';

/** A server's answer (password hashing included) on a machine shared with other test runs. */
const SERVER = { timeout: 20_000 };

const control = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input, select, textarea' });
const invalid = (element: HTMLElement) => element.getAttribute('aria-invalid') === 'true';

describe('the sign-in form', () => {
  it('says a missing field once above the form, marks the fields and puts a field of its own message under it', async () => {
    renderInApp(
      <SessionProvider>
        <LoginForm />
      </SessionProvider>,
    );
    const user = userEvent.setup();
    const send = await screen.findByRole('button', { name: 'Accedi' });
    await user.click(send);

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', MSG.credentialsRequired);
    expect(screen.getAllByText(MSG.credentialsRequired)).toHaveLength(1);
    expect(invalid(control(/^Email/))).toBe(true);
    expect(invalid(control(/^Password/))).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(control(/^Email/)));

    // A wrong email has its own message, under the field; the missing password is still said above.
    await user.type(control(/^Email/), 'mario.rossi@');
    await user.click(send);
    await screen.findByText(MSG.emailInvalid);
    expect(screen.getByRole('alert').textContent).toBe(MSG.credentialsRequired);

    // Only the email wrong now: its message, and nothing above the form.
    await user.type(control(/^Password/), 'una-password');
    await user.click(send);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByText(MSG.emailInvalid)).toBeTruthy();
    expect(invalid(control(/^Password/))).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(control(/^Email/)));
  }, 120_000);
});

describe('the sign-up wizard', () => {
  it("keeps every step's values, and an email already registered is said above the form with nothing lost", async () => {
    const email = `presa-${randomBytes(4).toString('hex')}@example.it`;
    const taken = await fetch(`${inject('componentServerUrl')}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tax_id_code: 'VRDLGU85M41F205T', firstname: 'Luigia', lastname: 'Verdi', birthday: '1985-08-01', role: 1, full_name: 'ASD Presa',
        foundation: '2001', url_logo: '', vat_number: '09876543210', type_sport: 'nuoto', email, password: CLUB_PASSWORD, password_confirmation: CLUB_PASSWORD,
      }),
    });
    expect(((await taken.json()) as { status: boolean }).status).toBe(true);

    renderInApp(
      <SessionProvider>
        <SignUpWizard />
      </SessionProvider>,
    );
    const user = userEvent.setup();
    const next = await screen.findByRole('button', { name: 'Avanti' });
    await user.click(next);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', MSG.signupStep1);
    expect(screen.getAllByText(MSG.signupStep1)).toHaveLength(1);
    expect(invalid(control(/^Codice fiscale/))).toBe(true);

    await user.type(control(/^Codice fiscale/), 'rssmra80a01h501u');
    await user.type(control(/^Nome/), 'Mario');
    await user.type(control(/^Cognome/), 'Rossi');
    await user.type(control(/^Data di nascita/), '1980-01-01');
    await user.selectOptions(control(/^Ruolo nella società/), 'Presidente');
    await user.click(next);
    await screen.findByRole('heading', { name: 'Dati della società' });
    expect(screen.queryByRole('alert')).toBeNull();

    // Back and forth: the first step's values are still there.
    await user.click(screen.getByRole('button', { name: 'Indietro' }));
    await screen.findByRole('heading', { name: 'Il tuo profilo' });
    expect(control(/^Nome/).value).toBe('Mario');
    await user.click(screen.getByRole('button', { name: 'Avanti' }));

    await user.type(await screen.findByLabelText(/^Nome della società/), 'ASD Rugby Test');
    await user.type(control(/^Anno di fondazione/), '1998');
    // Issue 34 point 7: an association without a partita IVA gives its codice fiscale in the same field.
    expect(control(/^Partita IVA o codice fiscale/)).toBeTruthy();
    await user.type(control(/^Partita IVA o codice fiscale/), '9123456037');
    await user.click(screen.getByRole('button', { name: 'Avanti' }));
    expect(await screen.findByText(MSG.invalidVat)).toBeTruthy();
    await user.type(control(/^Partita IVA o codice fiscale/), '7');
    await user.click(screen.getByRole('button', { name: 'Avanti' }));

    await user.type(await screen.findByLabelText(/^Email/), email);
    await user.type(control(/^Password$/), 'password-iniziale-1');
    await user.type(control(/^Conferma password/), 'altra-password-1');
    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    // The mismatch is the confirmation's own message, under it.
    await screen.findByText(MSG.passwordsDiffer);
    await waitFor(() => expect(document.activeElement).toBe(control(/^Conferma password/)));
    expect(screen.queryByRole('alert')).toBeNull();

    await user.clear(control(/^Conferma password/));
    await user.type(control(/^Conferma password/), 'password-iniziale-1');
    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(await screen.findByRole('alert', {}, SERVER)).toHaveProperty('textContent', MSG.emailTaken);
    expect(control(/^Email/).value).toBe(email);
    expect(control(/^Password$/).value).toBe('password-iniziale-1');
    expect(screen.getByRole('heading', { name: 'Il tuo account' })).toBeTruthy();
  }, 120_000);
});

describe('the change of password', () => {
  it('puts the messages under the fields, keeps the values when the current password is wrong, then saves', async () => {
    await signInNewClub();
    renderInApp(<ChangePasswordForm />);
    const user = userEvent.setup();
    const send = screen.getByRole('button', { name: 'Aggiorna password' });
    await user.click(send);

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', MSG.invalidFields);
    expect(screen.getByText(MSG.currentPasswordRequired)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(control(/^Password attuale/)));

    await user.type(control(/^Password attuale/), 'non-la-mia-1');
    await user.type(control(/^Nuova password/), 'password-nuova-1');
    await user.type(control(/^Conferma nuova password/), 'password-nuova-1');
    await user.click(send);
    await screen.findAllByText(MSG.currentPasswordWrong, {}, SERVER);
    expect(control(/^Nuova password/).value).toBe('password-nuova-1');
    expect(control(/^Conferma nuova password/).value).toBe('password-nuova-1');

    await user.clear(control(/^Password attuale/));
    await user.type(control(/^Password attuale/), CLUB_PASSWORD);
    await user.click(send);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(MSG.passwordUpdated), SERVER);
    expect(control(/^Password attuale/).value).toBe('');
    expect(control(/^Nuova password/).value).toBe('');
  }, 120_000);
});

function FeedbackHarness() {
  const [open, setOpen] = useState(true);
  return <>{open ? <FeedbackDialog open onClose={() => setOpen(false)} /> : <p>chiuso</p>}</>;
}

describe('the feedback dialog', () => {
  it('asks before closing a typed message, says a missing message under the field, then sends', async () => {
    await signInNewClub();
    renderInApp(<FeedbackHarness />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Lascia un feedback' });
    await user.click(within(dialog).getByRole('button', { name: 'Invia feedback' }));
    await within(dialog).findByText(MSG.feedbackMessageRequired);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Messaggio/)));

    await user.click(within(dialog).getByText('Problema', { exact: true }));
    await user.type(within(dialog).getByLabelText(/^Messaggio/), 'Manca la stampa.');
    await waitFor(() => expect(screen.queryByText(MSG.feedbackMessageRequired)).toBeNull());
    expect(within(dialog).getByText('16/4000 caratteri')).toBeTruthy();

    // Unsaved: Annulla asks first, and staying keeps the message.
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await screen.findByText(UNSAVED_CHANGES.title);
    await user.click(screen.getByRole('button', { name: UNSAVED_CHANGES.stay }));
    await waitFor(() => expect(screen.queryByText(UNSAVED_CHANGES.title)).toBeNull());
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>(/^Messaggio/).value).toBe('Manca la stampa.');

    await user.click(within(dialog).getByRole('button', { name: 'Invia feedback' }));
    const sent = await screen.findByRole('dialog', { name: 'Feedback inviato' }, SERVER);
    await within(sent).findByText(MSG.feedbackSent);
    // Sent: closing no longer asks.
    await user.click(within(sent).getByRole('button', { name: 'Chiudi' }));
    await screen.findByText('chiuso');
  }, 120_000);
});

describe('two-factor sign-in on the Security page', () => {
  it("says a wrong code under the field and empties it, then asks the password's proof for new recovery codes", async () => {
    await signInNewClub();
    renderInApp(<TwoFactorSettings />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Attiva la verifica in due passaggi' }, SERVER));
    const secret = ((await screen.findByTestId('two-factor-secret', {}, SERVER)).textContent ?? '').replace(/\s+/g, '');
    const code = () => control(/^Codice dell'app/);
    const activate = screen.getByRole('button', { name: 'Conferma e attiva' });

    // The form's one message is under the code, nothing above.
    await user.click(activate);
    await screen.findByText(MSG.twoFactorCodeRequired);
    await waitFor(() => expect(document.activeElement).toBe(code()));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(code(), totpCode(secret) === '000000' ? '111111' : '000000');
    await user.click(activate);
    await screen.findByText(MSG.twoFactorCodeInvalid, {}, SERVER);
    expect(code().value).toBe('');
    expect(invalid(code())).toBe(true);

    await user.type(code(), totpCode(secret));
    await user.click(activate);
    await user.click(await screen.findByRole('button', { name: 'Ho salvato i codici' }, SERVER));

    await user.click(await screen.findByRole('button', { name: 'Genera nuovi codici di recupero' }, SERVER));
    const dialog = await screen.findByRole('dialog', { name: 'Nuovi codici di recupero' });
    const proof = () => within(dialog).getByLabelText<HTMLInputElement>(/^Password o codice dell'app/);
    await user.click(within(dialog).getByRole('button', { name: 'Genera i codici' }));
    await within(dialog).findByText(MSG.twoFactorProofRequired);
    await waitFor(() => expect(document.activeElement).toBe(proof()));
    await user.type(proof(), 'non-la-mia-1');
    await user.click(within(dialog).getByRole('button', { name: 'Genera i codici' }));
    await within(dialog).findByText(MSG.twoFactorProofWrong, {}, SERVER);
    expect(proof().value).toBe('non-la-mia-1');

    await user.clear(proof());
    await user.type(proof(), CLUB_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Genera i codici' }));
    const codes = await screen.findByRole('list', { name: 'Codici di recupero' }, SERVER);
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
  }, 120_000);
});
