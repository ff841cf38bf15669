// The club's side of the personal area (issue 36 point 4): the key-field changes and the medical certificates sent by
// members and guardians, and the staff's decision on each.
import { graphql } from '../../gql';

export const ChangeRequestsQuery = graphql(`
  query FamilyRequests_Changes($status: FamilyRequestStatus) {
    personChangeRequests(status: $status) {
      id
      personId
      personName
      roleId
      changes {
        field
        from
        to
      }
      requestedBy
      status
      reason
      createdAt
    }
  }
`);

export const CertificateSubmissionsQuery = graphql(`
  query FamilyRequests_Certificates($status: FamilyRequestStatus) {
    certificateSubmissions(status: $status) {
      id
      personId
      personName
      roleId
      type
      sport
      issuedOn
      expiresOn
      issuer
      fileId
      submittedBy
      status
      reason
      createdAt
    }
  }
`);

export const DecideChangeRequestMutation = graphql(`
  mutation FamilyRequests_DecideChange($input: DecideFamilyRequestInput!) {
    decidePersonChangeRequest(input: $input) {
      __typename
      ... on MutationDecidePersonChangeRequestSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);

export const DecideCertificateMutation = graphql(`
  mutation FamilyRequests_DecideCertificate($input: DecideFamilyRequestInput!) {
    decideCertificateSubmission(input: $input) {
      __typename
      ... on MutationDecideCertificateSubmissionSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);
