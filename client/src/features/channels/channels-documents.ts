// The staff's group channels (issue 39 point 4): the list, one conversation (polled while open), writing with
// attachments (a multipart request), moderation, the families' posting switch, muting and the read mark. The fields
// are the shared fragments (components/channels/channel-fragments.ts).
import { graphql } from '../../gql';

export const GroupChannelsQuery = graphql(`
  query ChannelsPage_List {
    groupChannels {
      __typename
      ... on QueryGroupChannelsSuccess {
        data {
          ...ChannelSummaryFields
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

export const GroupChannelQuery = graphql(`
  query ChannelPage_Channel($groupId: ID!, $before: ID) {
    groupChannel(groupId: $groupId, before: $before) {
      __typename
      ... on QueryGroupChannelSuccess {
        data {
          ...ChannelPageFields
        }
      }
      ... on BaseError {
        code
        message
      }
    }
  }
`);

export const PostChannelMessageMutation = graphql(`
  mutation ChannelPage_Post($input: ChannelMessageInput!, $attachments: [Upload!]) {
    postChannelMessage(input: $input, attachments: $attachments) {
      __typename
      ... on MutationPostChannelMessageSuccess {
        data {
          message {
            ...ChannelMessageFields
          }
        }
      }
      ...MutationError
    }
  }
`);

export const HideChannelMessageMutation = graphql(`
  mutation ChannelPage_Hide($input: HideChannelMessageInput!) {
    hideChannelMessage(input: $input) {
      __typename
      ... on MutationHideChannelMessageSuccess {
        data {
          message
          hidden {
            ...ChannelMessageFields
          }
        }
      }
      ...MutationError
    }
  }
`);

export const RestoreChannelMessageMutation = graphql(`
  mutation ChannelPage_Restore($messageId: ID!) {
    restoreChannelMessage(messageId: $messageId) {
      __typename
      ... on MutationRestoreChannelMessageSuccess {
        data {
          message
          restored {
            ...ChannelMessageFields
          }
        }
      }
      ...MutationError
    }
  }
`);

export const SetChannelPostingMutation = graphql(`
  mutation ChannelPage_Posting($groupId: ID!, $familiesMayPost: Boolean!) {
    setChannelPosting(groupId: $groupId, familiesMayPost: $familiesMayPost) {
      __typename
      ... on MutationSetChannelPostingSuccess {
        data {
          message
          familiesMayPost
        }
      }
      ...MutationError
    }
  }
`);

export const MuteChannelMutation = graphql(`
  mutation ChannelPage_Mute($groupId: ID!, $muted: Boolean!) {
    muteChannel(groupId: $groupId, muted: $muted) {
      __typename
      ... on MutationMuteChannelSuccess {
        data {
          message
          muted
        }
      }
      ...MutationError
    }
  }
`);

export const MarkChannelReadMutation = graphql(`
  mutation ChannelPage_MarkRead($groupId: ID!) {
    markChannelRead(groupId: $groupId) {
      __typename
      ... on MutationMarkChannelReadSuccess {
        data
      }
      ...MutationError
    }
  }
`);
