// The public registration pages' GraphQL documents (issue 36 point 3): all open without a session, each proved by
// the link's token or the browser's secret for its submission (accessToken).
import { graphql } from '../../../gql';

export const PublicRegistrationFormQuery = graphql(`
  query PublicRegistrationForm($token: String!) {
    publicRegistrationForm(token: $token) {
      title
      intro
      open
      clubName
      seasonLabel
      groupName
      noticeVersion
      noticeTitle
      noticeText
      settings {
        ...RegistrationSettings_Fields
      }
    }
  }
`);

export const MyRegistrationQuery = graphql(`
  query MyRegistration($accessToken: String!) {
    myRegistration(accessToken: $accessToken) {
      status
      reason
      signedAt
      contentHash
      maskedEmail
      content {
        ...RegistrationContent_Fields
      }
    }
  }
`);

export const SubmitRegistrationMutation = graphql(`
  mutation SubmitRegistration($token: String!, $input: RegistrationSubmissionInput!, $replaces: String) {
    submitRegistration(token: $token, input: $input, replaces: $replaces) {
      __typename
      ... on MutationSubmitRegistrationSuccess {
        data {
          message
          accessToken
          maskedEmail
        }
      }
      ...MutationError
    }
  }
`);

export const UploadRegistrationDocumentMutation = graphql(`
  mutation UploadRegistrationDocument($accessToken: String!, $personIndex: Int!, $kind: RegistrationDocumentKind!, $file: Upload) {
    uploadRegistrationDocument(accessToken: $accessToken, personIndex: $personIndex, kind: $kind, file: $file) {
      __typename
      ... on MutationUploadRegistrationDocumentSuccess {
        data {
          message
          filename
        }
      }
      # The errors inline: without a session the server takes a file only in an operation that is this mutation
      # alone (fragments are allowed, a second root field is not).
      ... on BaseError {
        code
        message
      }
      ... on ValidationError {
        fields {
          field
          message
        }
      }
    }
  }
`);

export const ResendRegistrationCodeMutation = graphql(`
  mutation ResendRegistrationCode($accessToken: String!) {
    resendRegistrationCode(accessToken: $accessToken) {
      __typename
      ... on MutationResendRegistrationCodeSuccess {
        data {
          message
          maskedEmail
        }
      }
      ...MutationError
    }
  }
`);

export const SignRegistrationMutation = graphql(`
  mutation SignRegistration($accessToken: String!, $signerName: String!, $code: String!) {
    signRegistration(accessToken: $accessToken, signerName: $signerName, code: $code) {
      __typename
      ... on MutationSignRegistrationSuccess {
        data {
          message
          hash
          verifyPath
          pdfPath
        }
      }
      ...MutationError
    }
  }
`);

export const RegistrationSignatureQuery = graphql(`
  query RegistrationSignature($hash: String!) {
    registrationSignature(hash: $hash) {
      hash
      clubName
      formTitle
      seasonLabel
      signerName
      signedAt
      status
    }
  }
`);
