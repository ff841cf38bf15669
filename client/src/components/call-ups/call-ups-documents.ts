// Call-ups as the athlete or a guardian sees them (issue 38 point 2): in the personal area (a session) and from the
// mail's link (no session: the token is the proof).
import { graphql } from '../../gql';

export const CallUpViewFragment = graphql(`
  fragment CallUp_View on CallUpView {
    id
    personName
    clubName
    kind
    title
    opponent
    home
    date
    startTime
    venue
    meetingTime
    meetingPlace
    deadline
    response
    responseNote
    open
  }
`);

export const MyCallUpsQuery = graphql(`
  query FamilyArea_CallUps {
    myCallUps {
      ...CallUp_View
    }
  }
`);

export const AnswerMyCallUpMutation = graphql(`
  mutation FamilyArea_AnswerCallUp($id: ID!, $input: CallUpAnswerInput!) {
    answerMyCallUp(id: $id, input: $input) {
      __typename
      ... on MutationAnswerMyCallUpSuccess {
        data {
          message
          callUp {
            ...CallUp_View
          }
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

export const CallUpByTokenQuery = graphql(`
  query CallUpLink_View($token: String!) {
    callUpByToken(token: $token) {
      ...CallUp_View
    }
  }
`);

export const AnswerCallUpByTokenMutation = graphql(`
  mutation CallUpLink_Answer($token: String!, $input: CallUpAnswerInput!) {
    answerCallUpByToken(token: $token, input: $input) {
      __typename
      ... on MutationAnswerCallUpByTokenSuccess {
        data {
          message
          callUp {
            ...CallUp_View
          }
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);
