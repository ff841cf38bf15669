// The person page's "Stagioni" section (issue 35 point 2): the person's history of seasons in one query (one SQL
// statement on the server: register entries with their renewals, cards with their seasons), the seasons a card may
// be saved in, and the card and admission mutations. Each document is its own import (vite's graphql optimizer), so
// the admin shell does not carry them.
import { graphql } from '../../gql';

export const PersonSeasonsQuery = graphql(`
  query PersonSeasons_History($personId: ID!) {
    personSeasons(personId: $personId) {
      personId
      memberships {
        id
        number
        admittedOn
        boardDecision
        boardDecisionOn
        exitOn
        exitCause
        renewals {
          id
          renewedOn
          quotaCents
          season {
            id
            label
            startsOn
          }
        }
      }
      cards {
        id
        body
        number
        startsOn
        expiresOn
        season {
          id
          label
          startsOn
          status
        }
      }
    }
  }
`);

/** The seasons a card may be given (the dialog leaves out the closed ones) and the current one, its default. */
export const CardSeasonsQuery = graphql(`
  query CardFormDialog_Seasons {
    currentSeason {
      id
    }
    seasons {
      id
      label
      startsOn
      endsOn
      status
    }
  }
`);

/** A number already used for the body in the season is a ConflictError naming its field: shown under "Numero tessera". */
export const SaveCardMutation = graphql(`
  mutation CardFormDialog_Save($input: SaveCardInput!) {
    saveCard(input: $input) {
      __typename
      ... on MutationSaveCardSuccess {
        data {
          message
        }
      }
      ... on ConflictError {
        fields {
          field
          message
        }
      }
      ...MutationError
    }
  }
`);

export const DeleteCardMutation = graphql(`
  mutation PersonSeasons_DeleteCard($id: ID!) {
    deleteCard(id: $id) {
      __typename
      ... on MutationDeleteCardSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);

export const AdmitMemberMutation = graphql(`
  mutation PersonSeasonsAdmit_Admit($input: AdmitMemberInput!) {
    admitMember(input: $input) {
      __typename
      ... on MutationAdmitMemberSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);
