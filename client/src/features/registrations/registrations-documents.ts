// The staff's side of online registration (issue 36 point 3): the club's forms and their editor (the seasons and
// the athlete groups it offers), the approval queue with each submission's content, and the decisions. Each
// document is its own import (vite's graphql optimizer), so the admin shell does not carry them.
import { graphql } from '../../gql';

export const RegistrationFormsQuery = graphql(`
  query RegistrationForms_List {
    registrationForms {
      id
      title
      intro
      status
      path
      createdAt
      pendingCount
      season {
        id
        label
      }
      group {
        id
        name
      }
      settings {
        ...RegistrationSettings_Fields
      }
    }
  }
`);

/** The seasons a form may belong to and the athlete groups the approved people may join. */
export const RegistrationFormChoicesQuery = graphql(`
  query RegistrationForms_Choices {
    seasons {
      id
      label
      status
    }
    currentSeason {
      id
    }
    groups(types: [athlete], first: 100) {
      edges {
        node {
          id
          name
        }
      }
    }
  }
`);

export const SaveRegistrationFormMutation = graphql(`
  mutation RegistrationForms_Save($input: SaveRegistrationFormInput!) {
    saveRegistrationForm(input: $input) {
      __typename
      ... on MutationSaveRegistrationFormSuccess {
        data {
          message
          form {
            id
            title
            status
            path
          }
        }
      }
      ...MutationError
    }
  }
`);

export const RegistrationSubmissionsQuery = graphql(`
  query RegistrationQueue_Submissions($formId: ID, $status: RegistrationSubmissionStatus, $offset: Int, $first: Int) {
    registrationSubmissions(formId: $formId, status: $status, offset: $offset, first: $first) {
      totalCount
      items {
        id
        status
        email
        signerName
        signedAt
        signedIp
        contentHash
        pdfPath
        reason
        decidedAt
        createdAt
        personIds
        form {
          id
          title
          settings {
            questions {
              id
              label
              kind
            }
          }
        }
        documents {
          id
          personIndex
          kind
          file {
            id
            filename
            url
          }
        }
        content {
          ...RegistrationContent_Fields
        }
        registryMatches {
          personId
          taxIdCode
          firstname
          lastname
        }
      }
    }
  }
`);

/** The forms offered by the queue's form filter. */
export const RegistrationQueueFormsQuery = graphql(`
  query RegistrationQueue_Forms {
    registrationForms {
      id
      title
    }
  }
`);

export const ApproveRegistrationsMutation = graphql(`
  mutation RegistrationQueue_Approve($ids: [ID!]!) {
    approveRegistrations(ids: $ids) {
      __typename
      ... on MutationApproveRegistrationsSuccess {
        data {
          message
          approved
          refused {
            id
            message
          }
        }
      }
      ...MutationError
    }
  }
`);

export const RequestRegistrationChangesMutation = graphql(`
  mutation RegistrationQueue_RequestChanges($id: ID!, $reason: String!) {
    requestRegistrationChanges(id: $id, reason: $reason) {
      __typename
      ... on MutationRequestRegistrationChangesSuccess {
        data {
          message
          submission {
            id
            status
            reason
          }
        }
      }
      ...MutationError
    }
  }
`);

export const RejectRegistrationMutation = graphql(`
  mutation RegistrationQueue_Reject($id: ID!, $reason: String!) {
    rejectRegistration(id: $id, reason: $reason) {
      __typename
      ... on MutationRejectRegistrationSuccess {
        data {
          message
          submission {
            id
            status
            reason
          }
        }
      }
      ...MutationError
    }
  }
`);
