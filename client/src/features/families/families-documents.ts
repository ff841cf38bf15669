// The person page's "Genitori e tutori" section (issue 36 point 1): a person's family in one query (their guardians
// with the choices, the minors they are guardian of), the registry search for a guardian already known, and the
// guardianship mutations. Each document is its own import (vite's graphql optimizer), so the admin shell does not
// carry them.
import { graphql } from '../../gql';

export const PersonFamilyQuery = graphql(`
  query PersonFamily_Family($personId: ID!) {
    personFamily(personId: $personId) {
      personId
      firstname
      lastname
      birthday
      guardians {
        id
        relationship
        canPickUp
        receivesCommunications
        pays
        guardian {
          personId
          firstname
          lastname
          taxIdCode
          emailPrimary
          phonePrimary
        }
      }
      guardianOf {
        id
        relationship
        minor {
          personId
          firstname
          lastname
          birthday
        }
      }
    }
  }
`);

/** People of the registry who could be the guardian (at most 10; fewer than 2 characters: none). */
export const GuardianCandidatesQuery = graphql(`
  query GuardianFormDialog_Candidates($search: String!, $excludePersonId: ID) {
    guardianCandidates(search: $search, excludePersonId: $excludePersonId) {
      personId
      firstname
      lastname
      taxIdCode
      emailPrimary
      phonePrimary
      birthday
    }
  }
`);

/** The person already a guardian of the minor is a ConflictError naming `guardianId`: shown under the search. */
export const SaveGuardianshipMutation = graphql(`
  mutation GuardianFormDialog_Save($input: SaveGuardianshipInput!) {
    saveGuardianship(input: $input) {
      __typename
      ... on MutationSaveGuardianshipSuccess {
        data {
          message
          guardianship {
            id
          }
        }
      }
      ... on ConflictError {
        fields {
          field
          message
        }
      }
      ...MutationError
    }
  }
`);

export const RemoveGuardianshipMutation = graphql(`
  mutation PersonFamily_Remove($id: ID!) {
    removeGuardianship(id: $id) {
      __typename
      ... on MutationRemoveGuardianshipSuccess {
        data {
          message
          guardianshipId
        }
      }
      ...MutationError
    }
  }
`);
