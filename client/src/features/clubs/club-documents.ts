// GraphQL documents of the club pages. ClubLook_Club is what the top bar and the admin tint show (through the session,
// which follows the cache): every mutation here selects it, so a save repaints them without a reload.
import { graphql } from '../../gql';

export const ClubLookFragment = graphql(`
  fragment ClubLook_Club on Club {
    id
    fullName
    logoUrl
    hasUploadedLogo
    primaryColor
    secondaryColor
    seasonLabel
  }
`);

export const ClubRecordFragment = graphql(`
  fragment ClubRecord_Club on Club {
    id
    ...ClubLook_Club
    typeClub
    sport
    foundation
    companyName
    vatNumber
    fiscalCode
    legalRepresentativeNameSurname
    legalRepresentativeFiscalCode
    emailPrimary
    emailSecondary
    phonePrimary
    phoneSecondary
    legalAddress {
      id
      address
      streetNumber
      postalCode
      city
      province
      country
    }
    clubAddress {
      id
      address
      streetNumber
      postalCode
      city
      province
      country
    }
  }
`);

export const CurrentClubQuery = graphql(`
  query Club_Current {
    club {
      ...ClubRecord_Club
    }
  }
`);

export const UpdateClubMutation = graphql(`
  mutation Club_Update($input: ClubInput!, $logo: Upload, $removeLogo: Boolean) {
    updateClub(input: $input, logo: $logo, removeLogo: $removeLogo) {
      __typename
      ... on MutationUpdateClubSuccess {
        data {
          message
          club {
            ...ClubRecord_Club
          }
        }
      }
      ...MutationError
    }
  }
`);

export const ClubSettingsFragment = graphql(`
  fragment ClubSettings_Club on Club {
    id
    ...ClubLook_Club
    customSeasonLabel
  }
`);

export const ClubSettingsQuery = graphql(`
  query Club_Settings {
    club {
      ...ClubSettings_Club
    }
  }
`);

export const UpdateClubSettingsMutation = graphql(`
  mutation Club_UpdateSettings($input: ClubSettingsInput!) {
    updateClubSettings(input: $input) {
      __typename
      ... on MutationUpdateClubSettingsSuccess {
        data {
          message
          club {
            ...ClubSettings_Club
          }
        }
      }
      ...MutationError
    }
  }
`);

export const ArchiveClubMutation = graphql(`
  mutation Club_Archive($id: ID!) {
    archiveClub(id: $id) {
      __typename
      ... on MutationArchiveClubSuccess {
        data {
          message
          clubId
        }
      }
      ...MutationError
    }
  }
`);
