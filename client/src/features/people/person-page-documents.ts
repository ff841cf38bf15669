// The person page's query with the fragments of its sections, in one document: each section component declares the
// fields it shows here (PersonProfile_Person for person-profile.tsx...) and takes the generated fragment type. One
// document rather than one per fragment because every document is part of the admin area's JavaScript (gql.ts)
// and a fragment is copied into each document that spreads it; the admin shell's budget has no room for copies.
import { graphql } from '../../gql';

export const PersonPageQuery = graphql(`
  query PersonPage_PersonRole($id: ID!) {
    personRole(id: $id) {
      id
      kind
      person {
        id
        firstname
        lastname
        ...PersonProfile_Person
        ...PersonCertificates_Person
        ...PersonQualifications_Person
        ...PersonDocuments_Person
        roles {
          ...PersonRoles_PersonRole
        }
      }
    }
  }

  fragment PersonProfile_Person on Person {
    id
    firstname
    secondname
    lastname
    nickname
    taxIdCode
    typeGenderId
    birthday
    birthplace
    birthNation
    nationality
    legalRepresentative
    isGuarded
    emailPrimary
    emailSecondary
    phonePrimary
    phoneSecondary
    address {
      id
      address
      streetNumber
      postalCode
      city
      province
      country
    }
  }

  fragment PersonRoles_PersonRole on PersonRole {
    ...PeopleTable_PersonRole
    createdAt
  }

  fragment PersonCertificates_Person on Person {
    id
    certificateStatus
    medicalCertificates {
      id
      type
      sport
      issuedOn
      expiresOn
      issuer
      state
      file {
        ...DocumentInput_StoredFile
      }
    }
    roles {
      id
      certificateStatus
    }
  }

  fragment PersonQualifications_Person on Person {
    id
    qualifications {
      qualification
      held
      expiresOn
      state
    }
  }

  fragment PersonDocuments_Person on Person {
    id
    blsdFile {
      ...DocumentInput_StoredFile
    }
    firstAidFile {
      ...DocumentInput_StoredFile
    }
    firePreventionFile {
      ...DocumentInput_StoredFile
    }
    roles {
      id
      kind
      documents {
        ...DocumentInput_StoredFile
      }
    }
  }
`);
