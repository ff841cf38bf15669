// The dashboard's one query: every number of the page, measured by the server in the club's time zone.
import { graphql } from '../../gql';

export const DashboardQuery = graphql(`
  query DashboardPage_Dashboard {
    dashboard {
      kinds {
        kind
        active
        addedToday
        addedThisWeek
      }
      people
      addedToday
      addedThisWeek
      certificatesValid
      certificatesExpiring
      certificatesExpired
      certificatesMissing
      postsThisWeek
      today
      weekStart
      certificatesExpiringUntil
    }
  }
`);
