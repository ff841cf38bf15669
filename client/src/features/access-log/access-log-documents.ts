// The GraphQL documents of the Registro accessi page.
import { graphql } from '../../gql';

export const AccessLogQuery = graphql(`
  query AccessLog_Page($filter: AccessLogFilter, $first: Int, $after: String) {
    accessLog(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        ...ListPage
      }
      edges {
        node {
          ...AccessLogList_Entry
        }
      }
    }
  }
`);

export const AccessLogActorsQuery = graphql(`
  query AccessLog_Actors {
    accessLogActors {
      accountId
      name
      email
    }
  }
`);
