// The notices' GraphQL documents (avvisi, issue 39): the club's list, one notice's history, the audience's choices
// (groups, seasons, people found by name), the recipients' preview and sending. Each document is its own import
// (vite's graphql optimizer): only the notices' chunks carry them. The public page's own are in notice-link-documents.ts.
import { graphql } from '../../gql';

export const NoticesQuery = graphql(`
  query NoticesPage_List {
    notices {
      id
      title
      urgent
      required
      status
      deliverAt
      sentAt
      recipientCount
      confirmedCount
    }
  }
`);

export const NoticeHistoryQuery = graphql(`
  query NoticeHistoryPage_History($noticeId: ID!, $first: Int, $unconfirmed: Boolean) {
    noticeHistory(noticeId: $noticeId, first: $first, unconfirmed: $unconfirmed) {
      __typename
      ... on QueryNoticeHistorySuccess {
        data {
          notice {
            id
            title
            body
            urgent
            required
            status
            deliverAt
            sentAt
            cancelledAt
            recipientCount
            confirmedCount
            attachments {
              fileId
              filename
              mimeType
              size
              url
            }
          }
          counts {
            total
            opened
            confirmed
            delivered
            failed
            queued
            waiting
            withoutEmail
            bounced
            skipped
          }
          matching
          recipients {
            personId
            name
            forNames
            email
            delivery
            deliveryError
            bouncedAt
            emailedAt
            openedAt
            confirmedAt
            remindedAt
          }
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

/** The audience's choices: the club's groups and seasons (a coach's list of groups is the server's own). */
export const NoticeChoicesQuery = graphql(`
  query NoticeComposePage_Choices($first: Int) {
    groups(first: $first) {
      edges {
        node {
          id
          name
          type
          isActive
        }
      }
    }
  }
`);

export const NoticeSeasonsQuery = graphql(`
  query NoticeComposePage_Seasons {
    seasons {
      id
      label
      status
    }
  }
`);

/**
 * Hand-picked people: a few of each kind matching the search. `people` needs the kind's read permission: the page
 * asks only for the kinds the member may read (@include), so a refused kind does not fail the others.
 */
export const NoticePeopleSearchQuery = graphql(`
  query NoticeComposePage_PeopleSearch(
    $search: String!
    $athlete: Boolean!
    $coach: Boolean!
    $manager: Boolean!
    $staff: Boolean!
    $member: Boolean!
    $voluntary: Boolean!
  ) {
    athlete: people(kind: athlete, search: $search, first: 5) @include(if: $athlete) {
      ...NoticePersonHits
    }
    coach: people(kind: coach, search: $search, first: 5) @include(if: $coach) {
      ...NoticePersonHits
    }
    manager: people(kind: manager, search: $search, first: 5) @include(if: $manager) {
      ...NoticePersonHits
    }
    staff: people(kind: staff, search: $search, first: 5) @include(if: $staff) {
      ...NoticePersonHits
    }
    member: people(kind: member, search: $search, first: 5) @include(if: $member) {
      ...NoticePersonHits
    }
    voluntary: people(kind: voluntary, search: $search, first: 5) @include(if: $voluntary) {
      ...NoticePersonHits
    }
  }
  fragment NoticePersonHits on PersonRoleConnection {
    edges {
      node {
        id
        person {
          id
          firstname
          lastname
          birthday
        }
      }
    }
  }
`);

export const NoticePreviewQuery = graphql(`
  query NoticeComposePage_Preview($audience: NoticeAudienceInput!) {
    noticeRecipientsPreview(audience: $audience) {
      __typename
      ... on QueryNoticeRecipientsPreviewSuccess {
        data {
          withoutEmail
          recipients {
            personId
            name
            email
            forNames
          }
        }
      }
      ... on BaseError {
        code
        message
      }
      ... on ValidationError {
        fields {
          field
          message
        }
      }
    }
  }
`);

export const SendNoticeMutation = graphql(`
  mutation NoticeComposePage_Send($input: SendNoticeInput!, $attachments: [Upload!]) {
    sendNotice(input: $input, attachments: $attachments) {
      __typename
      ... on MutationSendNoticeSuccess {
        data {
          message
          recipients
          emailed
          notice {
            id
          }
        }
      }
      ...MutationError
    }
  }
`);

/** Stops a programmato notice; ConflictError once its mails started. */
export const CancelNoticeMutation = graphql(`
  mutation NoticeHistoryPage_Cancel($noticeId: ID!) {
    cancelNotice(noticeId: $noticeId) {
      __typename
      ... on MutationCancelNoticeSuccess {
        data {
          message
          notice {
            id
            status
            deliverAt
            sentAt
            cancelledAt
          }
        }
      }
      ...MutationError
    }
  }
`);

/** The club's quiet hours (feed.write reads them, club.write saves them). */
export const NoticeSettingsQuery = graphql(`
  query Notices_Settings {
    noticeSettings {
      quietStart
      quietEnd
    }
  }
`);

export const SaveNoticeSettingsMutation = graphql(`
  mutation NoticesPage_SaveSettings($input: NoticeSettingsInput!) {
    saveNoticeSettings(input: $input) {
      __typename
      ... on MutationSaveNoticeSettingsSuccess {
        data {
          message
          quietStart
          quietEnd
        }
      }
      ...MutationError
    }
  }
`);
