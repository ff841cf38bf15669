// GraphQL documents of two-factor sign-in on the Security page (turn on with the app, recovery codes, turn off).
import { graphql } from '../../gql';

export const MyTwoFactorQuery = graphql(`
  query AccountSecurity_TwoFactor {
    myTwoFactor {
      enabled
      enabledAt
      recoveryCodesLeft
      sessionVerified
    }
  }
`);

export const StartTwoFactorSetupMutation = graphql(`
  mutation AccountSecurity_StartTwoFactor {
    startTwoFactorSetup {
      __typename
      ... on MutationStartTwoFactorSetupSuccess {
        data {
          secret
          otpauthUri
          qrCodeSvg
        }
      }
      ...MutationError
    }
  }
`);

export const ConfirmTwoFactorSetupMutation = graphql(`
  mutation AccountSecurity_ConfirmTwoFactor($input: ConfirmTwoFactorInput!) {
    confirmTwoFactorSetup(input: $input) {
      __typename
      ... on MutationConfirmTwoFactorSetupSuccess {
        data {
          message
          recoveryCodes
        }
      }
      ...MutationError
    }
  }
`);

export const DisableTwoFactorMutation = graphql(`
  mutation AccountSecurity_DisableTwoFactor($input: TwoFactorProofInput!) {
    disableTwoFactor(input: $input) {
      __typename
      ... on MutationDisableTwoFactorSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);

export const RegenerateRecoveryCodesMutation = graphql(`
  mutation AccountSecurity_RegenerateRecoveryCodes($input: TwoFactorProofInput!) {
    regenerateRecoveryCodes(input: $input) {
      __typename
      ... on MutationRegenerateRecoveryCodesSuccess {
        data {
          message
          recoveryCodes
        }
      }
      ...MutationError
    }
  }
`);
