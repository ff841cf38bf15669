// /impostazioni, "Accesso ai dati sanitari": the club requires the second factor (TOTP) of the roles that read health
// data. Saved at once when switched. Turning it on needs this session to have passed the second factor (the server
// refuses otherwise: the owner would lock themselves out), so the switch then points to the Security page.
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Heading, Link, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { graphql } from '../../../gql';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';

const ClubTwoFactorQuery = graphql(`
  query ClubSettings_TwoFactor {
    club {
      id
      requireTwoFactorForHealth
    }
    myTwoFactor {
      sessionVerified
    }
  }
`);

const SetClubTwoFactorMutation = graphql(`
  mutation ClubSettings_SetTwoFactor($required: Boolean!) {
    setClubTwoFactorRequirement(required: $required) {
      __typename
      ... on MutationSetClubTwoFactorRequirementSuccess {
        data {
          message
          club {
            id
            requireTwoFactorForHealth
          }
        }
      }
      ...MutationError
    }
  }
`);

export function ClubTwoFactorSetting() {
  const { data } = useQuery(ClubTwoFactorQuery, { fetchPolicy: 'network-only' });
  const [save, { loading: saving }] = useMutation(SetClubTwoFactorMutation);
  const [error, setError] = useState<string>();
  if (!data) return null;
  const required = data.club.requireTwoFactorForHealth;
  const canTurnOn = data.myTwoFactor.sessionVerified;

  async function onChange(next: boolean) {
    setError(undefined);
    try {
      const result = await save({ variables: { required: next } });
      const outcome = readMutationResult(result.data?.setClubTwoFactorRequirement);
      if (outcome.ok) notify(MESSAGE_LEVEL.success, outcome.data.message);
      else setError(outcome.message);
    } catch (e) {
      setError(messageOfError(e));
    }
  }

  return (
    <Box as="section" aria-labelledby="settings-two-factor" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
      <Stack gap="4">
        <Stack gap="1">
          <Heading as="h2" id="settings-two-factor" size="md">
            Accesso ai dati sanitari
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Chi nella società può vedere i dati sanitari (certificati medici, allergie, intolleranze, condizione degli atleti) dovrà
            accedere con la verifica in due passaggi: chi non l&apos;ha attivata sarà guidato ad attivarla dalla pagina Sicurezza del
            proprio account.
          </Text>
        </Stack>
        <FormAlert message={error} />
        <Switch.Root
          checked={required}
          disabled={saving || (!required && !canTurnOn)}
          onCheckedChange={(d) => void onChange(d.checked)}
          colorPalette="brand"
        >
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>Richiedi la verifica in due passaggi</Switch.Label>
        </Switch.Root>
        {!required && !canTurnOn && (
          <Text fontSize="sm">
            Per richiederla, prima{' '}
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to="/account/sicurezza">attiva la verifica in due passaggi sul tuo account</RouterLink>
            </Link>{' '}
            e accedi con il codice.
          </Text>
        )}
      </Stack>
    </Box>
  );
}
