// The GraphQL documents of the import screen (/import/{type}): the dry run and the import (one mutation, dryRun
// telling them apart), the running import's progress, the club's history of imports and undoing one.
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
    headers
    mappingRemembered
    validOnly
    tidyNames
    notices
    headerLine
    topLines {
      line
      cells
    }
    errorFile {
      filename
      contentType
      base64
    }
    seasonWrites {
      seasonId
      seasonLabel
      cardsNew
      cardsUpdated
      membersNew
      membersNumbered
      firstNextNumber
      renewalsNew
      renewalsUpdated
      messages
    }
    run {
      id
    }
  }
`);

/** The seasons the file's cards and register rows can go to (closed ones are read-only: not offered). */
export const ImportSeasonsQuery = graphql(`
  query ImportPage_Seasons {
    seasons {
      id
      label
      status
    }
    currentSeason {
      id
    }
  }
`);

export const ImportPeopleMutation = graphql(`
  mutation ImportPage_ImportPeople(
    $file: Upload
    $kind: PersonKind!
    $dryRun: Boolean!
    $mode: ImportMode
    $mapping: [ImportMappingInput!]
    $progressKey: String
    $validOnly: Boolean
    $tidyNames: Boolean
    $headerLine: Int
    $seasonId: ID
    $cardBody: String
  ) {
    importPeople(
      file: $file
      kind: $kind
      dryRun: $dryRun
      mode: $mode
      mapping: $mapping
      progressKey: $progressKey
      validOnly: $validOnly
      tidyNames: $tidyNames
      headerLine: $headerLine
      seasonId: $seasonId
      cardBody: $cardBody
    ) {
      __typename
      ... on MutationImportPeopleSuccess {
        data {
          ...ImportPage_Result
        }
      }
      ... on ImportHeaderError {
        headerLine
        topLines {
          line
          cells
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
    canUndo
    undoableUntil
    undoneAt
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

export const ImportProgressQuery = graphql(`
  query ImportPage_Progress($key: String!) {
    importProgress(key: $key) {
      phase
      done
      total
    }
  }
`);

export const UndoImportMutation = graphql(`
  mutation ImportHistory_UndoImport($id: ID!) {
    undoImport(id: $id) {
      __typename
      ... on MutationUndoImportSuccess {
        data {
          message
          removed
          restored
          skipped {
            taxIdCode
            name
            reason
          }
          run {
            ...ImportHistory_Run
          }
        }
      }
      ...MutationError
    }
  }
`);
