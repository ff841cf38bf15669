// The person form as a user meets it (Testing Library in jsdom, against the real server): messages under the fields
// and the focus on the first wrong one, a refusal by the server that keeps every typed value, a profile already
// in the club offered for reuse from its tax code, the files held beside the typed values (a refused one stops the
// save), the fields the code fills in, an edit's record with its read-only parts, and the changes reported.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { print } from 'graphql';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PersonForm, type PersonFormProps } from '../../client/src/features/people/components/person-form';
import { PersonForm_PersonRoleFragmentDoc, type PersonForm_PersonRoleFragment } from '../../client/src/gql/graphql';
import { MSG } from '../../schema/messages';
import { withCheckCharacter } from '../support/tax-code-factories';
import { gqlAs, renderInApp, signInNewClub, type SignedInClub } from './render-app';

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

  // The upload itself is checked in a real browser (tests/e2e/people.test.ts): jsdom's File and FormData are not
  // the ones Node's fetch sends as a multipart request.
  it('keeps a refused file from being saved, with its message under the control; a valid one replaces it', async () => {
    const club = await signInNewClub();
    const taxIdCode = withCheckCharacter('GLLSRA12A41F205');
    renderHarness({ kind: 'athlete' });
    const user = userEvent.setup();
    await user.type(field(/^Nome/), 'Sara');
    await user.type(field(/^Cognome/), 'Gialli');
    await user.type(field(/^Codice fiscale/), taxIdCode);
    await user.selectOptions(field(/^Genere/), '2');
    await user.upload(field(/^Certificato medico/), new File([], 'vuoto.pdf', { type: 'application/pdf' }));
    expect(screen.getByText(MSG.fileEmpty).getAttribute('data-part')).toBe('error-text');

    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', MSG.invalidFields);
    await waitFor(() => expect(document.activeElement).toBe(field(/^Certificato medico/)));
    expect(screen.getByText('salvati: 0')).toBeTruthy();
    expect(screen.getByText('modificato')).toBeTruthy();

    await user.upload(field(/^Certificato medico/), pdf('certificato.pdf'));
    await waitFor(() => expect(screen.queryByText(MSG.fileEmpty)).toBeNull());
    expect(screen.getByText('certificato.pdf')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Rimuovi certificato.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await screen.findByText('salvati: 1');
    // Saved: the form starts again empty and unchanged.
    await waitFor(() => expect((field(/^Nome/) as HTMLInputElement).value).toBe(''));
    expect((field(/^Codice fiscale/) as HTMLInputElement).value).toBe('');
    expect(screen.getByText('intatto')).toBeTruthy();
    const role = await roleOf(club, taxIdCode);
    expect(role.person).toMatchObject({ firstname: 'Sara', lastname: 'Gialli', typeGenderId: 2 });
  });

  it('fills the empty birth fields from the tax code, tidies a phone on leaving it, and reports the form as changed', async () => {
    await signInNewClub();
    renderHarness({ kind: 'coach' });
    const user = userEvent.setup();
    expect(screen.getByText('intatto')).toBeTruthy();
    await user.type(field(/^Codice fiscale/), 'bncncl10a01f205t');
    expect((field(/^Codice fiscale/) as HTMLInputElement).value).toBe('BNCNCL10A01F205T');
    await user.tab();

    await screen.findByText('Compilati dal codice fiscale: Data di nascita, Genere, Luogo di nascita, Nazione di nascita.');
    expect((field(/^Data di nascita/) as HTMLInputElement).value).toBe('2010-01-01');
    expect((field(/^Genere/) as HTMLSelectElement).value).toBe('1');
    expect((field(/^Luogo di nascita/) as HTMLInputElement).value).toBe('Milano');
    expect((field(/^Nazione di nascita/) as HTMLInputElement).value).toBe('Italia');
    expect(screen.getByText('modificato')).toBeTruthy();

    // A typed date that disagrees is warned about; the code's values are taken on request.
    await user.clear(field(/^Data di nascita/));
    await user.type(field(/^Data di nascita/), '2011-05-05');
    await screen.findByText(/non corrisponde a Data di nascita/);
    await user.click(screen.getByRole('button', { name: 'Usa i dati del codice fiscale' }));
    await waitFor(() => expect((field(/^Data di nascita/) as HTMLInputElement).value).toBe('2010-01-01'));

    await user.type(field(/^Telefono$/), '0039 333 123.45-67');
    await user.tab();
    await waitFor(() => expect((field(/^Telefono$/) as HTMLInputElement).value).toBe('+393331234567'));
  });

  it('opens an edit with the record, its health fields read-only, and saves without them', async () => {
    const club = await signInNewClub();
    const taxIdCode = withCheckCharacter('NRIGLI10A41F205');
    await gqlAs(club, 'mutation($input: SavePersonInput!) { savePerson(input: $input) { __typename } }', {
      input: {
        kind: 'athlete',
        profile: { firstname: 'Giulia', lastname: 'Neri', taxIdCode, birthday: '2010-01-01', typeGenderId: 2, hasBlsd: true, blsdExpiresOn: '2027-01-31' },
        athlete: { allergies: 'Graminacee', typeMedicalExaminationId: 1 },
        notePrivate: 'Quota pagata',
      },
    });
    const role = await roleOf(club, taxIdCode);
    renderHarness({ kind: 'athlete', role, health: 'read' });
    const user = userEvent.setup();

    expect((field(/^Nome/) as HTMLInputElement).value).toBe('Giulia');
    expect((field(/^Genere/) as HTMLSelectElement).value).toBe('2');
    expect((field(/^Scadenza BLSD/) as HTMLInputElement).value).toBe('2027-01-31');
    // A health select read-only: the chosen option's label in a read-only input.
    expect((field(/^Tipo di visita medica/) as HTMLInputElement).value).toBe('Agonistica');
    expect((field(/^Note private/) as HTMLTextAreaElement).value).toBe('Quota pagata');
    expect(screen.getByText('I dati sanitari sono in sola lettura: il tuo ruolo non consente di modificarli.')).toBeTruthy();
    expect(field(/^Allergie/).hasAttribute('readonly')).toBe(true);
    expect(field(/^Nome/).hasAttribute('readonly')).toBe(false);
    expect(screen.getByText('intatto')).toBeTruthy();

    await user.type(field(/^Procuratore/), 'Studio Verdi');
    expect(screen.getByText('modificato')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await screen.findByText('salvati: 1');
    const saved = await roleOf(club, taxIdCode);
    expect(saved.athlete).toMatchObject({ athleteAttorneyName: 'Studio Verdi', allergies: 'Graminacee', typeMedicalExaminationId: 1 });
    expect(saved.person).toMatchObject({ hasBlsd: true, blsdExpiresOn: '2027-01-31' });
  });

  it('shows a record read-only to a role that may only read it: never changed, never sent', async () => {
    const club = await signInNewClub();
    const taxIdCode = withCheckCharacter('RSSMRA80A01H501');
    await gqlAs(club, 'mutation($input: SavePersonInput!) { savePerson(input: $input) { __typename } }', {
      input: { kind: 'member', profile: { firstname: 'Mario', lastname: 'Rossi', taxIdCode, typeGenderId: 1 }, member: { typeMembershipId: 2 } },
    });
    const role = await roleOf(club, taxIdCode);
    renderHarness({ kind: 'member', role, readOnly: true });
    const user = userEvent.setup();

    expect(screen.getByText('Puoi consultare questa scheda, ma il tuo ruolo non consente di modificarla.')).toBeTruthy();
    expect(field(/^Nome/).hasAttribute('readonly')).toBe(true);
    // A select has no read-only state: the chosen option's label in a read-only input.
    expect((field(/^Tipo di tesseramento/) as HTMLInputElement).value).toBe('Sostenitore');
    await user.type(field(/^Nome/), 'x');
    expect((field(/^Nome/) as HTMLInputElement).value).toBe('Mario');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('salvati: 0')).toBeTruthy();
    expect(screen.getByText('intatto')).toBeTruthy();
  });

  it('reuses a profile with every field of it, the gender included, and clears the messages shown', async () => {
    const club = await signInNewClub();
    const taxIdCode = withCheckCharacter('VRDNNA80A41H501');
    await gqlAs(club, 'mutation($input: SavePersonInput!) { savePerson(input: $input) { __typename } }', {
      input: { kind: 'member', profile: { firstname: 'Anna', lastname: 'Verdi', taxIdCode, typeGenderId: 2, phonePrimary: '3331234567', isGuarded: true } },
    });
    renderHarness({ kind: 'athlete' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await screen.findByText(MSG.firstnameRequired);
    await user.type(field(/^Codice fiscale/), taxIdCode);
    await user.tab();
    await user.click(await screen.findByRole('button', { name: 'Usa il profilo esistente' }));

    await waitFor(() => expect((field(/^Nome/) as HTMLInputElement).value).toBe('Anna'));
    expect((field(/^Genere/) as HTMLSelectElement).value).toBe('2');
    expect((field(/^Telefono$/) as HTMLInputElement).value).toBe('3331234567');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Tutelato' }).checked).toBe(true);
    expect(screen.queryByText(MSG.firstnameRequired)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await screen.findByText('salvati: 1');
    const role = await roleOf(club, taxIdCode, 'athlete');
    expect(role.person).toMatchObject({ firstname: 'Anna', phonePrimary: '3331234567' });
  });
});

/** The form with a submit button outside it (as the side panel's footer), the saves counted and the changes told. */
function Harness(props: Pick<PersonFormProps, 'kind' | 'role' | 'readOnly' | 'health'>) {
  const [saved, setSaved] = useState(0);
  const [dirty, setDirty] = useState(false);
  return (
    <>
      <p>{`salvati: ${saved}`}</p>
      <p>{dirty ? 'modificato' : 'intatto'}</p>
      <PersonForm {...props} formId="person" onSendingChange={() => {}} onSaved={() => setSaved((n) => n + 1)} onDirtyChange={setDirty} />
      <button type="submit" form="person">
        Salva
      </button>
    </>
  );
}

function renderHarness({ role = null, ...props }: Omit<Parameters<typeof Harness>[0], 'role'> & { role?: PersonForm_PersonRoleFragment | null }) {
  renderInApp(<Harness role={role} {...props} />);
}

const pdf = (name: string) => new File(['%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'], name, { type: 'application/pdf' });

/** The role of `kind` held by the person with `taxIdCode`, as the form reads it (PersonForm_PersonRole). */
async function roleOf(club: SignedInClub, taxIdCode: string, kind = ''): Promise<PersonForm_PersonRoleFragment> {
  const { personByTaxCode } = await gqlAs<{ personByTaxCode: { roles: { id: string; kind: string }[] } }>(
    club,
    'query($code: String!) { personByTaxCode(taxIdCode: $code) { roles { id kind } } }',
    { code: taxIdCode },
  );
  const id = personByTaxCode.roles.find((r) => !kind || r.kind === kind)!.id;
  const { personRole } = await gqlAs<{ personRole: PersonForm_PersonRoleFragment }>(
    club,
    `query($id: ID!) { personRole(id: $id) { ...PersonForm_PersonRole } } ${print(PersonForm_PersonRoleFragmentDoc)}`,
    { id },
  );
  return personRole;
}
