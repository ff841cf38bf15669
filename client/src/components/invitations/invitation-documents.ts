// The invitation door's GraphQL documents: one reading of a link and one accept for every kind of invitation, and
// the account-only sign-up (server/modules/invitations).
import { graphql } from '../../gql';

// What joining answers, the same for the sign-up and the accept: where the account goes next.
export const InvitationJoinedFragment = graphql(`
  fragment InvitationDoor_Joined on InvitationAccepted {
    kind
    message
    targetId
    targetName
    membershipId
  }
`);

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
            ...InvitationDoor_Joined
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
          ...InvitationDoor_Joined
        }
      }
      ...MutationError
    }
  }
`);
