// GraphQL documents of the account's own pages (user menu): profile, security (password, sessions), feedback.
import { graphql } from '../../gql';

/** The profile fields the form edits; the mutation answers the same, so the cache (and the user menu) update at once. */
export const ProfileFieldsFragment = graphql(`
  fragment AccountProfile_Fields on AccountProfile {
    id
    firstname
    lastname
    nickname
    birthday
    taxIdCode
  }
`);

export const MyProfileQuery = graphql(`
  query AccountProfile_Me {
    me {
      id
      email
      profile {
        ...AccountProfile_Fields
      }
    }
  }
`);

export const UpdateMyProfileMutation = graphql(`
  mutation AccountProfile_Update($input: UpdateMyProfileInput!) {
    updateMyProfile(input: $input) {
      __typename
      ... on MutationUpdateMyProfileSuccess {
        data {
          message
          account {
            id
            email
            profile {
              ...AccountProfile_Fields
            }
          }
        }
      }
      ...MutationError
    }
  }
`);

export const ChangePasswordMutation = graphql(`
  mutation AccountSecurity_ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      __typename
      ... on MutationChangePasswordSuccess {
        data {
          message
          revokedSessions
        }
      }
      ...MutationError
    }
  }
`);

export const MySessionsQuery = graphql(`
  query AccountSecurity_Sessions {
    mySessions {
      id
      deviceLabel
      userAgent
      ip
      createdAt
      lastUsedAt
      expiresAt
      current
    }
  }
`);

export const RevokeSessionMutation = graphql(`
  mutation AccountSecurity_RevokeSession($id: ID!) {
    revokeSession(id: $id) {
      __typename
      ... on MutationRevokeSessionSuccess {
        data {
          message
          current
        }
      }
      ... on BaseError {
        code
        message
      }
    }
  }
`);

export const RevokeOtherSessionsMutation = graphql(`
  mutation AccountSecurity_RevokeOtherSessions {
    revokeOtherSessions {
      __typename
      ... on MutationRevokeOtherSessionsSuccess {
        data {
          message
          count
        }
      }
      ... on BaseError {
        code
        message
      }
    }
  }
`);

export const SendFeedbackMutation = graphql(`
  mutation Feedback_Send($input: SendFeedbackInput!) {
    sendFeedback(input: $input) {
      __typename
      ... on MutationSendFeedbackSuccess {
        data {
          message
          feedback {
            id
          }
        }
      }
      ...MutationError
    }
  }
`);
