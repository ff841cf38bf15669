// The GraphQL documents of the organisation portal (/organizzazione): the organisations the account is staff of
// (also read by the profile menu, to show the entry), one organisation's clubs and requests, its staff, API keys
// (admins), webhooks and API usage; asking a club to affiliate, accepting, refusing or ending an affiliation,
// inviting and managing the staff (and accepting an invitation, /organizzazione/invito), creating and revoking keys,
// creating and disabling webhooks.
import { graphql } from '../../gql';

export const MyOrganisationsQuery = graphql(`
  query OrganisationPortal_Mine {
    myOrganisations {
      id
      name
      code
      kind
      role
    }
  }
`);

export const OrganisationOverviewQuery = graphql(`
  query OrganisationPortal_Overview($organisationId: ID!) {
    organisationOverview(organisationId: $organisationId) {
      id
      name
      code
      kind
      role
      parent {
        name
        code
      }
      children {
        name
        code
      }
      affiliations {
        id
        clubId
        clubName
        clubNumber
        status
        requestedBy
        scopes
        minorsContacts
        peopleCount
        peopleByKind {
          label
          count
        }
        certificates {
          valid
          expiring
          expired
          missing
        }
        updatedAt
      }
    }
  }
`);

export const OrganisationApiKeysQuery = graphql(`
  query OrganisationPortal_ApiKeys($organisationId: ID!) {
    organisationApiKeys(organisationId: $organisationId) {
      ...OrganisationPortal_ApiKey
    }
  }
`);

export const ApiKeyFragment = graphql(`
  fragment OrganisationPortal_ApiKey on ApiKey {
    id
    name
    prefix
    scopes
    clubIds
    expiresAt
    lastUsedAt
    revokedAt
    createdAt
  }
`);

export const OrganisationUsageQuery = graphql(`
  query OrganisationPortal_Usage($organisationId: ID!) {
    organisationUsage(organisationId: $organisationId) {
      days
      requests
      refused
      cost
      rows
      perKey {
        keyPrefix
        keyName
        requests
        cost
        rows
        lastAt
      }
      latest {
        at
        keyPrefix
        keyName
        operation
        cost
        rows
        clubs
        outcome
      }
    }
  }
`);

export const RequestAffiliationMutation = graphql(`
  mutation OrganisationPortal_RequestAffiliation($organisationId: ID!, $clubNumber: String!) {
    requestAffiliation(organisationId: $organisationId, clubNumber: $clubNumber) {
      __typename
      ... on MutationRequestAffiliationSuccess {
        data {
          id
          status
        }
      }
      ...MutationError
    }
  }
`);

export const AcceptApplicationMutation = graphql(`
  mutation OrganisationPortal_AcceptApplication($id: ID!) {
    acceptAffiliationApplication(id: $id) {
      __typename
      ... on MutationAcceptAffiliationApplicationSuccess {
        data {
          id
          status
        }
      }
      ...MutationError
    }
  }
`);

export const CreateApiKeyMutation = graphql(`
  mutation OrganisationPortal_CreateApiKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) {
      __typename
      ... on MutationCreateApiKeySuccess {
        data {
          secret
          key {
            ...OrganisationPortal_ApiKey
          }
        }
      }
      ...MutationError
    }
  }
`);

export const RevokeApiKeyMutation = graphql(`
  mutation OrganisationPortal_RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      __typename
      ... on MutationRevokeApiKeySuccess {
        data {
          ...OrganisationPortal_ApiKey
        }
      }
      ...MutationError
    }
  }
`);

export const EndAffiliationMutation = graphql(`
  mutation OrganisationPortal_EndAffiliation($id: ID!) {
    endAffiliation(id: $id) {
      __typename
      ... on MutationEndAffiliationSuccess {
        data {
          id
          status
        }
      }
      ...MutationError
    }
  }
`);

export const OrganisationStaffQuery = graphql(`
  query OrganisationPortal_Staff($organisationId: ID!) {
    organisationStaff(organisationId: $organisationId) {
      staff {
        accountId
        email
        name
        role
        since
      }
      invitations {
        id
        email
        role
        expiresAt
      }
    }
  }
`);

export const InviteStaffMutation = graphql(`
  mutation OrganisationPortal_InviteStaff($organisationId: ID!, $email: String!, $role: OrganisationStaffRole!) {
    inviteOrganisationStaff(organisationId: $organisationId, email: $email, role: $role) {
      __typename
      ... on MutationInviteOrganisationStaffSuccess {
        data {
          message
          invitationId
        }
      }
      ...MutationError
    }
  }
`);

export const RevokeStaffInvitationMutation = graphql(`
  mutation OrganisationPortal_RevokeStaffInvitation($id: ID!) {
    revokeOrganisationStaffInvitation(id: $id) {
      __typename
      ... on MutationRevokeOrganisationStaffInvitationSuccess {
        data {
          message
          invitationId
        }
      }
      ...MutationError
    }
  }
`);

export const ChangeStaffRoleMutation = graphql(`
  mutation OrganisationPortal_ChangeStaffRole($organisationId: ID!, $accountId: ID!, $role: OrganisationStaffRole!) {
    changeOrganisationStaffRole(organisationId: $organisationId, accountId: $accountId, role: $role) {
      __typename
      ... on MutationChangeOrganisationStaffRoleSuccess {
        data {
          accountId
          role
        }
      }
      ...MutationError
    }
  }
`);

export const RemoveStaffMutation = graphql(`
  mutation OrganisationPortal_RemoveStaff($organisationId: ID!, $accountId: ID!) {
    removeOrganisationStaff(organisationId: $organisationId, accountId: $accountId) {
      __typename
      ... on MutationRemoveOrganisationStaffSuccess {
        data {
          accountId
          role
        }
      }
      ...MutationError
    }
  }
`);

export const WebhookFragment = graphql(`
  fragment OrganisationPortal_Webhook on OrganisationWebhook {
    id
    url
    events
    createdAt
    disabledAt
    deliveries {
      id
      status
      records
      attempts
      lastStatus
      lastError
      createdAt
      deliveredAt
    }
  }
`);

export const OrganisationWebhooksQuery = graphql(`
  query OrganisationPortal_Webhooks($organisationId: ID!) {
    organisationWebhooks(organisationId: $organisationId) {
      ...OrganisationPortal_Webhook
    }
  }
`);

export const CreateWebhookMutation = graphql(`
  mutation OrganisationPortal_CreateWebhook($organisationId: ID!, $url: String!, $events: [WebhookEvent!]!) {
    createWebhook(organisationId: $organisationId, url: $url, events: $events) {
      __typename
      ... on MutationCreateWebhookSuccess {
        data {
          secret
          webhook {
            ...OrganisationPortal_Webhook
          }
        }
      }
      ...MutationError
    }
  }
`);

export const DisableWebhookMutation = graphql(`
  mutation OrganisationPortal_DisableWebhook($id: ID!) {
    disableWebhook(id: $id) {
      __typename
      ... on MutationDisableWebhookSuccess {
        data {
          # not the deliveries: the mutation answers none, which would empty the cached list
          id
          disabledAt
        }
      }
      ...MutationError
    }
  }
`);
