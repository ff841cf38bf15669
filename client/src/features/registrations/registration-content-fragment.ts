// What a registration holds (who registers, the people, their answers and certificate, the consents): one fragment
// for the staff's queue and the registrant's own copy, so the two never read it differently.
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
