// The person page's mail status (issue "communications"): how mail reaches the person (bounces, a blocked address,
// notices by e-mail turned off) and clearing a block. Its own module: only the lazy chunk of person-mail-status.tsx
// carries it.
import { graphql } from '../../../gql';

export const PersonMailStatusQuery = graphql(`
  query PersonPage_MailStatus($roleId: ID!) {
    personMailStatus(roleId: $roleId) {
      __typename
      ... on QueryPersonMailStatusSuccess {
        data {
          ...MailStatus_View
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

export const ClearEmailBlockMutation = graphql(`
  mutation PersonPage_ClearEmailBlock($roleId: ID!) {
    clearEmailBlock(roleId: $roleId) {
      __typename
      ... on MutationClearEmailBlockSuccess {
        data {
          message
          status {
            ...MailStatus_View
          }
        }
      }
      ...MutationError
    }
  }
`);
