// The personal area's group channels (issue 39 point 4): the family's channels (with why a minor has none yet), one
// conversation (polled while open), writing with attachments (a multipart request; refused while the channel is for
// the staff only), muting and the read mark. The fields are the shared fragments (components/channels/).
import { graphql } from '../../gql';

export const MyChannelsQuery = graphql(`
  query FamilyArea_Channels {
    myChannels {
      __typename
      ... on QueryMyChannelsSuccess {
        data {
          note
          channels {
            ...ChannelSummaryFields
          }
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

export const MyChannelQuery = graphql(`
  query FamilyChannel_Channel($groupId: ID!, $before: ID) {
    myChannel(groupId: $groupId, before: $before) {
      __typename
      ... on QueryMyChannelSuccess {
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

export const PostMyChannelMessageMutation = graphql(`
  mutation FamilyChannel_Post($input: ChannelMessageInput!, $attachments: [Upload!]) {
    postMyChannelMessage(input: $input, attachments: $attachments) {
      __typename
      ... on MutationPostMyChannelMessageSuccess {
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

export const MuteMyChannelMutation = graphql(`
  mutation FamilyChannel_Mute($groupId: ID!, $muted: Boolean!) {
    muteMyChannel(groupId: $groupId, muted: $muted) {
      __typename
      ... on MutationMuteMyChannelSuccess {
        data {
          message
          muted
        }
      }
      ...MutationError
    }
  }
`);

export const MarkMyChannelReadMutation = graphql(`
  mutation FamilyChannel_MarkRead($groupId: ID!) {
    markMyChannelRead(groupId: $groupId) {
      __typename
      ... on MutationMarkMyChannelReadSuccess {
        data
      }
      ...MutationError
    }
  }
`);
