// The invitation door's GraphQL documents: one reading of a link and one accept for every kind of invitation, and
// the account-only sign-up (server/modules/invitations).
import { graphql } from '../../gql';

export const InvitationQuery = graphql(`
  query InvitationDoor_Read($token: String!) {
    invitation(token: $token) {
      kind
      state
      email
      targetName
      roleLabel
      invitedBy
      expiresAt
      hasAccount
    }
  }
`);

export const SignUpWithInvitationMutation = graphql(`
  mutation InvitationDoor_SignUp($input: SignUpWithInvitationInput!) {
    signUpWithInvitation(input: $input) {
      __typename
      ... on MutationSignUpWithInvitationSuccess {
        data {
          token
          account {
            ...Session_Account
          }
          joined {
            kind
            message
            targetId
            targetName
            membershipId
          }
        }
      }
      ...MutationError
    }
  }
`);

export const AcceptInvitationMutation = graphql(`
  mutation InvitationDoor_Accept($token: String!) {
    acceptInvitation(token: $token) {
      __typename
      ... on MutationAcceptInvitationSuccess {
        data {
          kind
          message
          targetId
          targetName
          membershipId
        }
      }
      ...MutationError
    }
  }
`);
