// The organisation portal (issue 13 point 8, the organisation's side), for accounts on the staff of a federation,
// promotion body, committee or league (user menu "Organizzazione", shown only to them):
//   /organizzazione      the account's organisations (straight to the one when there is only one);
//   /organizzazione/:id  one organisation: its code for the clubs, the affiliated clubs (admins end one in force),
//                        the pending requests and applications (admins accept or refuse an application, withdraw a
//                        request), a request to a club by VAT number, the staff (admins invite, change roles, remove),
//                        the API keys (admins: create, with the secret shown once, and revoke), the webhooks (admins:
//                        create, with the signing secret shown once, and disable) and the API usage of the last 30 days.
// Readers see everything but the key management and the buttons that change something. The server decides who
// is staff: an outsider gets its refusal ("Non fai parte dello staff di questa organizzazione.") on the page.
// The invitation link's page, /organizzazione/invito, is routes/staff-invitation-page.tsx.
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useQuery } from '@apollo/client/react';
import { Badge, Box, Flex, Heading, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { MSG } from '../../../../../schema/messages';
import { organisationKindLabel } from '../../../../../schema/organisation-kinds';
import { ArrowLeftIcon } from '../../../components/icons';
import { AccountCard } from '../../../components/ui/account-card';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { AffiliatedClubs, type PortalAffiliation } from '../components/affiliated-clubs';
import { ApiKeys } from '../components/api-keys';
import { ApiUsage } from '../components/api-usage';
import { EndAffiliationDialog } from '../components/end-affiliation';
import { OrganisationHeader } from '../components/organisation-header';
import { OrganisationStaff } from '../components/organisation-staff';
import { PendingRequests, RequestAffiliationForm } from '../components/pending-requests';
import { Webhooks } from '../components/webhooks';
import { MyOrganisationsQuery, OrganisationOverviewQuery } from '../organisation-portal-documents';
import { ROLE_LABELS } from '../portal-labels';

const TITLE = 'Organizzazione';

/** The server refused the request (FORBIDDEN, NOT_FOUND...): the same answer would come again. */
const refused = (error: unknown) =>
  CombinedGraphQLErrors.is(error) && error.errors.some((e) => typeof e.extensions?.code === 'string' && e.extensions.code !== 'INTERNAL_SERVER_ERROR');

export default function OrganisationPortalPage() {
  const { id } = useParams();
  return id ? <OrganisationPage key={id} organisationId={id} /> : <MyOrganisations />;
}

function Page({ children }: { children: ReactNode }) {
  return (
    <Stack gap="6" maxW="6xl" mx="auto" w="full">
      {children}
    </Stack>
  );
}

function MyOrganisations() {
  useDocumentTitle(TITLE);
  const { data, loading, error, refetch } = useQuery(MyOrganisationsQuery, { fetchPolicy: 'cache-and-network' });
  const mine = data?.myOrganisations;
  if (mine?.length === 1) return <Navigate to={`/organizzazione/${mine[0].id}`} replace />;
  let body;
  if (!data && loading) body = <ListLoading label="Caricamento delle organizzazioni..." />;
  else if (!mine) body = <ListError message={error ? messageOfError(error) : MSG.loadFailed} onRetry={() => void refetch().catch(() => undefined)} />;
  else if (mine.length === 0) body = <ListEmpty>Il tuo account non fa parte dello staff di alcuna organizzazione.</ListEmpty>;
  else {
    body = (
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Le tue organizzazioni">
        {mine.map((o) => (
          <LinkBox as="li" key={o.id} borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '4', md: '5' }} _hover={{ borderColor: 'brand.solid' }}>
            <Flex gap="3" justify="space-between" align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
              <Box minW="0">
                <LinkOverlay asChild>
                  <RouterLink to={`/organizzazione/${o.id}`}>
                    <Heading as="h2" size="md" overflowWrap="anywhere">
                      {o.name}
                    </Heading>
                  </RouterLink>
                </LinkOverlay>
                <Text color="fg.muted" fontSize="sm">
                  {organisationKindLabel(o.kind)} · <Text as="span" fontFamily="mono">{o.code}</Text>
                </Text>
              </Box>
              <Badge colorPalette={o.role === 'admin' ? 'green' : 'gray'} variant="outline">
                {ROLE_LABELS[o.role] ?? o.role}
              </Badge>
            </Flex>
          </LinkBox>
        ))}
      </Stack>
    );
  }
  return (
    <Page>
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="fg.muted">Le federazioni, gli enti e le leghe di cui fai parte dello staff.</Text>
      </Stack>
      {body}
    </Page>
  );
}

