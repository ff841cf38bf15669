// Bulk actions on a people list (issue 15): with rows selected, a bar says "N selezionati" and offers "Associa a un
// gruppo", "Rimuovi da un gruppo", "Archivia", "Esporta selezione" and "Annulla selezione", each only for the roles
// allowed it. Each action is confirmed (the group dialog, the archive question) and reported in a toast with the
// kind's names ("12 atleti associati a Under 14"). The server does each in one transaction, all or nothing.
import { useMutation } from '@apollo/client/react';
import { Badge, Box, Button, Dialog, Flex, HStack, Portal, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PERSON_KIND_INFO, type PersonKindKey } from '../../../../../schema/constants';
import { MSG } from '../../../../../schema/messages';
import { ArchiveIcon, CloseIcon, LayersIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ExportMenu } from '../../../components/ui/export-menu';
import { FormAlert } from '../../../components/ui/form-alert';
import { ListEmpty } from '../../../components/ui/list-status';
import { graphql } from '../../../gql';
import { messageOfError } from '../../../lib/errors';
import { useReturnFocus } from '../../../lib/focus';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import type { GroupOption } from '../group-filter';
import type { PeopleRow } from './people-table';

// The three bulk mutations answer the same payload (all or nothing: how many were asked, how many changed).
graphql(`
  fragment BulkActionsBar_Payload on BulkPeoplePayload {
    requested
    changed
  }
`);

const AssignPeopleMutation = graphql(`
  mutation BulkActionsBar_Assign($groupId: ID!, $roleIds: [ID!]!) {
    assignPeopleToGroup(groupId: $groupId, roleIds: $roleIds) {
      __typename
      ... on MutationAssignPeopleToGroupSuccess {
        data {
          ...BulkActionsBar_Payload
        }
      }
      ...MutationError
    }
  }
`);

const UnassignPeopleMutation = graphql(`
  mutation BulkActionsBar_Unassign($groupId: ID!, $roleIds: [ID!]!) {
    unassignPeopleFromGroup(groupId: $groupId, roleIds: $roleIds) {
      __typename
      ... on MutationUnassignPeopleFromGroupSuccess {
        data {
          ...BulkActionsBar_Payload
        }
      }
      ...MutationError
    }
  }
`);

const ArchivePeopleMutation = graphql(`
  mutation BulkActionsBar_Archive($roleIds: [ID!]!) {
    archivePeople(roleIds: $roleIds) {
      __typename
      ... on MutationArchivePeopleSuccess {
        data {
          ...BulkActionsBar_Payload
        }
      }
      ...MutationError
    }
  }
`);

/** "12 atleti", "1 atleta" (every kind's name is masculine, so are the participles below). */
export function countOf(kind: PersonKindKey, n: number): string {
  const info = PERSON_KIND_INFO[kind];
  return `${n} ${(n === 1 ? info.singular : info.plural).toLowerCase()}`;
}

/** The toast after a bulk action: "12 atleti associati a Under 14", "1 atleta archiviato". */
export function bulkReport(kind: PersonKindKey, action: 'assign' | 'unassign' | 'archive' | 'export', n: number, groupName = ''): string {
  const one = n === 1;
  switch (action) {
    case 'assign':
      return `${countOf(kind, n)} ${one ? 'associato' : 'associati'} a ${groupName}`;
    case 'unassign':
      return `${countOf(kind, n)} ${one ? 'rimosso' : 'rimossi'} da ${groupName}`;
    case 'archive':
      return `${countOf(kind, n)} ${one ? 'archiviato' : 'archiviati'}`;
    case 'export':
      return `${countOf(kind, n)} ${one ? 'esportato' : 'esportati'}`;
  }
}

