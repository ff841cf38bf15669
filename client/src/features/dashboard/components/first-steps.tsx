// "Primi passi" (issue 34 point 7): on the dashboard of a new club, the three things to do first (import the people,
// invite the collaborators, set the season), each ticked when the club's data shows it done (the server decides:
// server/modules/dashboard/first-steps.service.ts). The list is gone once every step is done, or once dismissed
// (remembered in this browser for this club). Only the steps the member may take are listed.
import { useQuery } from '@apollo/client/react';
import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { CheckCircleIcon } from '../../../components/shell-icons';
import { graphql } from '../../../gql';

export const FirstStepsQuery = graphql(`
  query DashboardPage_FirstSteps {
    firstSteps {
      key
      done
    }
  }
`);

const STEPS = {
  people: {
    title: 'Importa le persone',
    text: 'Carica atleti, soci e staff da un file Excel o CSV, oppure aggiungili uno alla volta.',
    to: '/import/athlete',
    action: 'Importa',
  },
  collaborators: {
    title: 'Invita i collaboratori',
    text: 'Segreteria, allenatori e dirigenti lavorano con il proprio accesso e i propri permessi.',
    to: '/collaboratori',
    action: 'Invita',
  },
  season: {
    title: 'Imposta la stagione',
    text: 'Scegli come si chiama la stagione in corso e i colori della società.',
    to: '/impostazioni',
    action: 'Imposta',
  },
} as const;

const dismissedKey = (clubId: string) => `campobase:primi-passi-nascosti:${clubId}`;

function readDismissed(clubId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(clubId)) === '1';
  } catch {
    return false; // storage blocked: the list stays until it is done
  }
}

export function FirstSteps({ clubId }: { clubId: string }) {
  const { data } = useQuery(FirstStepsQuery, { fetchPolicy: 'cache-and-network' });
  const [dismissed, setDismissed] = useState(() => readDismissed(clubId));
  const steps = data?.firstSteps ?? [];
  const done = steps.filter((s) => s.done).length;
  if (dismissed || steps.length === 0 || done === steps.length) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(dismissedKey(clubId), '1');
    } catch {
      // storage blocked: hidden until the page is opened again
    }
    setDismissed(true);
  };

  return (
    <Stack as="section" aria-labelledby="dashboard-first-steps" gap="4" borderWidth="1px" borderColor="border" borderRadius="lg" bg="bg.panel" p={{ base: '4', md: '5' }}>
      <HStack justify="space-between" align="start" gap="3">
        <Stack gap="0.5">
          <Heading as="h2" size="md" id="dashboard-first-steps">
            Primi passi
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {done} di {steps.length} completati
          </Text>
        </Stack>
        <Button variant="ghost" size="sm" onClick={dismiss}>
          Nascondi
        </Button>
      </HStack>
      <Stack as="ol" gap="3" listStyleType="none" m="0" p="0">
        {steps.map(({ key, done: isDone }) => {
          const step = STEPS[key];
          return (
            <HStack as="li" key={key} gap="3" align="start" justify="space-between" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
              <HStack gap="3" align="start" minW="0">
                <Box as="span" color={isDone ? 'green.fg' : 'fg.subtle'} mt="0.5" flexShrink={0}>
                  {isDone ? <CheckCircleIcon aria-hidden /> : <Box as="span" display="block" boxSize="5" borderWidth="2px" borderColor="currentColor" borderRadius="full" aria-hidden />}
                </Box>
                <Stack gap="0.5" minW="0">
                  <Text fontWeight="semibold" color={isDone ? 'fg.muted' : undefined}>
                    {step.title}
                    <Box as="span" srOnly>
                      {isDone ? ': fatto' : ': da fare'}
                    </Box>
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {step.text}
                  </Text>
                </Stack>
              </HStack>
              {!isDone && (
                <Button asChild size="sm" variant="outline" flexShrink={0} ms={{ base: '8', sm: '0' }}>
                  <RouterLink to={step.to}>{step.action}</RouterLink>
                </Button>
              )}
            </HStack>
          );
        })}
      </Stack>
    </Stack>
  );
}
