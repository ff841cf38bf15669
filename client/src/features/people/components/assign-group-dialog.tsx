// "Associa" (spec §2, §4): the club's groups of the person's kind, each with a button to join or leave it.
// An archived record never gets here (no "Associa" for it), and the server refuses it anyway.
import { useFragment, useMutation } from '@apollo/client/react';
import { Badge, Button, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { MSG } from '../../../../../schema/messages';
import { ListEmpty } from '../../../components/ui/list-status';
import { FormAlert } from '../../../components/ui/form-alert';
import { graphql } from '../../../gql';
import { messageOfError } from '../../../lib/errors';
import { useReturnFocus } from '../../../lib/focus';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import type { GroupOption } from '../group-filter';
import { fullName, PeopleTableRowFragment, type PeopleRow } from './people-table';

const AssignMutation = graphql(`
  mutation AssignGroupDialog_Assign($groupId: ID!, $roleId: ID!) {
    assignToGroup(groupId: $groupId, roleId: $roleId) {
      __typename
      ... on MutationAssignToGroupSuccess {
        data {
          id
          groups {
            id
            name
          }
        }
      }
      ... on BaseError {
        code
        message
      }
    }
  }
`);

const UnassignMutation = graphql(`
  mutation AssignGroupDialog_Unassign($groupId: ID!, $roleId: ID!) {
    unassignFromGroup(groupId: $groupId, roleId: $roleId) {
      __typename
      ... on MutationUnassignFromGroupSuccess {
        data {
          id
          groups {
            id
            name
          }
        }
      }
      ... on BaseError {
        code
        message
      }
    }
  }
`);

export interface AssignGroupDialogProps {
  row: PeopleRow | null;
  /** The club's groups of this kind. */
  groups: readonly GroupOption[];
  onClose: () => void;
  /** A membership changed: the list reloads (its group filter may no longer match). */
  onChanged: () => void;
}

export function AssignGroupDialog({ row, groups, onClose, onChanged }: AssignGroupDialogProps) {
  const [assign] = useMutation(AssignMutation);
  const [unassign] = useMutation(UnassignMutation);
  const [busyGroup, setBusyGroup] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  const toggle = async (group: GroupOption, member: boolean) => {
    if (!row) return;
    setBusyGroup(group.id);
    setError(undefined);
    try {
      const variables = { groupId: group.id, roleId: row.id };
      const outcome = member
        ? readMutationResult((await unassign({ variables })).data?.unassignFromGroup)
        : readMutationResult((await assign({ variables })).data?.assignToGroup);
      if (outcome.ok) {
        notify(MESSAGE_LEVEL.success, member ? MSG.unassigned : MSG.assigned);
        onChanged();
      } else {
        setError(outcome.message);
      }
    } catch (e) {
      setError(messageOfError(e));
    } finally {
      setBusyGroup(null);
    }
  };

  // The row as the cache has it now: joining or leaving updates its groups here even if the list drops the row.
  const current = useFragment({ fragment: PeopleTableRowFragment, fragmentName: 'PeopleTable_PersonRole', from: row ? { __typename: 'PersonRole', id: row.id } : null });
  const groupsNow = (current.complete ? current.data.groups : undefined) ?? row?.groups ?? [];
  const memberOf = new Set(groupsNow.map((g) => g.id));

  const returnFocus = useReturnFocus(row !== null);
  return (
    <Dialog.Root
      open={row !== null}
      onOpenChange={(d) => {
        if (!d.open) {
          setError(undefined);
          onClose();
        }
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
              <Dialog.Title>Associa {row ? fullName(row) : ''}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text color="fg.muted" fontSize="sm">
                  Scegli i gruppi di cui fa parte. Puoi rimuovere un'associazione e rifarla in seguito.
                </Text>
                <FormAlert message={error} />
                {groups.length === 0 ? (
                  <ListEmpty>Non ci sono ancora gruppi di questa tipologia: creane uno dalla pagina Gruppi o Categorie.</ListEmpty>
                ) : (
                  <Stack as="ul" gap="2" listStyleType="none" aria-label="Gruppi">
                    {groups.map((g) => {
                      const member = memberOf.has(g.id);
                      return (
                        <HStack as="li" key={g.id} justify="space-between" borderWidth="1px" borderRadius="md" px="3" py="2" gap="3">
                          <HStack gap="2" minW="0">
                            <Text fontWeight="medium" truncate>
                              {g.name}
                            </Text>
                            {member && (
                              <Badge colorPalette="brand" variant="subtle">
                                Associato
                              </Badge>
                            )}
                          </HStack>
                          <Button
                            size="xs"
                            variant={member ? 'outline' : 'solid'}
                            colorPalette={member ? 'gray' : 'brand'}
                            loading={busyGroup === g.id}
                            disabled={busyGroup !== null && busyGroup !== g.id}
                            aria-label={`${member ? 'Rimuovi da' : 'Associa a'} ${g.name}`}
                            onClick={() => void toggle(g, member)}
                          >
                            {member ? 'Rimuovi' : 'Associa'}
                          </Button>
                        </HStack>
                      );
                    })}
                  </Stack>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Chiudi</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
