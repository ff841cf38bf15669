// The top of an organisation's page: its name, kind and the viewer's role; the code clubs apply with (copied with
// one click, to send to the clubs); where it sits in the tree (the organisation above it, those below).
import { Badge, Box, Code, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { organisationKindLabel } from '../../../../../schema/organisation-kinds';
import type { OrganisationPortal_OverviewQuery } from '../../../gql/graphql';
import { ROLE_LABELS } from '../portal-labels';
import { CopyButton } from './copy-button';

type Overview = OrganisationPortal_OverviewQuery['organisationOverview'];

export function OrganisationHeader({ organisation: o }: { organisation: Overview }) {
  return (
    <Flex gap="5" justify="space-between" align={{ base: 'stretch', lg: 'center' }} direction={{ base: 'column', lg: 'row' }}>
      <Stack gap="2" minW="0">
        <Flex gap="2" align="center" wrap="wrap">
          <Badge colorPalette="brand" variant="subtle">
            {organisationKindLabel(o.kind)}
          </Badge>
          <Badge colorPalette={o.role === 'admin' ? 'green' : 'gray'} variant="outline">
            {ROLE_LABELS[o.role] ?? o.role}
          </Badge>
        </Flex>
        <Heading as="h1" size="2xl" overflowWrap="anywhere">
          {o.name}
        </Heading>
        {o.parent && (
          <Text color="fg.muted" fontSize="sm">
            Fa parte di {o.parent.name} ({o.parent.code})
          </Text>
        )}
        {o.children.length > 0 && (
          <Text color="fg.muted" fontSize="sm">
            Organizzazioni collegate: {o.children.map((c) => `${c.name} (${c.code})`).join(', ')}
          </Text>
        )}
      </Stack>
      <Box bg="bg" borderWidth="1px" borderRadius="xl" p="4" flexShrink={0} role="group" aria-labelledby="codice-societa">
        <Text id="codice-societa" fontSize="sm" fontWeight="medium" color="fg.muted">
          Codice per le società
        </Text>
        <Flex gap="3" align="center" mt="1" wrap="wrap">
          <Code fontSize="xl" px="2" py="1" letterSpacing="0.05em" data-testid="organisation-code">
            {o.code}
          </Code>
          <CopyButton text={o.code} label="Copia il codice" copiedLabel="Codice copiato" />
        </Flex>
        <Text fontSize="sm" color="fg.muted" mt="2" maxW="xs">
          Le società lo inseriscono nella pagina Affiliazioni per candidarsi.
        </Text>
      </Box>
    </Flex>
  );
}
