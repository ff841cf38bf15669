// The public notice page's documents (/avviso/:token, no account): opening the notice from the mail's link (the
// first opening is recorded, hence a mutation), confirming the reading of an urgent one, and turning notices by e-mail
// off or on again (the mail's "Disiscriviti" link).
import { graphql } from '../../gql';

export const OpenNoticeByTokenMutation = graphql(`
  mutation NoticeLinkPage_Open($token: String!) {
    openNoticeByToken(token: $token) {
      clubName
      title
      body
      urgent
      sentAt
      recipientName
      forNames
      confirmedAt
      required
      noticesByEmail
      attachments {
        fileId
        filename
        mimeType
        size
        url
      }
    }
  }
`);

export const ConfirmNoticeByTokenMutation = graphql(`
  mutation NoticeLinkPage_Confirm($token: String!) {
    confirmNoticeByToken(token: $token) {
      __typename
      ... on MutationConfirmNoticeByTokenSuccess {
        data {
          message
          notice {
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

export const UnsubscribeByTokenMutation = graphql(`
  mutation NoticeLinkPage_Unsubscribe($token: String!) {
    unsubscribeByToken(token: $token) {
      __typename
      ... on MutationUnsubscribeByTokenSuccess {
        data {
          message
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

export const ResubscribeByTokenMutation = graphql(`
  mutation NoticeLinkPage_Resubscribe($token: String!) {
    resubscribeByToken(token: $token) {
      __typename
      ... on MutationResubscribeByTokenSuccess {
        data {
          message
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);
