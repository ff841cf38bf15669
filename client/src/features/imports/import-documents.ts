// The GraphQL documents of the import screen (/import/{type}): the dry run and the import (one mutation, dryRun
// telling them apart), and the club's history of imports.
import { graphql } from '../../gql';

export const ImportResultFragment = graphql(`
  fragment ImportPage_Result on ImportPeopleResult {
    dryRun
    kind
    mode
    status
    message
    fileName
    format
    counts {
      total
      new
      updated
      unchanged
      invalid
    }
    errors {
      row
      column
      field
      message
    }
    rows {
      row
      status
      taxIdCode
      name
      changes
    }
    columns {
      header
      key
    }
    ignoredColumns
    run {
      id
    }
  }
`);

export const ImportPeopleMutation = graphql(`
  mutation ImportPage_ImportPeople($file: Upload, $kind: PersonKind!, $dryRun: Boolean!, $mode: ImportMode) {
    importPeople(file: $file, kind: $kind, dryRun: $dryRun, mode: $mode) {
      __typename
      ... on MutationImportPeopleSuccess {
        data {
          ...ImportPage_Result
        }
      }
      ...MutationError
    }
  }
`);

export const ImportRunFragment = graphql(`
  fragment ImportHistory_Run on ImportRun {
    id
    kind
    mode
    status
    fileName
    fileFormat
    actorName
    createdAt
    counts {
      total
      new
      updated
      unchanged
      invalid
    }
  }
`);

export const ImportRunsQuery = graphql(`
  query ImportHistory_Runs($first: Int) {
    importRuns(first: $first) {
      totalCount
      edges {
        node {
          ...ImportHistory_Run
        }
      }
    }
  }
`);
