// The GraphQL documents of the Affiliazioni page.
import { graphql } from '../../gql';

export const AffiliationsQuery = graphql(`
  query Affiliations_List {
    affiliations {
      id
      status
      requestedBy
      scopes
      minorsContacts
      organisation {
        name
        code
        kind
      }
      history {
        action
        scopes
        at
      }
    }
  }
`);

export const ApplyToOrganisationMutation = graphql(`
  mutation Affiliations_Apply($code: String!, $consent: AffiliationConsentInput!) {
    applyToOrganisation(code: $code, consent: $consent) {
      __typename
      ... on MutationApplyToOrganisationSuccess {
        data {
          id
        }
      }
      ...MutationError
    }
  }
`);

export const ApproveAffiliationMutation = graphql(`
  mutation Affiliations_Approve($id: ID!, $consent: AffiliationConsentInput!) {
    approveAffiliation(id: $id, consent: $consent) {
      __typename
      ... on MutationApproveAffiliationSuccess {
        data {
          id
        }
      }
      ...MutationError
    }
  }
`);

export const ChangeConsentMutation = graphql(`
  mutation Affiliations_ChangeConsent($id: ID!, $consent: AffiliationConsentInput!) {
    changeAffiliationConsent(id: $id, consent: $consent) {
      __typename
      ... on MutationChangeAffiliationConsentSuccess {
        data {
          id
        }
      }
      ...MutationError
    }
  }
`);

export const RevokeAffiliationMutation = graphql(`
  mutation Affiliations_Revoke($id: ID!) {
    revokeAffiliation(id: $id) {
      __typename
      ... on MutationRevokeAffiliationSuccess {
        data {
          id
          status
        }
      }
      ...MutationError
    }
  }
`);

/** What organisations read of the club through the API, newest first (section "Letture delle organizzazioni"). */
export const AffiliationReadsQuery = graphql(`
  query Affiliations_Reads($first: Int!, $after: String) {
    affiliationReads(first: $first, after: $after) {
      nodes {
        cursor
        at
        organisation {
          name
          code
        }
        keyPrefix
        operation
        rows
        scopes
      }
      pageInfo {
        ...ListPage
      }
    }
  }
`);