/** What a membership change left as it was: "1 era già nel gruppo", "2 non ne facevano parte". */
function unchangedNote(mode: 'assign' | 'unassign', n: number): string {
  if (n <= 0) return '';
  if (mode === 'assign') return n === 1 ? ' (1 era già nel gruppo)' : ` (${n} erano già nel gruppo)`;
  return n === 1 ? ' (1 non ne faceva parte)' : ` (${n} non ne facevano parte)`;
}

export interface BulkActionsBarProps {
  kind: PersonKindKey;
  /** The selected rows (of the page on screen). */
  rows: readonly PeopleRow[];
  /** The club's groups of this kind. */
  groups: readonly GroupOption[];
  mayAssign: boolean;
  mayArchive: boolean;
  mayExport: boolean;
  onClear: () => void;
  /** Something changed on the server: the list reloads and the selection clears. */
  onDone: () => void;
}

export function BulkActionsBar({ kind, rows, groups, mayAssign, mayArchive, mayExport, onClear, onDone }: BulkActionsBarProps) {
  const [dialog, setDialog] = useState<'assign' | 'unassign' | 'archive' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [groupId, setGroupId] = useState<string | null>(null);
  const [assign] = useMutation(AssignPeopleMutation);
  const [unassign] = useMutation(UnassignPeopleMutation);
  const [archive] = useMutation(ArchivePeopleMutation);
  const roleIds = rows.map((row) => row.id);
  const n = rows.length;

  const close = () => {
    setDialog(null);
    setError(undefined);
    setGroupId(null);
  };

  // "Rimuovi da un gruppo": the groups at least one selected person belongs to.
  const memberGroupIds = new Set(rows.flatMap((row) => row.groups.map((g) => g.id)));
  const dialogGroups = dialog === 'unassign' ? groups.filter((g) => memberGroupIds.has(g.id)) : groups;

  const changeMembership = async (mode: 'assign' | 'unassign') => {
    const group = groups.find((g) => g.id === groupId);
    if (!group) {
      setError('Scegli un gruppo.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const variables = { groupId: group.id, roleIds };
      const outcome =
        mode === 'assign'
          ? readMutationResult((await assign({ variables })).data?.assignPeopleToGroup)
          : readMutationResult((await unassign({ variables })).data?.unassignPeopleFromGroup);
      if (!outcome.ok) {
        setError(outcome.message);
        return;
      }
      notify(MESSAGE_LEVEL.success, bulkReport(kind, mode, outcome.data.requested, group.name) + unchangedNote(mode, outcome.data.requested - outcome.data.changed));
      close();
      onDone();
    } catch (e) {
      setError(messageOfError(e));
    } finally {
      setBusy(false);
    }
  };

  const confirmArchive = async () => {
    setBusy(true);
    try {
      const outcome = readMutationResult((await archive({ variables: { roleIds } })).data?.archivePeople);
      if (!outcome.ok) {
        notify(MESSAGE_LEVEL.error, outcome.message);
        return;
      }
      notify(MESSAGE_LEVEL.success, bulkReport(kind, 'archive', outcome.data.changed));
      close();
      onDone();
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    } finally {
      setBusy(false);
    }
  };

  const membershipMode = dialog === 'assign' || dialog === 'unassign' ? dialog : null;
  const returnFocus = useReturnFocus(membershipMode !== null);
  if (n === 0) return null;

  return (
    <>
      <Box
        role="region"
        aria-label="Azioni sulla selezione"
        position="sticky"
        bottom={{ base: '3', md: '4' }}
        zIndex="docked"
        bg="bg.panel"
        borderWidth="1px"
        borderColor="brand.muted"
        borderRadius="xl"
        boxShadow="lg"
        px={{ base: '3', md: '4' }}
        py="3"
      >
        <Flex gap={{ base: '2', md: '3' }} align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
          <HStack justify="space-between" gap="2" flex={{ md: '1' }} order={{ md: 0 }}>
            <Text fontWeight="semibold" aria-live="polite">
              {n === 1 ? '1 selezionato' : `${n} selezionati`}
            </Text>
            <Button size="sm" variant="ghost" onClick={onClear} hideFrom="md">
              <CloseIcon />
              Annulla selezione
            </Button>
          </HStack>
          <Flex gap="2" wrap="wrap">
            {mayAssign && (
              <Button size="sm" onClick={() => setDialog('assign')}>
                <LayersIcon />
                Associa a un gruppo
              </Button>
            )}
            {mayAssign && (
              <Button size="sm" variant="outline" onClick={() => setDialog('unassign')}>
                Rimuovi da un gruppo
              </Button>
            )}
            {mayArchive && (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDialog('archive')}>
                <ArchiveIcon />
                Archivia
              </Button>
            )}
            {mayExport && (
              <ExportMenu
                label="Esporta selezione"
                size="sm"
                filter={{ list: 'people', kind, roleIds }}
                onExported={() => notify(MESSAGE_LEVEL.success, bulkReport(kind, 'export', n))}
              />
            )}
            <Button size="sm" variant="ghost" onClick={onClear} hideBelow="md">
              <CloseIcon />
              Annulla selezione
            </Button>
          </Flex>
        </Flex>
      </Box>

      <Dialog.Root
        open={membershipMode !== null}
        onOpenChange={(d) => {
          if (!d.open && !busy) close();
        }}
        placement="center"
        size={{ base: 'xs', md: 'md' }}
        scrollBehavior="inside"
        lazyMount
        unmountOnExit
        {...returnFocus}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>
                  {membershipMode === 'unassign' ? `Rimuovi ${countOf(kind, n)} da un gruppo` : `Associa ${countOf(kind, n)} a un gruppo`}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <FormAlert message={error} />
                  {dialogGroups.length === 0 ? (
                    <ListEmpty>
                      {membershipMode === 'unassign'
                        ? 'Le persone selezionate non fanno parte di alcun gruppo.'
                        : 'Non ci sono ancora gruppi di questa tipologia: creane uno dalla pagina Gruppi o Categorie.'}
                    </ListEmpty>
                  ) : (
                    <RadioGroup.Root value={groupId} onValueChange={(d) => setGroupId(d.value)} aria-label="Gruppo">
                      <Stack gap="2">
                        {dialogGroups.map((g) => {
                          const members = rows.filter((row) => row.groups.some((rg) => rg.id === g.id)).length;
                          return (
                            <RadioGroup.Item key={g.id} value={g.id} borderWidth="1px" borderRadius="md" px="3" py="2" cursor="pointer">
                              <RadioGroup.ItemHiddenInput />
                              <RadioGroup.ItemIndicator />
                              <RadioGroup.ItemText flex="1">
                                <HStack justify="space-between" gap="2">
                                  <Text as="span">{g.name}</Text>
                                  {members > 0 && (
                                    <Badge colorPalette="brand" variant="subtle">
                                      {members === 1 ? '1 già nel gruppo' : `${members} già nel gruppo`}
                                    </Badge>
                                  )}
                                </HStack>
                              </RadioGroup.ItemText>
                            </RadioGroup.Item>
                          );
                        })}
                      </Stack>
                    </RadioGroup.Root>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" disabled={busy}>
                    Annulla
                  </Button>
                </Dialog.ActionTrigger>
                <Button
                  loading={busy}
                  disabled={!groupId}
                  colorPalette={membershipMode === 'unassign' ? 'red' : undefined}
                  onClick={() => void changeMembership(membershipMode ?? 'assign')}
                >
                  {membershipMode === 'unassign' ? 'Rimuovi' : 'Associa'}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>

      <ConfirmDialog
        open={dialog === 'archive'}
        title={`Archivia ${countOf(kind, n)}`}
        message={MSG.archiveConfirm}
        confirmLabel="Archivia"
        loading={busy}
        onConfirm={() => void confirmArchive()}
        onCancel={close}
      />
    </>
  );
}
