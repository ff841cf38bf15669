// The collaborator dialogs on the form layer (Testing Library in jsdom, against the real server): the invitation's
// messages under the fields with the focus on the first wrong one, a coach's groups asked for and the message gone
// once one is chosen, a refusal by the server said once (under the email, not again above the form) with every value
// kept, and the role change reporting its changes to the dialog.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ChangeRoleDialog, InviteDialog } from '../../client/src/features/collaborators/components/role-form-dialog';
import { MSG } from '../../schema/messages';
import { gqlAs, renderInApp, signInNewClub, type SignedInClub } from './render-app';

function InviteHarness() {
  const [open, setOpen] = useState(true);
  const [invited, setInvited] = useState(0);
  return (
    <>
      <p>{`${open ? 'dialogo aperto' : 'dialogo chiuso'}, inviti: ${invited}`}</p>
      <InviteDialog open={open} onClose={() => setOpen(false)} onInvited={() => setInvited((n) => n + 1)} />
    </>
  );
}

const field = <T extends HTMLElement = HTMLInputElement>(name: RegExp) => screen.getByLabelText<T>(name, { selector: 'input, select' });

async function newCategory(club: SignedInClub, name: string) {
  await gqlAs(club, 'mutation($input: SaveGroupInput!) { saveGroup(input: $input) { __typename } }', { input: { name, type: 'athlete' } });
}

describe('the collaborator forms', () => {
  it('shows the messages under their fields, focuses the first wrong one, and asks a coach for groups', async () => {
    const club = await signInNewClub();
    await newCategory(club, 'Under 14');
    renderInApp(<InviteHarness />);
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Invita collaboratore' });
    await user.click(screen.getByRole('button', { name: 'Invia invito' }));

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', MSG.invalidFields);
    expect(screen.getByText(MSG.collaboratorEmailRequired)).toBeTruthy();
    expect(screen.getByText(MSG.collaboratorRoleInvalid)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field(/^Email/)));

    await user.type(field(/^Email/), 'mister@esempio.it');
    await user.selectOptions(field(/^Ruolo/), 'allenatore');
    const groups = await screen.findByRole('group', { name: 'Gruppi allenati' });
    await user.click(screen.getByRole('button', { name: 'Invia invito' }));
    await within(groups).findByText(MSG.collaboratorGroupsRequired);
    await waitFor(() => expect(document.activeElement).toBe(within(groups).getByRole('checkbox', { name: 'Under 14' })));

    await user.click(within(groups).getByText('Under 14'));
    await waitFor(() => expect(within(groups).queryByText(MSG.collaboratorGroupsRequired)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Invia invito' }));
    await screen.findByText('dialogo chiuso, inviti: 1');
  });

  it("says the server's refusal once, under the email, and keeps every value", async () => {
    const club = await signInNewClub();
    const { collaborators } = await gqlAs<{ collaborators: { email: string; isYou: boolean }[] }>(club, '{ collaborators { email isYou } }');
    const own = collaborators.find((c) => c.isYou)!.email;
    renderInApp(<InviteHarness />);
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Invita collaboratore' });
    await user.type(field(/^Email/), own);
    await user.selectOptions(field(/^Ruolo/), 'segreteria');
    await user.click(screen.getByRole('button', { name: 'Invia invito' }));

    const shown = await screen.findAllByText(MSG.collaboratorAlready);
    expect(shown.map((el) => el.getAttribute('data-part'))).toEqual(['error-text']);
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field(/^Email/)));
    expect(field(/^Email/).value).toBe(own);
    expect(field(/^Ruolo/).value).toBe('segreteria');
    expect(screen.getByText('dialogo aperto, inviti: 0')).toBeTruthy();
  });

  it('starts a role change from the current role and asks before throwing a change away', async () => {
    await signInNewClub();
    const target = { id: '00000000-0000-4000-8000-000000000001', name: 'Lucia Bianchi', role: 'segreteria', groupIds: [] };
    renderInApp(<ChangeRoleDialog target={target} onClose={() => {}} onChanged={() => {}} />);
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Cambia ruolo di Lucia Bianchi' });
    expect(field(/^Ruolo/).value).toBe('segreteria');
    await user.selectOptions(field(/^Ruolo/), 'lettura');
    await user.keyboard('{Escape}');
    await screen.findByRole('alertdialog', { name: 'Modifiche non salvate' });
  });
});
