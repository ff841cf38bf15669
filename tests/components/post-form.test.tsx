// The post panel on the form layer (Testing Library in jsdom, against the real server): the shared schema's
// messages under the fields with the focus on the first wrong one, the changes reported to the panel (a restored
// form closes at once, a changed one asks), a refusal by the server under the target groups with every
// value kept, and an edit that starts from the post's values and saves.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PostFormPanel } from '../../client/src/features/posts/components/post-form-panel';
import type { Post } from '../../client/src/features/posts/components/post-card';
import type { GroupOption } from '../../client/src/features/posts/use-group-options';
import { MSG } from '../../schema/messages';
import { gqlAs, renderInApp, signInNewClub, type SignedInClub } from './render-app';

function Harness({ post = null, groupOptions = [] }: { post?: Post | null; groupOptions?: GroupOption[] }) {
  const [open, setOpen] = useState(true);
  const [saved, setSaved] = useState(0);
  return (
    <>
      <p>{`${open ? 'pannello aperto' : 'pannello chiuso'}, salvati: ${saved}`}</p>
      <PostFormPanel
        open={open}
        post={post}
        groupOptions={groupOptions}
        groupsLoading={false}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setSaved((n) => n + 1);
          setOpen(false);
        }}
      />
    </>
  );
}

const field = <T extends HTMLElement = HTMLInputElement>(name: RegExp) => screen.getByLabelText<T>(name, { selector: 'input, select, textarea' });

async function newGroup(club: SignedInClub, name: string): Promise<GroupOption> {
  const data = await gqlAs(club, 'mutation($input: SaveGroupInput!) { saveGroup(input: $input) { ... on MutationSaveGroupSuccess { data { group { id } } } } }', {
    input: { name, type: 'athlete' },
  });
  return { value: data.saveGroup.data.group.id as string, label: `${name} · Atleti` };
}

describe('the post form', () => {
  it('shows the messages under their fields, focuses the first wrong one and clears a message once fixed', async () => {
    await signInNewClub();
    renderInApp(<Harness />);
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Nuovo post' });
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', MSG.invalidFields);
    expect(screen.getByText(MSG.postTitleRequired)).toBeTruthy();
    expect(screen.getByText(MSG.postCaptionRequired)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field(/^Titolo/)));
    expect(field(/^Titolo/).getAttribute('aria-invalid')).toBe('true');
    // Priorità has a value from the start: nothing to say about it.
    expect(field(/^Priorità/).getAttribute('aria-invalid')).not.toBe('true');

    await user.type(field(/^Titolo/), 'Allenamento spostato');
    await waitFor(() => expect(screen.queryByText(MSG.postTitleRequired)).toBeNull());
    expect(screen.getByText(MSG.postCaptionRequired)).toBeTruthy();
  });

  it('does not count a value typed and emptied again as a change: it closes at once', async () => {
    await signInNewClub();
    renderInApp(<Harness />);
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Nuovo post' });

    // typed and then emptied again: nothing to lose
    await user.type(field(/^Titolo/), 'Cena');
    await user.clear(field(/^Titolo/));
    await user.keyboard('{Escape}');
    await screen.findByText('pannello chiuso, salvati: 0');
    expect(screen.queryByText('Modifiche non salvate')).toBeNull();
  });

  it('asks before closing once a group is chosen, and keeps the choice when the user stays', async () => {
    const club = await signInNewClub();
    const under12 = await newGroup(club, 'Under 12');
    renderInApp(<Harness groupOptions={[under12]} />);
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Nuovo post' });
    await user.click(screen.getByText('Under 12 · Atleti'));
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('alertdialog', { name: 'Modifiche non salvate' });
    await user.click(within(question).getByRole('button', { name: 'Continua a modificare' }));
    await waitFor(() => expect(screen.queryByText('Modifiche non salvate')).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Under 12 · Atleti' })).toHaveProperty('checked', true);
    expect(screen.getByText('pannello aperto, salvati: 0')).toBeTruthy();
  });

  it("puts the server's refusal under the groups and keeps every value", async () => {
    const club = await signInNewClub();
    const under12 = await newGroup(club, 'Under 12');
    renderInApp(<Harness groupOptions={[under12]} />);
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Nuovo post' });
    await user.type(field(/^Titolo/), 'Torneo di primavera');
    await user.type(field(/^Didascalia/), 'Sabato alle 9 al campo comunale.');
    await user.selectOptions(field(/^Priorità/), 'Urgente');
    await user.click(screen.getByText('Under 12 · Atleti'));
    // Archived by someone else while the form was open: the server refuses the target.
    await gqlAs(club, 'mutation($id: ID!) { archiveGroup(id: $id) { __typename } }', { id: under12.value });
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    const groups = screen.getByRole('group', { name: 'Gruppi' });
    await within(groups).findByText(MSG.idInvalid);
    expect(screen.getByRole('alert').textContent).toBe(MSG.invalidFields);
    await waitFor(() => expect(document.activeElement).toBe(within(groups).getByRole('checkbox', { name: 'Under 12 · Atleti' })));
    expect(field(/^Titolo/).value).toBe('Torneo di primavera');
    expect(field(/^Didascalia/).value).toBe('Sabato alle 9 al campo comunale.');
    expect(field<HTMLSelectElement>(/^Priorità/).selectedOptions[0]?.textContent).toBe('Urgente');
    expect(within(groups).getByRole('checkbox', { name: 'Under 12 · Atleti' })).toHaveProperty('checked', true);
    expect(screen.getByText('pannello aperto, salvati: 0')).toBeTruthy();
  });

  it("starts an edit from the post's values and saves the change", async () => {
    const club = await signInNewClub();
    const data = await gqlAs(club, 'mutation { savePost(input: { title: "Cena sociale", caption: "Sabato sera.", priority: 1 }) { ... on MutationSavePostSuccess { data { post { id title caption priority groups { id name } } } } } }');
    const post = data.savePost.data.post as Post;
    renderInApp(<Harness post={post} />);
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Modifica post' });
    expect(field(/^Didascalia/).value).toBe('Sabato sera.');
    expect(field<HTMLSelectElement>(/^Priorità/).value).toBe('1');
    await user.clear(field(/^Didascalia/));
    await user.type(field(/^Didascalia/), 'Sabato sera in club house.');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await screen.findByText('pannello chiuso, salvati: 1');
    const stored = await gqlAs(club, 'query($id: ID!) { post(id: $id) { caption priority } }', { id: post.id });
    expect(stored.post).toEqual({ caption: 'Sabato sera in club house.', priority: 1 });
  });
});
