// Attendance's GraphQL documents (issue 38 point 3): a day's sheet (with the event it belongs to, from the calendar of
// the days around it), recording it (the phone's submission, idempotent), the statistics and the groups of the filter.
// Each document is its own import (vite's graphql optimizer): the admin shell does not carry them.
import { graphql } from '../../gql';

export const AttendanceSheetQuery = graphql(`
  query AttendancePage_Sheet($eventId: ID!, $occursOn: String!, $from: String!, $to: String!) {
    attendanceSheet(eventId: $eventId, occursOn: $occursOn) {
      __typename
      ... on QueryAttendanceSheetSuccess {
        data {
          takenAt
          rows {
            personId
            name
            present
            reason
          }
        }
      }
      ... on BaseError {
        message
      }
    }
    calendar(from: $from, to: $to) {
      __typename
      ... on QueryCalendarSuccess {
        data {
          occursOn
          date
          startTime
          endTime
          event {
            id
            kind
            title
            groups {
              id
              name
            }
          }
        }
      }
    }
  }
`);

export const RecordAttendanceMutation = graphql(`
  mutation AttendancePage_Record($input: RecordAttendanceInput!) {
    recordAttendance(input: $input) {
      __typename
      ... on MutationRecordAttendanceSuccess {
        data {
          message
          stored
          present
          total
        }
      }
      ...MutationError
    }
  }
`);

export const AttendanceStatsQuery = graphql(`
  query AttendanceStatsPage_Stats($from: String!, $to: String!, $groupId: ID, $personId: ID) {
    attendanceStats(from: $from, to: $to, groupId: $groupId, personId: $personId) {
      __typename
      ... on QueryAttendanceStatsSuccess {
        data {
          from
          to
          people {
            personId
            name
            sessions
            present
            rate
          }
          months {
            month
            sessions
            present
            rate
          }
          total {
            sessions
            present
            rate
          }
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

export const AttendanceGroupsQuery = graphql(`
  query AttendanceStatsPage_Groups {
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
