// GraphQL documents both the people lists and the person page use: the groups a role may join, and archiving a role.
// One document each (every document is in the admin area's JavaScript, whichever page sends it).
import { graphql } from '../../gql';

export const KindGroupsQuery = graphql(`
  query People_KindGroups($types: [PersonKind!]) {
    groups(types: $types, first: 100) {
      edges {
        node {
          id
          name
        }
      }
    }
  }
`);

export const ArchivePersonMutation = graphql(`
  mutation People_ArchivePerson($id: ID!) {
    archivePerson(id: $id) {
      __typename
      ... on MutationArchivePersonSuccess {
        data {
          id
          isActive
          archivedAt
        }
      }
      ... on BaseError {
        code
        message
      }
    }
  }
`);
