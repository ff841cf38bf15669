// GraphQL documents of the feed: posts (filtered, sorted, paged), the groups offered as targets and filter, and
// the save / archive mutations.
import { graphql } from '../../gql';

export const PostCardFragment = graphql(`
  fragment FeedPage_Post on Post {
    id
    title
    caption
    priority
    isActive
    createdAt
    groups {
      id
      name
    }
  }
`);

export const PostsQuery = graphql(`
  query FeedPage_Posts(
    $search: String
    $priority: Int
    $groupId: ID
    $orderBy: PostOrder
    $createdWithin: RecentPeriod
    $first: Int
    $offset: Int
  ) {
    posts(search: $search, priority: $priority, groupId: $groupId, orderBy: $orderBy, createdWithin: $createdWithin, first: $first, offset: $offset) {
      totalCount
      pageInfo {
        ...ListPage
      }
      edges {
        node {
          ...FeedPage_Post
        }
      }
    }
  }
`);

/** Every active group of the club (all types): the post's targets and the feed's group filter. */
export const GroupOptionsQuery = graphql(`
  query FeedPage_GroupOptions($first: Int) {
    groups(first: $first) {
      edges {
        node {
          id
          name
          type
          isActive
        }
      }
    }
  }
`);

export const SavePostMutation = graphql(`
  mutation PostForm_SavePost($input: SavePostInput!) {
    savePost(input: $input) {
      __typename
      ... on MutationSavePostSuccess {
        data {
          message
          post {
            ...FeedPage_Post
          }
        }
      }
      ...MutationError
    }
  }
`);

export const ArchivePostMutation = graphql(`
  mutation FeedPage_ArchivePost($id: ID!) {
    archivePost(id: $id) {
      __typename
      ... on MutationArchivePostSuccess {
        data {
          id
          isActive
          archivedAt
        }
      }
      ... on BaseError {
        code
        message
      }
    }
  }
`);
