// "Avvisi per e-mail" in the personal area: the account's own person in each club, notices by e-mail on or off, and
// clearing a blocked address.
import { graphql } from '../../../gql';

export const MyMailSettingsQuery = graphql(`
  query FamilyArea_MailSettings {
    myMailSettings {
      __typename
      ... on QueryMyMailSettingsSuccess {
        data {
          clubName
          status {
            ...MailStatus_View
          }
        }
      }
      ... on BaseError {
        message
      }
    }
  }
`);

export const SaveMyMailSettingsMutation = graphql(`
  mutation FamilyArea_SaveMailSettings($input: MyMailSettingsInput!) {
    saveMyMailSettings(input: $input) {
      __typename
      ... on MutationSaveMyMailSettingsSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);

export const ClearMyEmailBlockMutation = graphql(`
  mutation FamilyArea_ClearEmailBlock($personId: ID!) {
    clearMyEmailBlock(personId: $personId) {
      __typename
      ... on MutationClearMyEmailBlockSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);
