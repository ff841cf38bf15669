// GraphQL documents of the guided season renewal (issue 35 point 3).
import { graphql } from '../../../gql';

export const RenewalProposalQuery = graphql(`
  query SeasonRenewal_Proposal {
    seasonRenewalProposal {
      fromSeason {
        id
        label
      }
      toSeason {
        id
        label
      }
      planned {
        label
        startsOn
        endsOn
      }
      categoriesNow {
        groupId
        name
      }
      categoriesNext {
        groupId
        name
        bornFrom
        bornTo
      }
      groups {
        id
        name
        type
      }
      members {
        memberId
        firstname
        lastname
        number
        quotaCents
        renewed
        groupIds
      }
      athletes {
        roleId
        firstname
        lastname
        birthday
        groupIds
        categoryIds
        nextCategoryId
      }
      lastRun {
        ...SeasonRenewal_Run
      }
    }
  }
`);

export const RenewalRunFragment = graphql(`
  fragment SeasonRenewal_Run on SeasonRenewalRun {
    id
    createdAt
    renewedMembers
    carriedAthletes
    movedAthletes
    leftAthletes
    fromSeason {
      label
    }
    toSeason {
      label
    }
  }
`);

export const RunRenewalMutation = graphql(`
  mutation SeasonRenewal_Run($input: RunSeasonRenewalInput!) {
    runSeasonRenewal(input: $input) {
      __typename
      ... on MutationRunSeasonRenewalSuccess {
        data {
          message
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

export const UndoRenewalMutation = graphql(`
  mutation SeasonRenewal_Undo($id: ID!) {
    undoSeasonRenewal(id: $id) {
      __typename
      ... on MutationUndoSeasonRenewalSuccess {
        data {
          message
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);
