// The error half of every mutation's result union (see mutation-result.ts): spread `...MutationError` beside the
// success type. Codegen copies this definition into each document that uses it.
import { graphql } from '../gql';

export const MutationErrorFragment = graphql(`
  fragment MutationError on BaseError {
    code
    message
    ... on ValidationError {
      fields {
        field
        message
      }
    }
  }
`);
