// How mail reaches a person (MailStatus): the fields the staff's person page and the personal area both read.
import { graphql } from '../../gql';

export const MailStatusFragment = graphql(`
  fragment MailStatus_View on MailStatus {
    personId
    email
    noticesByEmail
    blocked
    blockedAt
    failures
    lastFailure
    lastFailureAt
    lastFailurePermanent
    complainedAt
  }
`);
