// The dashboard's season figures: the chosen season and the previous one in one query (seasonStatistics).
import { graphql } from '../../gql';

export const SeasonStatisticsQuery = graphql(`
  query DashboardPage_SeasonStatistics($seasonId: ID) {
    seasonStatistics(seasonId: $seasonId) {
      season {
        ...SeasonFiguresFields
      }
      previous {
        ...SeasonFiguresFields
      }
    }
  }
  fragment SeasonFiguresFields on SeasonFigures {
    season {
      id
      label
    }
    members
    renewals
    admissions
    exits
    cards {
      body
      count
    }
  }
`);
