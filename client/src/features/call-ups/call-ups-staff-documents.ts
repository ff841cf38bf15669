// The staff's call-up screen's GraphQL documents (issue 38 point 2): the event's day (from the calendar's range around
// it), the candidates with their checks, the call-ups with the answers, and sending, reminding, withdrawing. Each
// document is its own import (vite's graphql optimizer): only this page's chunk carries them.
import { graphql } from '../../gql';

export const CallUpEventQuery = graphql(`
  query CallUpsPage_Event($from: String!, $to: String!) {
    calendar(from: $from, to: $to) {
      __typename
      ... on QueryCalendarSuccess {
        data {
          occursOn
          date
          startTime
          endTime
          startsAt
          cancelled
          venueId
          event {
            id
            kind
            title
            venueId
            venueName
            opponent
            home
            competition
            meetingTime
            meetingPlace
            groups {
              id
              name
            }
          }
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

export const CallUpCandidatesQuery = graphql(`
  query CallUpsPage_Candidates($eventId: ID!, $occursOn: String!) {
    callUpCandidates(eventId: $eventId, occursOn: $occursOn) {
      __typename
      ... on QueryCallUpCandidatesSuccess {
        data {
          personId
          name
          blockers
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

export const CallUpListQuery = graphql(`
  query CallUpsPage_List($eventId: ID!, $occursOn: String!) {
    callUps(eventId: $eventId, occursOn: $occursOn) {
      __typename
      ... on QueryCallUpsSuccess {
        data {
          id
          personId
          name
          response
          responseNote
          respondedAt
          deadline
          remindedAt
          blockersAtCallUp
          overrideReason
          blockersNow
          minor
          school
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

export const SendCallUpsMutation = graphql(`
  mutation CallUpsPage_Send($input: SendCallUpsInput!) {
    sendCallUps(input: $input) {
      __typename
      ... on MutationSendCallUpsSuccess {
        data {
          message
          sent
          blocked {
            personId
            name
            blockers
          }
        }
      }
      ...MutationError
    }
  }
`);

export const RemindCallUpsMutation = graphql(`
  mutation CallUpsPage_Remind($eventId: ID!, $occursOn: String!) {
    remindCallUps(eventId: $eventId, occursOn: $occursOn) {
      __typename
      ... on MutationRemindCallUpsSuccess {
        data {
          message
          reminded
        }
      }
      ...MutationError
    }
  }
`);

export const WithdrawCallUpMutation = graphql(`
  mutation CallUpsPage_Withdraw($id: ID!) {
    withdrawCallUp(id: $id) {
      __typename
      ... on MutationWithdrawCallUpSuccess {
        data {
          id
          message
        }
      }
      ...MutationError
    }
  }
`);
