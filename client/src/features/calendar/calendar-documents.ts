// The calendar's GraphQL documents (issue 38): the occurrences of a range, the venues and closures, the groups of the
// filter, the private feeds of a group and every change (events, one day, a series from a day, venues, closures,
// feeds). Each document is its own import (vite's graphql optimizer), so the admin shell does not carry them.
import { graphql } from '../../gql';

export const CalendarQuery = graphql(`
  query CalendarPage_Range($from: String!, $to: String!, $groupIds: [ID!]) {
    calendar(from: $from, to: $to, groupIds: $groupIds) {
      __typename
      ... on QueryCalendarSuccess {
        data {
          occursOn
          date
          startTime
          endTime
          startsAt
          endsAt
          cancelled
          changed
          note
          venueId
          event {
            id
            kind
            title
            startsOn
            startTime
            durationMinutes
            cancelled
            skipClosures
            venueId
            venueName
            opponent
            home
            competition
            meetingTime
            meetingPlace
            notes
            groups {
              id
              name
            }
            repeat {
              weekdays
              intervalWeeks
              until
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

export const CalendarGroupsQuery = graphql(`
  query CalendarPage_Groups {
    groups(first: 100) {
      edges {
        node {
          id
          name
        }
      }
    }
  }
`);

export const VenuesQuery = graphql(`
  query CalendarPage_Venues($includeArchived: Boolean) {
    venues(includeArchived: $includeArchived) {
      id
      name
      address
      archived
    }
  }
`);

export const ClosuresQuery = graphql(`
  query CalendarPage_Closures {
    closures {
      id
      startsOn
      endsOn
      reason
    }
  }
`);

export const CalendarFeedsQuery = graphql(`
  query CalendarPage_Feeds($kind: String!, $targetId: ID!) {
    calendarFeeds(kind: $kind, targetId: $targetId) {
      id
      createdAt
      revoked
    }
  }
`);

export const SaveCalendarEventMutation = graphql(`
  mutation CalendarPage_SaveEvent($input: SaveCalendarEventInput!, $dryRun: Boolean, $allowVenueClashes: Boolean) {
    saveCalendarEvent(input: $input, dryRun: $dryRun, allowVenueClashes: $allowVenueClashes) {
      __typename
      ... on MutationSaveCalendarEventSuccess {
        data {
          message
          dryRun
          clashes {
            date
            time
            title
            eventId
          }
          event {
            id
          }
        }
      }
      ...MutationError
    }
  }
`);

export const ChangeSeriesFromMutation = graphql(`
  mutation CalendarPage_ChangeSeriesFrom($eventId: ID!, $from: String!, $input: SaveCalendarEventInput, $allowVenueClashes: Boolean) {
    changeCalendarSeriesFrom(eventId: $eventId, from: $from, input: $input, allowVenueClashes: $allowVenueClashes) {
      __typename
      ... on MutationChangeCalendarSeriesFromSuccess {
        data {
          message
          dryRun
          clashes {
            date
            time
            title
            eventId
          }
        }
      }
      ...MutationError
    }
  }
`);

export const ChangeOccurrenceMutation = graphql(`
  mutation CalendarPage_ChangeOccurrence($input: CalendarOccurrenceChangeInput!, $allowVenueClashes: Boolean) {
    changeCalendarOccurrence(input: $input, allowVenueClashes: $allowVenueClashes) {
      __typename
      ... on MutationChangeCalendarOccurrenceSuccess {
        data {
          message
          clashes {
            date
            time
            title
            eventId
          }
        }
      }
      ...MutationError
    }
  }
`);

export const CancelCalendarEventMutation = graphql(`
  mutation CalendarPage_CancelEvent($id: ID!) {
    cancelCalendarEvent(id: $id) {
      __typename
      ... on MutationCancelCalendarEventSuccess {
        data {
          id
          message
        }
      }
      ...MutationError
    }
  }
`);

export const SaveVenueMutation = graphql(`
  mutation VenuesPage_Save($input: VenueInput!) {
    saveVenue(input: $input) {
      __typename
      ... on MutationSaveVenueSuccess {
        data {
          id
          message
        }
      }
      ...MutationError
    }
  }
`);

export const ArchiveVenueMutation = graphql(`
  mutation VenuesPage_Archive($id: ID!) {
    archiveVenue(id: $id) {
      __typename
      ... on MutationArchiveVenueSuccess {
        data {
          id
          message
        }
      }
      ...MutationError
    }
  }
`);

export const SaveClosureMutation = graphql(`
  mutation VenuesPage_SaveClosure($input: ClosureInput!) {
    saveClosure(input: $input) {
      __typename
      ... on MutationSaveClosureSuccess {
        data {
          id
          message
        }
      }
      ...MutationError
    }
  }
`);

export const DeleteClosureMutation = graphql(`
  mutation VenuesPage_DeleteClosure($id: ID!) {
    deleteClosure(id: $id) {
      __typename
      ... on MutationDeleteClosureSuccess {
        data {
          id
          message
        }
      }
      ...MutationError
    }
  }
`);

export const CreateCalendarFeedMutation = graphql(`
  mutation CalendarPage_CreateFeed($kind: String!, $targetId: ID!) {
    createCalendarFeed(kind: $kind, targetId: $targetId) {
      __typename
      ... on MutationCreateCalendarFeedSuccess {
        data {
          id
          message
          url
        }
      }
      ...MutationError
    }
  }
`);

export const RevokeCalendarFeedMutation = graphql(`
  mutation CalendarPage_RevokeFeed($id: ID!) {
    revokeCalendarFeed(id: $id) {
      __typename
      ... on MutationRevokeCalendarFeedSuccess {
        data {
          id
          message
        }
      }
      ...MutationError
    }
  }
`);
