// /persona/:roleId: everything about one person on one page, opened from a list's "Visualizza". The address names
// one of the person's roles (the API reads a person through a role: personRole), the page shows the person: the
// profile, every role held in the club with its groups, the medical certificates (health data: health.read), the
// staff qualifications, the documents and the history of changes. Editing stays in the side panel of the lists;
// associating, archiving, registering again an archived role (issue 15) and the certificates' changes happen here,
// each only for the roles allowed it. Under the title, when worth saying, how mail reaches the person (a blocked
// address, bounces, notices by e-mail turned off).
import { useMutation, useQuery } from '@apollo/client/react';
import { Avatar, Badge, Box, Button, Grid, Heading, HStack, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import { Suspense, useState, type ComponentType } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PERSON_KIND_INFO, type PersonKindKey } from '../../../../../schema/constants';
import { MSG } from '../../../../../schema/messages';
import { ArrowLeftIcon } from '../../../components/icons';
import { ReregisterDialog, type ReregisterTarget } from '../../../components/reregister-dialog';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListError } from '../../../components/ui/list-status';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { useAccess } from '../../../lib/use-access';
import { useConfirmedArchive } from '../../../lib/use-confirmed-archive';
import { AssignGroupDialog } from '../components/assign-group-dialog';
import { PersonCertificates } from '../components/person-certificates';
import { PersonChanges } from '../components/person-changes';
import { PersonDuplicatesNotice } from '../../../components/person-duplicates-notice';
import { PersonDocuments } from '../components/person-documents';
import { PersonFormPanel } from '../components/person-form-panel';
import { PersonProfile } from '../components/person-profile';
import { PageCard } from '../components/page-card';
import { lazyNamed } from '../components/once-opened';
import { PersonQualifications } from '../components/person-qualifications';
import { PersonRoles, type PersonRoleRow } from '../components/person-roles';
import type { GroupOption } from '../group-filter';
import { ArchivePersonMutation, KindGroupsQuery } from '../people-documents';
import { PersonPageQuery } from '../person-page-documents';

/** How mail reaches the person: its own lazy chunk, asked for only when the person has an e-mail address. */
const PersonMailStatus = lazyNamed(() => import('../components/person-mail-status'), 'PersonMailStatus');

/** The side panel: closing keeps the role, so its title does not change while it slides out. */
type Panel = { open: boolean; role: { id: string; kind: PersonKindKey } | null };

function NotFound() {
  return (
    <Stack gap="4" align="flex-start" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '8' }} role="alert">
      <Heading as="h1" size="xl">
        Persona non trovata
      </Heading>
      <Text color="fg.muted">L&apos;indirizzo non corrisponde a nessuna persona della società che puoi consultare: potrebbe essere stata rimossa.</Text>
      <Button asChild variant="outline" size="sm">
        <RouterLink to="/dashboard">Torna alla dashboard</RouterLink>
      </Button>
    </Stack>
  );
}

/** The group dialog of one role: the groups of its kind load when it opens. */
function AssignRole({ role, onClose, onChanged }: { role: PersonRoleRow | null; onClose: () => void; onChanged: () => void }) {
  const { data } = useQuery(KindGroupsQuery, { variables: { types: role ? [role.kind] : [] }, skip: !role, fetchPolicy: 'cache-and-network' });
  const groups: GroupOption[] = data?.groups.edges.map((e) => e.node) ?? [];
  return <AssignGroupDialog row={role} groups={groups} onClose={onClose} onChanged={onChanged} />;
}

/**
 * A section of another feature on this page (composed in client/src/app/routes/person.tsx, since a feature imports
 * no other): drawn in the page's own card frame. The seasons (issue 35) need members.read, the family (genitori e
 * tutori, issue 36) families.read, the privacy consents (issue 36) consents.read, the fees (issue 37) fees.read, the
 * private calendar link (issue 38) calendar.write, the notices received (issue 39) feed.write.
 */
export type PersonPageSection = ComponentType<{ personId: string; personName: string; Frame: typeof PageCard }>;

