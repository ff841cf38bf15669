// What a form asks and what a registration holds (who registers, the people, their answers and certificate, the
// consents): one fragment each for the staff's pages and the public ones, so the two never read them differently.
import { graphql } from '../../gql';

export const RegistrationContentFragment = graphql(`
  fragment RegistrationContent_Fields on RegistrationContent {
    self
    registrant {
      firstname
      lastname
      taxIdCode
      email
      phonePrimary
      relationship
    }
    people {
      firstname
      lastname
      taxIdCode
      emailPrimary
      phonePrimary
      birthplace
      nationality
      address {
        address
        streetNumber
        postalCode
        city
        province
      }
      answers {
        questionId
        text
        yes
      }
      certificate {
        type
        issuedOn
        expiresOn
        issuer
      }
    }
    consents {
      purpose
      granted
    }
  }
`);

export const RegistrationSettingsFragment = graphql(`
  fragment RegistrationSettings_Fields on RegistrationFormSettings {
    fields {
      field
      level
    }
    questions {
      id
      label
      kind
      options
      required
    }
    documents {
      kind
      level
    }
    consents
  }
`);
