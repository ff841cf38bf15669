// The fields a group channel's screens read (issue 39 point 4), the same for the staff (features/channels) and the
// personal area (features/family-area): each feature's documents spread them beside their own operations. Shared
// (components/): features do not import each other.
import { graphql } from '../../gql';

export const ChannelSummaryFragment = graphql(`
  fragment ChannelSummaryFields on ChannelSummary {
    groupId
    groupName
    clubName
    archived
    forNames
    unread
    muted
    lastMessage {
      authorName
      body
      createdAt
      hidden
    }
  }
`);

export const ChannelMessageFragment = graphql(`
  fragment ChannelMessageFields on ChannelMessage {
    id
    authorName
    authorLabel
    fromStaff
    mine
    body
    createdAt
    hidden
    hiddenAt
    hiddenBy
    hiddenReason
    attachments {
      fileId
      filename
      mimeType
      size
      url
    }
  }
`);

export const ChannelPageFragment = graphql(`
  fragment ChannelPageFields on ChannelPage {
    groupId
    groupName
    clubName
    staff
    mayPost
    mayModerate
    familiesMayPost
    archived
    muted
    forNames
    postingNote
    hasOlder
    lastReadAt
    messages {
      ...ChannelMessageFields
    }
  }
`);
