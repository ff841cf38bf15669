import { graphql } from '../../gql';

export const SchoolLetterTemplateQuery = graphql(`
  query CallUps_SchoolLetterTemplate {
    schoolLetterTemplate {
      __typename
      ... on QuerySchoolLetterTemplateSuccess {
        data {
          template
          custom
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

export const SaveSchoolLetterTemplateMutation = graphql(`
  mutation CallUps_SaveSchoolLetterTemplate($template: String!) {
    saveSchoolLetterTemplate(template: $template) {
      __typename
      ... on MutationSaveSchoolLetterTemplateSuccess {
        data {
          message
          template
          custom
        }
      }
      ... on ValidationError {
        fields {
          field
          message
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

export const SavePersonSchoolMutation = graphql(`
  mutation CallUps_SavePersonSchool($personId: ID!, $school: String!) {
    savePersonSchool(personId: $personId, school: $school) {
      __typename
      ... on MutationSavePersonSchoolSuccess {
        data {
          message
          personId
          school
        }
      }
      ... on ValidationError {
        fields {
          field
          message
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);
