// "Ruoli nella società" on the person page: every role the person holds (Person.roles, archived ones included),
// with its state, since when, its groups or categories, and what the viewer may do with it: open or edit it in the
// side panel, associate it to a group, archive it, or register the person again (issue 15) from the latest archived
// role of a kind when no role of that kind is active. Each control only for the roles allowed it. A person registered again
// holds two roles of a kind: the archived one stays listed, as history, beside the active one.
// Its fields: the fragment PersonRoles_PersonRole in ../person-page-documents.ts (the page's one document).
import { Badge, Box, Button, Flex, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { PERSON_KIND_INFO } from '../../../../../schema/constants';
import { ActiveBadge } from '../../../components/ui/active-badge';
import type { PersonRoles_PersonRoleFragment } from '../../../gql/graphql';
import { useAccess } from '../../../lib/use-access';
import { formatInstantDay } from '../person-dates';
import { PageCard } from './page-card';

export type PersonRoleRow = PersonRoles_PersonRoleFragment;

export interface PersonRolesProps {
  roles: readonly PersonRoleRow[];
  onOpen: (role: PersonRoleRow) => void;
  onAssign: (role: PersonRoleRow) => void;
  onArchive: (role: PersonRoleRow) => void;
  onReregister: (role: PersonRoleRow) => void;
}

type RoleItemProps = { role: PersonRoleRow; mayComeBack: boolean } & Omit<PersonRolesProps, 'roles'>;

function RoleItem({ role, mayComeBack, onOpen, onAssign, onArchive, onReregister }: RoleItemProps) {
  const access = useAccess();
  const info = PERSON_KIND_INFO[role.kind];
  const noun = info.singular.toLowerCase();
  const archived = Boolean(role.archivedAt);
  // An archived role is read-only everywhere (the archive page): no panel, no group, no second archive.
  const mayOpen = !archived && access.can(`people.${role.kind}.read`);
  const mayEdit = access.can(`people.${role.kind}.write`);
  const mayAssign = !archived && access.can('groups.write');
  const mayArchive = !archived && access.can(`people.${role.kind}.archive`);
  const mayReregister = mayComeBack && access.canRegister(role.kind);
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" p="3" aria-label={info.singular}>
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Stack gap="1" minW="0" flex="1 1 12rem">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{info.singular}</Text>
            {archived ? (
              <Badge colorPalette="gray" variant="outline">
                Archiviato
              </Badge>
            ) : (
              <ActiveBadge active={role.isActive} />
            )}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {archived && role.archivedAt
              ? `Dal ${formatInstantDay(role.createdAt)} · archiviato il ${formatInstantDay(role.archivedAt)}`
              : `Dal ${formatInstantDay(role.createdAt)}`}
          </Text>
        </Stack>
        {(mayOpen || mayAssign || mayArchive || mayReregister) && (
          <HStack gap="2" wrap="wrap">
            {mayOpen && (
              <Button size="xs" variant="outline" onClick={() => onOpen(role)} aria-label={`${mayEdit ? 'Modifica' : 'Scheda'} ${noun}`}>
                {mayEdit ? 'Modifica' : 'Scheda'}
              </Button>
            )}
            {mayAssign && (
              <Button size="xs" variant="outline" onClick={() => onAssign(role)} aria-label={`Associa ${noun}`}>
                Associa
              </Button>
            )}
            {mayArchive && (
              <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onArchive(role)} aria-label={`Archivia ${noun}`}>
                Archivia
              </Button>
            )}
            {mayReregister && (
              <Button size="xs" variant="outline" onClick={() => onReregister(role)} aria-label={`Registra di nuovo come ${noun}`}>
                Registra di nuovo
              </Button>
            )}
          </HStack>
        )}
      </Flex>
      <Box mt="2">
        {role.groups.length ? (
          <Wrap gap="1" aria-label={role.kind === 'athlete' ? 'Categorie' : 'Gruppi'}>
            {role.groups.map((g) => (
              <Badge key={g.id} colorPalette="brand" variant="subtle">
                {g.name}
              </Badge>
            ))}
          </Wrap>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {role.kind === 'athlete' ? 'In nessuna categoria' : 'In nessun gruppo'}
          </Text>
        )}
      </Box>
    </Box>
  );
}

export function PersonRoles({ roles, ...actions }: PersonRolesProps) {
  // "Registra di nuovo" once per kind: on its latest role (the list is oldest first), when that one is archived.
  const latestOfKind = new Map(roles.map((r) => [r.kind, r]));
  const activeKinds = new Set(roles.filter((r) => !r.archivedAt).map((r) => r.kind));
  const mayComeBack = (role: PersonRoleRow) => Boolean(role.archivedAt) && !activeKinds.has(role.kind) && latestOfKind.get(role.kind) === role;
  return (
    <PageCard title="Ruoli nella società">
      <Stack as="ul" gap="3" listStyleType="none">
        {roles.map((role) => (
          <RoleItem key={role.id} role={role} mayComeBack={mayComeBack(role)} {...actions} />
        ))}
      </Stack>
    </PageCard>
  );
}