function OrganisationPage({ organisationId }: { organisationId: string }) {
  const { data, loading, error, refetch } = useQuery(OrganisationOverviewQuery, { variables: { organisationId }, fetchPolicy: 'cache-and-network' });
  const mine = useQuery(MyOrganisationsQuery, { fetchPolicy: 'cache-first' }).data?.myOrganisations;
  const organisation = data?.organisationOverview;
  const admin = organisation?.role === 'admin';
  const [ending, setEnding] = useState<PortalAffiliation | null>(null);
  useDocumentTitle(organisation?.name ?? TITLE);
  const reload = () => void refetch().catch(() => undefined);

  const back =
    mine && mine.length > 1 ? (
      <Box>
        <RouterLink to="/organizzazione">
          <Flex as="span" gap="1" align="center" color="fg.muted" fontSize="sm" _hover={{ color: 'fg' }}>
            <ArrowLeftIcon boxSize="4" />
            Le tue organizzazioni
          </Flex>
        </RouterLink>
      </Box>
    ) : null;

  if (!organisation) {
    return (
      <Page>
        {back}
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        {loading ? (
          <ListLoading label="Caricamento dell'organizzazione..." />
        ) : (
          // a refusal (not on the staff, an unknown id) stays one: trying again is offered only for a failure
          <ListError message={error ? messageOfError(error) : MSG.loadFailed} onRetry={refused(error) ? undefined : reload} />
        )}
      </Page>
    );
  }

  const active = organisation.affiliations.filter((a) => a.status !== 'pending');
  const pending = organisation.affiliations.filter((a) => a.status === 'pending');
  return (
    <Page>
      {back}
      <OrganisationHeader organisation={organisation} />
      <AccountCard
        id="societa-affiliate"
        title="Società affiliate"
        description="Ogni società sceglie quali dati condividere e può cambiarli o revocarli in ogni momento."
      >
        <AffiliatedClubs affiliations={active} onEnd={admin ? setEnding : undefined} />
      </AccountCard>
      <AccountCard
        id="richieste-in-attesa"
        title="Richieste in attesa"
        description={admin ? "Le candidature delle società, da accettare o rifiutare, e le richieste inviate dall'organizzazione, che puoi ritirare." : "Le candidature delle società e le richieste inviate dall'organizzazione."}
      >
        <PendingRequests pending={pending} admin={admin} onChanged={reload} onEnd={setEnding} />
        {admin && (
          <Box borderTopWidth="1px" pt="5">
            <RequestAffiliationForm organisationId={organisationId} onRequested={reload} />
          </Box>
        )}
      </AccountCard>
      <AccountCard
        id="staff-organizzazione"
        title="Staff dell'organizzazione"
        description={
          admin
            ? "Chi lavora per l'organizzazione su CampoBase, ognuno con il suo account: gli amministratori gestiscono richieste, staff, chiavi e webhook, gli altri vedono senza cambiare nulla."
            : "Chi lavora per l'organizzazione su CampoBase, ognuno con il suo account e il suo ruolo."
        }
      >
        <OrganisationStaff organisationId={organisationId} admin={admin} onChanged={reload} />
      </AccountCard>
      {admin && (
        <AccountCard
          id="chiavi-api"
          title="Chiavi API"
          description="Il gestionale dell'organizzazione legge i dati delle società affiliate con una chiave: ognuna con i suoi ambiti, una scadenza e, se vuoi, solo alcune società."
        >
          <ApiKeys organisationId={organisationId} affiliations={organisation.affiliations} />
        </AccountCard>
      )}
      <AccountCard
        id="webhook"
        title="Webhook"
        description="Il servizio dell'organizzazione riceve una notifica quando le società affiliate aggiungono, modificano, archiviano o eliminano una persona."
      >
        <Webhooks organisationId={organisationId} admin={admin} />
      </AccountCard>
      <AccountCard id="utilizzo-api" title="Utilizzo dell'API" description="Le richieste fatte con le chiavi dell'organizzazione negli ultimi 30 giorni.">
        <ApiUsage organisationId={organisationId} />
      </AccountCard>
      <EndAffiliationDialog affiliation={ending} onClose={() => setEnding(null)} onEnded={reload} />
    </Page>
  );
}
