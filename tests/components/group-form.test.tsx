// The form layer (client/src/components/form) on a real form, the group panel (Testing Library in jsdom, against
// the real server): the shared schema's messages under the fields with the focus on the first wrong one, a message
// that clears as soon as the field is fixed, the server's refusal under its field with every value kept, a save.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { GroupFormPanel } from '../../client/src/features/groups/components/group-form-panel';
import { GROUP_LIST_CONFIG } from '../../client/src/features/groups/group-list-config';
import { MSG } from '../../schema/messages';
import { gqlAs, renderInApp, signInNewClub } from './render-app';

function Harness({ kind }: { kind: 'groups' | 'categories' }) {
  const [open, setOpen] = useState(true);
  const [saved, setSaved] = useState(0);
  return (
    <>
      <p>{`salvati: ${saved}`}</p>
      <GroupFormPanel config={GROUP_LIST_CONFIG[kind]} open={open} group={null} onClose={() => setOpen(false)} onSaved={() => setSaved((n) => n + 1)} />
    </>
  );
}

const control = (label: RegExp) => screen.getByLabelText(label, { selector: 'input, select' });

describe('a form on the shared form layer', () => {
  it('shows each message under its field, focuses the first wrong one and clears a message once fixed', async () => {
    await signInNewClub();
    renderInApp(<Harness kind="groups" />);
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Nuovo gruppo' });
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', MSG.invalidFields);
    expect(screen.getByText(MSG.groupNameRequired)).toBeTruthy();
    expect(screen.getByText(MSG.groupTypeRequired)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(control(/^Nome/)));
    expect(control(/^Nome/).getAttribute('aria-invalid')).toBe('true');

    await user.type(control(/^Nome/), 'Direttivo');
    await waitFor(() => expect(screen.queryByText(MSG.groupNameRequired)).toBeNull());
    expect(screen.getByText(MSG.groupTypeRequired)).toBeTruthy();
  });

  it("puts the server's refusal under its field and keeps every value", async () => {
    const club = await signInNewClub();
    await gqlAs(club, 'mutation { saveGroup(input: { name: "Direttivo", type: manager }) { __typename } }');
    renderInApp(<Harness kind="groups" />);
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Nuovo gruppo' });
    await user.type(control(/^Nome/), 'Direttivo');
    await user.selectOptions(control(/^Tipologia/), 'manager');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    // Above the form and under the field it concerns.
    const shown = await screen.findAllByText(MSG.groupNameTaken);
    expect(shown.map((el) => el.getAttribute('data-part'))).toContain('error-text');
    await waitFor(() => expect(document.activeElement).toBe(control(/^Nome/)));
    expect((control(/^Nome/) as HTMLInputElement).value).toBe('Direttivo');
    expect((control(/^Tipologia/) as HTMLSelectElement).value).toBe('manager');
    expect(screen.getByText('salvati: 0')).toBeTruthy();
  });

  it('saves a category, whose type is set and not asked', async () => {
    await signInNewClub();
    renderInApp(<Harness kind="categories" />);
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Nuova categoria' });
    expect(screen.queryByLabelText(/^Tipologia/)).toBeNull();
    await user.type(control(/^Nome/), '  Under 14  ');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await screen.findByText('salvati: 1');
  });
});
