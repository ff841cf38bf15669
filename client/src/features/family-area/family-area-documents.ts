// The personal area's GraphQL documents (issue 36 point 4): the family on the first screen, one person's page, and
// what a member or a guardian does there (contacts and change requests, a new certificate, a consent withdrawn); the
// person's fees and receipts (issue 37).
// They need a session only: the person names the club (no X-Club).
import { graphql } from '../../gql';

export const MyFamilyQuery = graphql(`
  query FamilyArea_People {
    myFamily {
      personId
      clubId
      clubName
      relation
      firstname
      lastname
      birthday
      certificateState
      certificateExpiresOn
    }
  }
`);

export const FamilyPersonQuery = graphql(`
  query FamilyPerson_Page($personId: ID!) {
    myFamilyPerson(personId: $personId) {
      personId
      clubName
      relation
      may {
        contacts
        changes
        certificates
        consents
        export
      }
      firstname
      lastname
      taxIdCode
      birthday
      birthplace
      emailPrimary
      phonePrimary
      address {
        address
        streetNumber
        postalCode
        city
        province
        country
      }
      kinds
      memberships {
        number
        admittedOn
        exitOn
        seasons
      }
      cards {
        body
        number
        season
        startsOn
        expiresOn
      }
      certificateState
      certificates {
        id
        type
        issuedOn
        expiresOn
        issuer
      }
      certificateSubmissions {
        id
        type
        issuedOn
        expiresOn
        status
        reason
        createdAt
      }
      changeRequests {
        id
        changes {
          field
          from
          to
        }
        status
        reason
        createdAt
      }
      guardians {
        name
        relationship
      }
      consents {
        purpose
        status
        giver
        canWithdraw
        givenOn
        withdrawnOn
        noticeVersion
      }
      documents {
        id
        title
        signedAt
      }
      fees {
        dueCents
        paidCents
        openCents
        overdueCents
        charges {
          id
          description
          dueOn
          amountCents
          discountReason
          paidCents
          openCents
          cancelled
        }
      }
      receipts {
        id
        number
        issuedOn
        amountCents
        cancelled
        deductible
      }
      visibility {
        role
        roleLabel
        health
        names
      }
    }
  }
`);

export const UpdateFamilyPersonMutation = graphql(`
  mutation FamilyPerson_Update($input: UpdateMyFamilyPersonInput!) {
    updateMyFamilyPerson(input: $input) {
      __typename
      ... on MutationUpdateMyFamilyPersonSuccess {
        data {
          message
          contactsSaved
          requestedFields
        }
      }
      ...MutationError
    }
  }
`);

export const SubmitCertificateMutation = graphql(`
  mutation FamilyPerson_SubmitCertificate($input: SubmitMyCertificateInput!) {
    submitMyCertificate(input: $input) {
      __typename
      ... on MutationSubmitMyCertificateSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);

export const WithdrawConsentMutation = graphql(`
  mutation FamilyPerson_WithdrawConsent($personId: ID!, $purpose: ConsentPurpose!) {
    withdrawMyConsent(personId: $personId, purpose: $purpose) {
      __typename
      ... on MutationWithdrawMyConsentSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);

export const MyCalendarFeedsQuery = graphql(`
  query FamilyArea_CalendarFeeds {
    myCalendarFeeds {
      id
      clubId
      clubName
      createdAt
      revoked
    }
  }
`);

export const CreateMyCalendarFeedMutation = graphql(`
  mutation FamilyArea_CreateCalendarFeed($clubId: ID!) {
    createMyCalendarFeed(clubId: $clubId) {
      __typename
      ... on MutationCreateMyCalendarFeedSuccess {
        data {
          id
          url
          message
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

export const RevokeMyCalendarFeedMutation = graphql(`
  mutation FamilyArea_RevokeCalendarFeed($id: ID!) {
    revokeMyCalendarFeed(id: $id) {
      __typename
      ... on MutationRevokeMyCalendarFeedSuccess {
        data {
          id
          message
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

/** The notices the account's person received (avvisi, issue 39), newest first, in every club of the family. */
export const MyNoticesQuery = graphql(`
  query FamilyArea_Notices {
    myNotices {
      __typename
      ... on QueryMyNoticesSuccess {
        data {
          recipientId
          clubName
          title
          body
          urgent
          forNames
          sentAt
          openedAt
          confirmedAt
          attachments {
            fileId
            filename
            mimeType
            size
            url
          }
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

export const OpenMyNoticeMutation = graphql(`
  mutation FamilyArea_OpenNotice($recipientId: ID!) {
    openMyNotice(recipientId: $recipientId) {
      __typename
      ... on MutationOpenMyNoticeSuccess {
        data {
          recipientId
          openedAt
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

export const ConfirmMyNoticeMutation = graphql(`
  mutation FamilyArea_ConfirmNotice($recipientId: ID!) {
    confirmMyNotice(recipientId: $recipientId) {
      __typename
      ... on MutationConfirmMyNoticeSuccess {
        data {
          message
          notice {
            recipientId
            openedAt
            confirmedAt
          }
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);
