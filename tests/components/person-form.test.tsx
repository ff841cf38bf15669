// The person form as a user meets it (Testing Library in jsdom, against the real server): messages under the fields
// and the focus on the first wrong one, a refusal by the server that keeps every typed value, and a profile already
// in the club offered for reuse from its tax code.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PersonForm } from '../../client/src/features/people/components/person-form';
import { MSG } from '../../schema/messages';
import { withCheckCharacter } from '../support/tax-code-factories';
import { gqlAs, renderInApp, signInNewClub } from './render-app';

function renderForm(kind: 'athlete' | 'coach') {
  renderInApp(
    <>
      <PersonForm kind={kind} role={null} formId="person" onSendingChange={() => {}} onSaved={() => {}} />
      <button type="submit" form="person">
        Salva
      </button>
    </>,
  );
}

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input, select, textarea' });

describe('the person form', () => {
  it('puts each message under its field and the focus on the first wrong one', async () => {
    await signInNewClub();
    renderForm('athlete');
    const user = userEvent.setup();
    await user.type(field(/^Cognome/), 'Bianchi');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    const firstname = field(/^Nome/);
    await waitFor(() => expect(document.activeElement).toBe(firstname));
    expect(firstname.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(MSG.firstnameRequired)).toBeTruthy();
    expect(field(/^Cognome/).getAttribute('aria-invalid')).not.toBe('true');
    expect((field(/^Cognome/) as HTMLInputElement).value).toBe('Bianchi');
  });

  it('keeps every typed value when the server refuses the save, and says why under the field', async () => {
    const club = await signInNewClub();
    const taxIdCode = withCheckCharacter('BNCLCU12A01F205');
    await gqlAs(club, 'mutation($input: SavePersonInput!) { savePerson(input: $input) { __typename } }', {
      input: { kind: 'athlete', profile: { firstname: 'Luca', lastname: 'Bianchi', taxIdCode, birthday: '2012-01-01', typeGenderId: 1 } },
    });
    renderForm('athlete');
    const user = userEvent.setup();
    await user.type(field(/^Nome/), 'Lucio');
    await user.type(field(/^Cognome/), 'Bianco');
    await user.type(field(/^Codice fiscale/), taxIdCode);
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    await screen.findAllByText(MSG.roleExists('Atleta'));
    expect((field(/^Nome/) as HTMLInputElement).value).toBe('Lucio');
    expect((field(/^Cognome/) as HTMLInputElement).value).toBe('Bianco');
    expect((field(/^Codice fiscale/) as HTMLInputElement).value).toBe(taxIdCode);
  });

  it('offers the profile of a tax code already in the club and fills the form with it', async () => {
    const club = await signInNewClub();
    const taxIdCode = withCheckCharacter('VRDGNN80A01H501');
    await gqlAs(club, 'mutation($input: SavePersonInput!) { savePerson(input: $input) { __typename } }', {
      input: { kind: 'athlete', profile: { firstname: 'Giovanni', lastname: 'Verdi', taxIdCode, birthday: '1980-01-01', typeGenderId: 1 } },
    });
    renderForm('coach');
    const user = userEvent.setup();
    await user.type(field(/^Codice fiscale/), taxIdCode);
    await user.tab();

    await screen.findByText(/Giovanni Verdi è già nell'anagrafica della società \(atleta\)/);
    await user.click(screen.getByRole('button', { name: /Usa/ }));
    await waitFor(() => expect((field(/^Nome/) as HTMLInputElement).value).toBe('Giovanni'));
    expect((field(/^Cognome/) as HTMLInputElement).value).toBe('Verdi');
    expect(screen.getByText(/Profilo di Giovanni Verdi ripreso dall'anagrafica/)).toBeTruthy();
  });
});
