// The GraphQL documents of the possible duplicates page (/duplicati).
import { graphql } from '../../gql';

export const DuplicatePersonFragment = graphql(`
  fragment Duplicates_Person on Person {
    id
    firstname
    lastname
    taxIdCode
    birthday
    birthplace
    emailPrimary
    phonePrimary
    hasLinkedAccount
    createdAt
    roles {
      id
      kind
      archivedAt
      groups {
        id
        name
      }
    }
  }
`);

export const PossibleDuplicatesQuery = graphql(`
  query Duplicates_Page {
    possibleDuplicates {
      totalCount
      pairs {
        reasons
        first {
          ...Duplicates_Person
        }
        second {
          ...Duplicates_Person
        }
      }
    }
  }
`);

export const MergePeopleMutation = graphql(`
  mutation Duplicates_Merge($keepId: ID!, $mergeId: ID!) {
    mergePeople(keepId: $keepId, mergeId: $mergeId) {
      __typename
      ... on MutationMergePeopleSuccess {
        data {
          message
          person {
            id
          }
        }
      }
      ...MutationError
    }
  }
`);
