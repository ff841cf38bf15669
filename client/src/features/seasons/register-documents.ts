// The libro soci page (issue 35 point 2): the register by number (all time or one season, searched by name), the
// seasons to filter and renew in, the people a new socio is picked from, and the admission, exit and renewal
// mutations. Each document is its own import (vite's graphql optimizer).
import { graphql } from '../../gql';

export const MemberRegisterQuery = graphql(`
  query MemberRegister_List($seasonId: ID, $search: String, $first: Int, $after: String) {
    memberRegisterSearch(seasonId: $seasonId, search: $search, first: $first, after: $after) {
      totalCount
      pageInfo {
        endCursor
        hasNextPage
      }
      edges {
        node {
          id
          number
          admittedOn
          boardDecision
          boardDecisionOn
          exitOn
          exitCause
          person {
            id
            firstname
            lastname
            taxIdCode
          }
          renewals {
            id
            quotaCents
            renewedOn
            season {
              id
              label
            }
          }
        }
      }
    }
  }
`);

export const RegisterSeasonsQuery = graphql(`
  query MemberRegister_Seasons {
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

export const RegisterCandidatesQuery = graphql(`
  query MemberRegister_Candidates($kind: PersonKind!, $search: String) {
    people(kind: $kind, search: $search, first: 20) {
      edges {
        node {
          id
          person {
            id
            firstname
            lastname
            taxIdCode
          }
        }
      }
    }
  }
`);

export const RegisterAdmitMutation = graphql(`
  mutation MemberRegister_Admit($input: AdmitMemberInput!) {
    admitMember(input: $input) {
      __typename
      ... on MutationAdmitMemberSuccess {
        data {
          message
          member {
            id
            number
          }
        }
      }
      ...MutationError
    }
  }
`);

export const RegisterExitMutation = graphql(`
  mutation MemberRegister_Exit($input: RecordMemberExitInput!) {
    recordMemberExit(input: $input) {
      __typename
      ... on MutationRecordMemberExitSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);

export const RegisterRenewMutation = graphql(`
  mutation MemberRegister_Renew($input: RenewMembershipInput!) {
    renewMembership(input: $input) {
      __typename
      ... on MutationRenewMembershipSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);
