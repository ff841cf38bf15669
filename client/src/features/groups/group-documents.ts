// GraphQL documents of the groups and categories screens (one list and one form serve both).
import { graphql } from '../../gql';

export const GroupRowFragment = graphql(`
  fragment GroupList_Group on Group {
    id
    name
    type
    isActive
    memberCount
    ageMin
    ageMax
  }
`);

export const GroupsQuery = graphql(`
  query GroupList_Groups($types: [PersonKind!], $search: String, $orderBy: GroupOrder, $first: Int, $offset: Int) {
    groups(types: $types, search: $search, orderBy: $orderBy, first: $first, offset: $offset) {
      totalCount
      pageInfo {
        ...ListPage
      }
      edges {
        node {
          ...GroupList_Group
        }
      }
    }
  }
`);

export const SaveGroupMutation = graphql(`
  mutation GroupForm_SaveGroup($input: SaveGroupInput!) {
    saveGroup(input: $input) {
      __typename
      ... on MutationSaveGroupSuccess {
        data {
          message
          group {
            ...GroupList_Group
          }
        }
      }
      ...MutationError
      ... on ConflictError {
        fields {
          field
          message
        }
      }
    }
  }
`);

export const ArchiveGroupMutation = graphql(`
  mutation GroupList_ArchiveGroup($id: ID!) {
    archiveGroup(id: $id) {
      __typename
      ... on MutationArchiveGroupSuccess {
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
