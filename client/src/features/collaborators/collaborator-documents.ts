// The GraphQL documents of the Collaboratori page (the /invito page is the invitation door: components/invitations).
import { graphql } from '../../gql';

export const CollaboratorsQuery = graphql(`
  query Collaborators_List {
    collaborators {
      id
      role
      email
      name
      isYou
      groupIds
      createdAt
    }
    collaboratorInvitations {
      id
      email
      role
      groupIds
      expiresAt
      createdAt
    }
  }
`);

/** The club's athlete groups (categories): a coach is given at least one. */
export const AthleteGroupsQuery = graphql(`
  query Collaborators_AthleteGroups {
    groups(types: [athlete], first: 100) {
      edges {
        node {
          id
          name
        }
      }
    }
  }
`);

export const InviteCollaboratorMutation = graphql(`
  mutation Collaborators_Invite($input: InviteCollaboratorInput!) {
    inviteCollaborator(input: $input) {
      __typename
      ... on MutationInviteCollaboratorSuccess {
        data {
          message
          invitationId
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

export const ResendInvitationMutation = graphql(`
  mutation Collaborators_Resend($id: ID!) {
    resendCollaboratorInvitation(id: $id) {
      __typename
      ... on MutationResendCollaboratorInvitationSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);

export const RevokeInvitationMutation = graphql(`
  mutation Collaborators_Revoke($id: ID!) {
    revokeCollaboratorInvitation(id: $id) {
      __typename
      ... on MutationRevokeCollaboratorInvitationSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);

export const ChangeRoleMutation = graphql(`
  mutation Collaborators_ChangeRole($id: ID!, $input: ChangeCollaboratorRoleInput!) {
    changeCollaboratorRole(id: $id, input: $input) {
      __typename
      ... on MutationChangeCollaboratorRoleSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);

export const RemoveCollaboratorMutation = graphql(`
  mutation Collaborators_Remove($id: ID!) {
    removeCollaborator(id: $id) {
      __typename
      ... on MutationRemoveCollaboratorSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);

export const TransferOwnershipMutation = graphql(`
  mutation Collaborators_Transfer($id: ID!) {
    transferClubOwnership(id: $id) {
      __typename
      ... on MutationTransferClubOwnershipSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);

