// "Primi passi" (issue 34 point 7): a new club's first steps over GraphQL, each done when the club's data shows it
// (people registered; a second member or an invitation; a season label set), and listed only to a member who may
// take them (a coach: none).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCollaborator, createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { clubContext, createPerson } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

const FIRST_STEPS = `query { firstSteps { key done } }`;
const INVITE = `mutation($input: InviteCollaboratorInput!) { inviteCollaborator(input: $input) { __typename ... on BaseError { message } } }`;
const SETTINGS = `mutation($input: ClubSettingsInput!) { updateClubSettings(input: $input) { __typename ... on BaseError { message } } }`;

let t: TestApp;
let club: TestClub;
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps, { fullName: 'ASD Primi Passi' });
});
afterAll(() => t.close());

const as = (c: TestClub) => ({ token: c.token, club: c.clubToken });
const steps = async (c: TestClub) => {
  const { body } = await gql(t.app, FIRST_STEPS, {}, as(c));
  expect(body.errors).toBeUndefined();
  return Object.fromEntries((body.data!.firstSteps as Array<{ key: string; done: boolean }>).map((s) => [s.key, s.done]));
};

describe('first steps', () => {
  it('a new club has the three to do; each is done when the data shows it, in any order', async () => {
    expect(await steps(club)).toEqual({ people: false, collaborators: false, season: false });

    const invited = await gql(t.app, INVITE, { input: { email: 'segreteria.nuova@example.it', role: 'segreteria' } }, as(club));
    expect(invited.body.data!.inviteCollaborator.__typename).toBe('MutationInviteCollaboratorSuccess');
    expect(await steps(club)).toEqual({ people: false, collaborators: true, season: false });

    await createPerson(await clubContext(t.deps, club), 'athlete');
    expect(await steps(club)).toEqual({ people: true, collaborators: true, season: false });

    const saved = await gql(t.app, SETTINGS, { input: { seasonLabel: '2026/27' } }, as(club));
    expect(saved.body.data!.updateClubSettings.__typename).toBe('MutationUpdateClubSettingsSuccess');
    expect(await steps(club)).toEqual({ people: true, collaborators: true, season: true });
  });

  it('a second member counts as collaborators invited; a coach is offered no step', async () => {
    const other = await createClub(t.deps, { fullName: 'ASD Secondo Membro' });
    const coach = await addCollaborator(t.deps, other, 'allenatore');
    expect(await steps(other)).toMatchObject({ collaborators: true });
    expect(await steps(coach)).toEqual({});
  });

  it('needs a session and a club', async () => {
    const { body } = await gql(t.app, FIRST_STEPS, {});
    expect(body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
