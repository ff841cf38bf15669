// The public notice page's documents (/avviso/:token, no account): opening the notice from the mail's link (the
// first opening is recorded, hence a mutation) and confirming the reading of an urgent one.
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
