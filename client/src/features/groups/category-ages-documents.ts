// GraphQL documents of the categories' ages (issue 35 point 3): the reference day and each category's band.
import { graphql } from '../../gql';

export const CategorySettingsQuery = graphql(`
  query CategoryAges_Settings {
    categorySettings {
      referenceMonth
      referenceDay
      inEndYear
      referenceDate
      season {
        id
        label
      }
      categories {
        groupId
        name
        ageMin
        ageMax
        bornFrom
        bornTo
      }
    }
  }
`);

export const SaveCategorySettingsMutation = graphql(`
  mutation CategoryAges_Save($input: SaveCategorySettingsInput!) {
    saveCategorySettings(input: $input) {
      __typename
      ... on MutationSaveCategorySettingsSuccess {
        data {
          message
        }
      }
      ... on BaseError {
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
