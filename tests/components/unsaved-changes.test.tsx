// The dirty-form guard on a real form (the group panel, Testing Library in jsdom, against the real server): an
// untouched panel closes at once; a typed one asks "Modifiche non salvate" on Escape and on ×, "Continua a
// modificare" keeps the panel and the value, "Esci senza salvare" closes it. (Where the focus lands is checked in
// a real browser, tests/e2e/dirty-forms.test.ts: jsdom lays nothing out, so the dialog's focus rules cannot apply.)
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { GroupFormPanel } from '../../client/src/features/groups/components/group-form-panel';
import { GROUP_LIST_CONFIG } from '../../client/src/features/groups/group-list-config';
import { renderInApp, signInNewClub } from './render-app';

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'pannello aperto' : 'pannello chiuso'}</p>
      <GroupFormPanel config={GROUP_LIST_CONFIG.groups} open={open} group={null} onClose={() => setOpen(false)} onSaved={() => setOpen(false)} />
    </>
  );
}

const nameField = () => screen.getByLabelText(/^Nome/, { selector: 'input' });

describe('closing a form with unsaved changes', () => {
  it('closes an untouched panel at once', async () => {
    await signInNewClub();
    renderInApp(<Harness />);
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Nuovo gruppo' });
    await user.keyboard('{Escape}');
    await screen.findByText('pannello chiuso');
    expect(screen.queryByText('Modifiche non salvate')).toBeNull();
  });

  it('asks before throwing typed values away, and keeps them when the user stays', async () => {
    await signInNewClub();
    renderInApp(<Harness />);
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Nuovo gruppo' });
    await user.type(nameField(), 'Pulcini');

    await user.keyboard('{Escape}');
    await screen.findByText('Modifiche non salvate');
    await user.click(screen.getByRole('button', { name: 'Continua a modificare' }));
    await waitFor(() => expect(screen.queryByText('Modifiche non salvate')).toBeNull());
    expect(screen.getByText('pannello aperto')).toBeTruthy();
    expect((nameField() as HTMLInputElement).value).toBe('Pulcini');

    await user.click(screen.getByRole('button', { name: 'Chiudi' }));
    await screen.findByText('Modifiche non salvate');
    await user.click(screen.getByRole('button', { name: 'Esci senza salvare' }));
    await screen.findByText('pannello chiuso');
  });
});
