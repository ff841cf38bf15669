import { graphql } from '../../../gql';

export const PersonNoticesQuery = graphql(`
  query PersonNoticesSection_Notices($personId: ID!) {
    personNotices(personId: $personId) {
      __typename
      ... on QueryPersonNoticesSuccess {
        data {
          noticeId
          title
          urgent
          sentAt
          recipientName
          forSelf
          email
          delivery
          deliveryError
          openedAt
          confirmedAt
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);
