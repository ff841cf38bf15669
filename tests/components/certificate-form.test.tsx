// "Nuovo certificato" on the form layer (Testing Library in jsdom, against the real server): the shared rules'
// messages under the fields with the focus on the first wrong one, the expiry proposed from the type until the user
// types one, a file the picker refuses keeping the form from saving, the question before throwing changes away, a
// save. (The upload itself is checked in a real browser, tests/e2e/certificates.test.ts: jsdom's File and FormData
// are not the ones Node's fetch sends as a multipart request.)
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CertificateFormDialog } from '../../client/src/features/people/components/certificate-form-dialog';
import { clubToday } from '../../client/src/features/people/person-dates';
import { suggestedExpiry } from '../../schema/medical-certificates';
import { MSG } from '../../schema/messages';
import { withCheckCharacter } from '../support/tax-code-factories';
import { gqlAs, renderInApp, signInNewClub, type SignedInClub } from './render-app';

const TAX_ID_CODE = withCheckCharacter('BNCNCL10A01F205');

async function athleteOf(club: SignedInClub): Promise<string> {
  const { savePerson } = await gqlAs<{ savePerson: { data: { role: { person: { id: string } } } } }>(
    club,
    'mutation($input: SavePersonInput!) { savePerson(input: $input) { ... on MutationSavePersonSuccess { data { role { person { id } } } } } }',
    { input: { kind: 'athlete', profile: { firstname: 'Nicolò', lastname: 'Bianchi', taxIdCode: TAX_ID_CODE, birthday: '2010-01-01', typeGenderId: 1 } } },
  );
  return savePerson.data.role.person.id;
}

function Harness({ personId }: { personId: string }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'finestra aperta' : 'finestra chiusa'}</p>
      <CertificateFormDialog open={open} personId={personId} personName="Nicolò Bianchi" onClose={() => setOpen(false)} />
    </>
  );
}

const field = (name: RegExp) => screen.getByLabelText<HTMLInputElement>(name, { selector: 'input, select' });

describe('the certificate form', () => {
  it('shows the rules under the fields and proposes the expiry from the type until one is typed', async () => {
    const club = await signInNewClub();
    renderInApp(<Harness personId={await athleteOf(club)} />);
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Nuovo certificato di Nicolò Bianchi' });
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', MSG.invalidFields);
    for (const message of [MSG.certificateTypeRequired, MSG.certificateIssuedOnRequired, MSG.certificateExpiresOnRequired]) {
      expect(screen.getByText(message).getAttribute('data-part')).toBe('error-text');
    }
    await waitFor(() => expect(document.activeElement).toBe(field(/^Tipo di certificato/)));

    // A type and an issue date: the expiry follows, and the messages go as each field is right.
    // A past day that is not the 1st, whatever day the suite runs: the typed expiry below (the 1st) is no proposal.
    const issuedOn = '2026-03-18';
    await user.selectOptions(field(/^Tipo di certificato/), 'non_agonistico');
    await user.type(field(/^Data di rilascio/), issuedOn);
    await waitFor(() => expect(field(/^Data di scadenza/).value).toBe(suggestedExpiry('non_agonistico', issuedOn)));
    expect(screen.getByText(/^Validità abituale 12 mesi/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(MSG.certificateExpiresOnRequired)).toBeNull());
    expect(screen.queryByText(MSG.certificateTypeRequired)).toBeNull();
    expect(screen.queryByText(MSG.certificateIssuedOnRequired)).toBeNull();

    // A typed expiry stays when the type changes; cleared, the proposal comes back with the next change.
    const typed = '2027-03-01';
    await user.clear(field(/^Data di scadenza/));
    await user.type(field(/^Data di scadenza/), typed);
    await user.selectOptions(field(/^Tipo di certificato/), 'agonistico');
    expect(field(/^Data di scadenza/).value).toBe(typed);
    expect(screen.getByText(/^Validità abituale 12 mesi, al massimo 24/)).toBeTruthy();
    await user.clear(field(/^Data di scadenza/));
    await user.selectOptions(field(/^Tipo di certificato/), 'ludico_motorio');
    await waitFor(() => expect(field(/^Data di scadenza/).value).toBe(suggestedExpiry('ludico_motorio', issuedOn)));
  });

  it('keeps a refused file from being saved, asks before throwing changes away, and saves', async () => {
    const club = await signInNewClub();
    renderInApp(<Harness personId={await athleteOf(club)} />);
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Nuovo certificato di Nicolò Bianchi' });
    const today = clubToday();
    await user.selectOptions(field(/^Tipo di certificato/), 'agonistico');
    await user.type(field(/^Sport o disciplina/), '  Calcio ');
    await user.type(field(/^Data di rilascio/), today);
    await user.upload(field(/^File del certificato/), new File([], 'vuoto.pdf', { type: 'application/pdf' }));
    expect(screen.getByText(MSG.fileEmpty).getAttribute('data-part')).toBe('error-text');

    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', MSG.invalidFields);
    await waitFor(() => expect(document.activeElement).toBe(field(/^File del certificato/)));
    expect(screen.getByText('finestra aperta')).toBeTruthy();

    await user.keyboard('{Escape}');
    await screen.findByText('Modifiche non salvate');
    await user.click(screen.getByRole('button', { name: 'Continua a modificare' }));
    await waitFor(() => expect(screen.queryByText('Modifiche non salvate')).toBeNull());
    expect(field(/^Sport o disciplina/).value).toBe('  Calcio ');

    // Another file clears the message (a valid one is kept: removed here, as jsdom cannot upload it).
    await user.upload(field(/^File del certificato/), new File(['%PDF-1.4'], 'certificato.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.queryByText(MSG.fileEmpty)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Rimuovi certificato.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await screen.findByText('finestra chiusa');
    const { personByTaxCode } = await gqlAs<{ personByTaxCode: { medicalCertificates: unknown[] } }>(
      club,
      'query($code: String!) { personByTaxCode(taxIdCode: $code) { medicalCertificates { type sport issuedOn expiresOn file { id } } } }',
      { code: TAX_ID_CODE },
    );
    expect(personByTaxCode.medicalCertificates).toEqual([
      { type: 'agonistico', sport: 'Calcio', issuedOn: today, expiresOn: suggestedExpiry('agonistico', today), file: null },
    ]);
  });
});