export default function PersonPage({
  seasonsSection: SeasonsSection,
  familySection: FamilySection,
  consentsSection: ConsentsSection,
  feesSection: FeesSection,
  calendarSection: CalendarSection,
  noticesSection: NoticesSection,
}: {
  seasonsSection?: PersonPageSection;
  familySection?: PersonPageSection;
  consentsSection?: PersonPageSection;
  feesSection?: PersonPageSection;
  calendarSection?: PersonPageSection;
  noticesSection?: PersonPageSection;
}) {
  const { roleId = '' } = useParams();
  const access = useAccess();
  const { data, loading, error, refetch } = useQuery(PersonPageQuery, { variables: { id: roleId }, fetchPolicy: 'cache-and-network' });
  const [panel, setPanel] = useState<Panel>({ open: false, role: null });
  const [assigning, setAssigning] = useState<PersonRoleRow | null>(null);
  const [reregistering, setReregistering] = useState<ReregisterTarget | null>(null);
  const navigate = useNavigate();
  const [archiveRole] = useMutation(ArchivePersonMutation);
  const reload = () => void refetch().catch(() => undefined);
  const archiving = useConfirmedArchive<PersonRoleRow>(async (id) => (await archiveRole({ variables: { id } })).data?.archivePerson, reload);

  const role = data?.personRole;
  const person = role?.person;
  const name = person ? `${person.firstname} ${person.lastname}` : undefined;
  useDocumentTitle(name ?? (data && !role ? 'Persona non trovata' : 'Persona'));

  if (!data) {
    if (loading) return <PageSpinner label="Caricamento della persona..." />;
    return <ListError message={messageOfError(error)} onRetry={reload} />;
  }
  if (!role || !person || !name) return <NotFound />;

  const list = PERSON_KIND_INFO[role.kind];
  // The current athlete role: the active one, else the latest archived (a person registered again holds both).
  const athleteRole = person.roles.find((r) => r.kind === 'athlete' && !r.archivedAt) ?? person.roles.findLast((r) => r.kind === 'athlete');
  // Certificates belong with an athlete role; who may see them is the server's answer (null without health.read).
  const showCertificates = Boolean(athleteRole) && person.medicalCertificates !== null && person.medicalCertificates !== undefined;
  const mayChangeCertificates =
    Boolean(athleteRole && !athleteRole.archivedAt) && access.can('health.write') && access.can('people.athlete.write');
  const heldKinds = [...new Set(person.roles.filter((r) => !r.archivedAt).map((r) => r.kind))];

  return (
    <Stack gap="6" maxW="7xl" w="100%">
      <Stack gap="4">
        <Link asChild fontSize="sm" color="fg.muted" alignSelf="flex-start">
          <RouterLink to={list.route}>
            <ArrowLeftIcon boxSize="4" />
            {list.plural}
          </RouterLink>
        </Link>
        <HStack gap="4" align="center" minW="0">
          <Avatar.Root size={{ base: 'lg', md: '2xl' }} colorPalette="brand" variant="subtle" flexShrink={0}>
            <Avatar.Fallback name={name} />
          </Avatar.Root>
          <Stack gap="1" minW="0">
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} overflowWrap="anywhere">
              {name}
            </Heading>
            <Text fontFamily="mono" fontSize="sm" letterSpacing="wide" color="fg.muted">
              {person.taxIdCode.toUpperCase()}
            </Text>
            <Wrap gap="1" aria-label="Ruoli attuali">
              {heldKinds.length ? (
                heldKinds.map((kind) => (
                  <Badge key={kind} colorPalette="brand" variant="solid">
                    {PERSON_KIND_INFO[kind].singular}
                  </Badge>
                ))
              ) : (
                <Badge colorPalette="gray">Archiviato</Badge>
              )}
            </Wrap>
          </Stack>
        </HStack>
      </Stack>

      <PersonDuplicatesNotice personId={person.id} />
      {person.emailPrimary && (
        <Suspense fallback={null}>
          {/* clearing a block changes the person's mail: the role's write permission, as for editing it */}
          <PersonMailStatus roleId={role.id} canWrite={access.can(`people.${role.kind}.write`)} />
        </Suspense>
      )}

      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="6" alignItems="start">
        <Stack gap="6" minW="0">
          <PersonProfile person={person} />
          <PersonRoles
            roles={person.roles}
            onOpen={(r) => setPanel({ open: true, role: { id: r.id, kind: r.kind } })}
            onAssign={setAssigning}
            onArchive={archiving.ask}
            onReregister={(r) => setReregistering({ roleId: r.id, kind: r.kind, name })}
          />
          {FamilySection && access.can('families.read') && <FamilySection personId={person.id} personName={name} Frame={PageCard} />}
          {ConsentsSection && access.can('consents.read') && <ConsentsSection personId={person.id} personName={name} Frame={PageCard} />}
          {showCertificates && <PersonCertificates person={person} personName={name} canWrite={mayChangeCertificates} />}
          {SeasonsSection && access.can('members.read') && <SeasonsSection personId={person.id} personName={name} Frame={PageCard} />}
          {FeesSection && access.can('fees.read') && <FeesSection personId={person.id} personName={name} Frame={PageCard} />}
        </Stack>
        <Stack gap="6" minW="0">
          <PersonQualifications person={person} />
          <PersonDocuments person={person} />
          {CalendarSection && access.can('calendar.write') && <CalendarSection personId={person.id} personName={name} Frame={PageCard} />}
          {NoticesSection && access.can('feed.write') && <NoticesSection personId={person.id} personName={name} Frame={PageCard} />}
          <Box minW="0">
            <PersonChanges personId={person.id} name={name} asCard />
          </Box>
        </Stack>
      </Grid>

      {panel.role && (
        <PersonFormPanel
          kind={panel.role.kind}
          state={panel.open ? { mode: 'edit', roleId: panel.role.id } : { mode: 'closed' }}
          onClose={() => setPanel((p) => ({ ...p, open: false }))}
          onSaved={reload}
        />
      )}
      <AssignRole role={assigning} onClose={() => setAssigning(null)} onChanged={reload} />
      <ReregisterDialog
        target={reregistering}
        onCancel={() => setReregistering(null)}
        onDone={(newRoleId) => {
          setReregistering(null);
          void navigate(`/persona/${newRoleId}`);
        }}
      />
      <ConfirmDialog
        open={archiving.target !== null}
        title={archiving.target ? `Archivia ${name} (${PERSON_KIND_INFO[archiving.target.kind].singular.toLowerCase()})` : 'Archivia'}
        message={MSG.archiveConfirm}
        confirmLabel="Archivia"
        loading={archiving.busy}
        onConfirm={archiving.confirm}
        onCancel={archiving.cancel}
      />
    </Stack>
  );
}
