// Records made through the live server's GraphQL as a club's administrator, for e2e files that need a list to look at.
import { expect } from 'vitest';
import type { TestClub } from './factories';
import { liveGql } from './live-server';
import { withCheckCharacter } from './tax-code-factories';

export async function createLiveGroup(url: string, club: TestClub, name: string, type = 'athlete'): Promise<string> {
  const data = await liveGql(url, club, `mutation($i: SaveGroupInput!) { saveGroup(input: $i) { ... on MutationSaveGroupSuccess { data { group { id } } } } }`, {
    i: { name, type },
  });
  return data.saveGroup.data.group.id as string;
}

/** Athletes named "Luca <lastname>", one per last name, with valid distinct tax codes (at most 10). */
export async function createLiveAthletes(url: string, club: TestClub, lastnames: readonly string[]) {
  for (const [i, lastname] of lastnames.entries()) {
    const data = await liveGql(url, club, `mutation($i: SavePersonInput!) { savePerson(input: $i) { __typename } }`, {
      i: { kind: 'athlete', profile: { firstname: 'Luca', lastname, taxIdCode: withCheckCharacter(`LCUXXX10A01F20${i}`), typeGenderId: 1 } },
    });
    expect(data.savePerson.__typename).toBe('MutationSavePersonSuccess');
  }
}
