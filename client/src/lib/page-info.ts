// What every list asks of its connection's page: spread `pageInfo { ...ListPage }` in a list query (the people,
// archive, groups, feed, access-log and API-usage lists), so the pager's needs are stated once. The connection types
// differ per list (their totalCount and edges are each list's own); PageInfo is shared by all of them. Codegen copies
// this definition into each document that uses it.
import { graphql } from '../gql';

export const ListPageFragment = graphql(`
  fragment ListPage on PageInfo {
    hasNextPage
    endCursor
  }
`);
