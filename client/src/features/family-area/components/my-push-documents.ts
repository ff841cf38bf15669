// "Notifiche su questo dispositivo" in the personal area: the server's VAPID key, how many browsers of the account
// receive the notices, and this browser's subscription saved or deleted.
import { graphql } from '../../../gql';

export const PushPublicKeyQuery = graphql(`
  query FamilyArea_PushPublicKey {
    pushPublicKey
  }
`);

export const MyPushDevicesQuery = graphql(`
  query FamilyArea_PushDevices {
    myPushDevices {
      __typename
      ... on QueryMyPushDevicesSuccess {
        data
      }
    }
  }
`);

export const SavePushSubscriptionMutation = graphql(`
  mutation FamilyArea_SavePushSubscription($input: PushSubscriptionInput!) {
    savePushSubscription(input: $input) {
      __typename
      ... on MutationSavePushSubscriptionSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);

export const DeletePushSubscriptionMutation = graphql(`
  mutation FamilyArea_DeletePushSubscription($endpoint: String!) {
    deletePushSubscription(endpoint: $endpoint) {
      __typename
      ... on MutationDeletePushSubscriptionSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);
