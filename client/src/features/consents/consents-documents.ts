// Privacy consents (issue 36 point 2): the person page's "Consensi privacy" (each purpose's status, who answers, the
// history; recording and withdrawing), the person's guardians for "Dato da", and the /privacy page (the notice's
// versions, publishing the next one, the people whose consent is missing). Each document is its own import (vite's
// graphql optimizer), so the admin shell does not carry them.
import { graphql } from '../../gql';

export const PersonConsentsQuery = graphql(`
  query PersonConsents_Consents($personId: ID!) {
    personConsents(personId: $personId) {
      personId
      purposes {
        purpose
        status
        giver
        latest {
          id
          purpose
          granted
          givenOn
          noticeVersion
          withdrawnAt
          givenBy {
            personId
            firstname
            lastname
          }
        }
      }
      history {
        id
        purpose
        granted
        givenOn
        noticeVersion
        recordedAt
        withdrawnAt
        givenBy {
          personId
          firstname
          lastname
        }
      }
    }
  }
`);

/** The guardians who may answer for a minor ("Dato da"). */
export const ConsentGuardiansQuery = graphql(`
  query ConsentDialog_Guardians($personId: ID!) {
    personFamily(personId: $personId) {
      personId
      guardians {
        id
        guardian {
          personId
          firstname
          lastname
        }
      }
    }
  }
`);

export const RecordConsentMutation = graphql(`
  mutation ConsentDialog_Record($input: RecordConsentInput!) {
    recordConsent(input: $input) {
      __typename
      ... on MutationRecordConsentSuccess {
        data {
          message
          consent {
            id
          }
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

export const WithdrawConsentMutation = graphql(`
  mutation PersonConsents_Withdraw($id: ID!) {
    withdrawConsent(id: $id) {
      __typename
      ... on MutationWithdrawConsentSuccess {
        data {
          message
          consent {
            id
            withdrawnAt
          }
        }
      }
      ...MutationError
    }
  }
`);

export const PrivacyNoticesQuery = graphql(`
  query PrivacyPage_Notices {
    privacyNotices {
      id
      version
      title
      text
      publishedAt
    }
  }
`);

export const PublishPrivacyNoticeMutation = graphql(`
  mutation PrivacyPage_Publish($input: PublishPrivacyNoticeInput!) {
    publishPrivacyNotice(input: $input) {
      __typename
      ... on MutationPublishPrivacyNoticeSuccess {
        data {
          message
          notice {
            id
            version
          }
        }
      }
      ...MutationError
    }
  }
`);

export const ConsentGapsQuery = graphql(`
  query PrivacyPage_Gaps($purpose: ConsentPurpose!, $offset: Int, $first: Int) {
    consentGaps(purpose: $purpose, offset: $offset, first: $first) {
      totalCount
      items {
        personId
        roleId
        firstname
        lastname
        birthday
        status
      }
    }
  }
`);
