// "Staff dell'organizzazione": who works for the organisation with which role, and the pending invitations (every
// staff member sees them). Admins invite by email as Amministratore or Sola lettura (the server mails a link valid 7
// days, /organizzazione/invito), cancel a pending invitation, change a member's role and remove a member (or leave),
// each irreversible step after a confirmation. The organisation always keeps an admin: the server's refusal is shown
// above the list. A table on wide screens, cards on phones.
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Heading, Stack, Table, Text, useBreakpointValue, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useNavigate } from 'react-router';
import { MSG } from '../../../../../schema/messages';
import { SchemaForm, SelectField, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { ActionsMenu, type RowAction } from '../../../components/ui/actions-menu';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import type { OrganisationPortal_StaffQuery, OrganisationStaffRole } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import {
  ChangeStaffRoleMutation,
  InviteStaffMutation,
  MyOrganisationsQuery,
  OrganisationStaffQuery,
  RemoveStaffMutation,
  RevokeStaffInvitationMutation,
} from '../organisation-portal-documents';
import { staffInviteForm } from '../portal-forms';
import { day, ROLE_LABELS, STAFF_ROLES } from '../portal-labels';
import { TableScroll } from '../../../components/ui/table-scroll';

type Member = OrganisationPortal_StaffQuery['organisationStaff']['staff'][number];
type Invitation = OrganisationPortal_StaffQuery['organisationStaff']['invitations'][number];
type Pending = { kind: 'remove'; member: Member; you: boolean } | { kind: 'revoke'; invitation: Invitation } | null;

const displayName = (m: Member) => m.name || m.email;

function RoleBadge({ role }: { role: string }) {
  return (
    <Badge colorPalette={role === 'admin' ? 'green' : 'gray'} variant="outline" flexShrink={0}>
      {ROLE_LABELS[role] ?? role}
    </Badge>
  );
}

function YouBadge() {
  return (
    <Badge colorPalette="brand" variant="solid" flexShrink={0}>
      Tu
    </Badge>
  );
}

/**
 * `onChanged`: the viewer's own role changed (the page reads the organisation again: its buttons follow the role).
 */
export function OrganisationStaff({ organisationId, admin, onChanged }: { organisationId: string; admin: boolean; onChanged: () => void }) {
  const { data, loading, error, refetch } = useQuery(OrganisationStaffQuery, { variables: { organisationId }, fetchPolicy: 'cache-and-network' });
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false });
  const me = useSession().account?.id;
  const navigate = useNavigate();
  const client = useApolloClient();
  const [changeRole] = useMutation(ChangeStaffRoleMutation);
  const [remove] = useMutation(RemoveStaffMutation);
  const [revoke] = useMutation(RevokeStaffInvitationMutation);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const reload = () => void refetch().catch(() => undefined);
  const refreshMine = () => void client.refetchQueries({ include: [MyOrganisationsQuery] }).catch(() => undefined);

  async function setRole(member: Member, role: OrganisationStaffRole) {
    setProblem(undefined);
    try {
      const outcome = readMutationResult((await changeRole({ variables: { organisationId, accountId: member.accountId, role } })).data?.changeOrganisationStaffRole);
      if (!outcome.ok) return setProblem(outcome.message);
      notify(MESSAGE_LEVEL.success, `${displayName(member)} ora ha il ruolo ${ROLE_LABELS[role]}.`);
      reload();
      if (member.accountId === me) {
        refreshMine();
        onChanged();
      }
    } catch (e) {
      setProblem(messageOfError(e));
    }
  }

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    setProblem(undefined);
    try {
      if (pending.kind === 'revoke') {
        const outcome = readMutationResult((await revoke({ variables: { id: pending.invitation.id } })).data?.revokeOrganisationStaffInvitation);
        if (!outcome.ok) setProblem(outcome.message);
        else notify(MESSAGE_LEVEL.success, outcome.data.message);
      } else {
        const { member, you } = pending;
        const outcome = readMutationResult((await remove({ variables: { organisationId, accountId: member.accountId } })).data?.removeOrganisationStaff);
        if (!outcome.ok) {
          setProblem(outcome.message);
        } else if (you) {
          // no longer staff: back to the account's organisations (the menu entry goes if there is none left)
          notify(MESSAGE_LEVEL.success, 'Hai lasciato lo staff dell’organizzazione.');
          await client.refetchQueries({ include: [MyOrganisationsQuery] }).catch(() => undefined);
          void navigate('/organizzazione', { replace: true });
          return;
        } else {
          notify(MESSAGE_LEVEL.success, `${displayName(member)} non fa più parte dello staff.`);
        }
      }
      reload();
    } catch (e) {
      setProblem(messageOfError(e));
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  function actionsFor(member: Member): RowAction[] {
    if (!admin) return [];
    const you = member.accountId === me;
    const other = member.role === 'admin' ? 'reader' : 'admin';
    return [
      { value: 'role', label: other === 'admin' ? 'Rendi amministratore' : 'Rendi di sola lettura', onSelect: () => void setRole(member, other) },
      you
        ? { value: 'leave', label: 'Lascia l’organizzazione', danger: true, onSelect: () => setPending({ kind: 'remove', member, you }) }
        : { value: 'remove', label: 'Rimuovi dallo staff', danger: true, onSelect: () => setPending({ kind: 'remove', member, you }) },
    ];
  }

  let body;
  if (!data && loading) body = <ListLoading label="Caricamento dello staff..." />;
  else if (!data) body = <ListError message={error ? messageOfError(error) : MSG.loadFailed} onRetry={reload} />;
  else {
    const { staff, invitations } = data.organisationStaff;
    body = (
      <Stack gap="6">
        <FormAlert message={problem} />
        {wide ? <StaffTable staff={staff} me={me} actionsFor={actionsFor} /> : <StaffCards staff={staff} me={me} actionsFor={actionsFor} />}
        <Stack gap="3">
          <Heading as="h3" size="sm">
            Inviti in attesa{invitations.length > 0 ? ` (${invitations.length})` : ''}
          </Heading>
          {invitations.length === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              Nessun invito in attesa.
            </Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none" aria-label="Inviti allo staff in attesa">
              {invitations.map((inv) => (
                <Flex
                  as="li"
                  key={inv.id}
                  aria-label={inv.email}
                  borderWidth="1px"
                  borderRadius="lg"
                  p={{ base: '3', md: '4' }}
                  gap="3"
                  align={{ base: 'stretch', sm: 'center' }}
                  direction={{ base: 'column', sm: 'row' }}
                  justify="space-between"
                >
                  <Box minW="0">
                    <Flex gap="2" align="center" wrap="wrap">
                      <Text fontWeight="semibold" wordBreak="break-all">
                        {inv.email}
                      </Text>
                      <RoleBadge role={inv.role} />
                    </Flex>
                    <Text fontSize="sm" color="fg.muted">
                      Il link scade il {day(inv.expiresAt)}
                    </Text>
                  </Box>
                  {admin && (
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      flexShrink={0}
                      aria-label={`Annulla l’invito a ${inv.email}`}
                      onClick={() => setPending({ kind: 'revoke', invitation: inv })}
                    >
                      Annulla invito
                    </Button>
                  )}
                </Flex>
              ))}
            </Stack>
          )}
        </Stack>
      </Stack>
    );
  }

  const dialog = confirmText(pending);
  return (
    <Stack gap="6">
      {body}
      {admin && (
        <Box borderTopWidth="1px" pt="5">
          <InviteStaffForm
            organisationId={organisationId}
            onInvited={() => {
              setProblem(undefined);
              reload();
            }}
          />
        </Box>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={dialog.title}
        message={dialog.message}
        confirmLabel={dialog.confirmLabel}
        loading={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}

function confirmText(pending: Pending): { title: string; message: string; confirmLabel: string } {
  if (pending?.kind === 'revoke') {
    return { title: `Annullare l’invito a ${pending.invitation.email}?`, message: 'Il link inviato smetterà di funzionare. Potrai invitare di nuovo la stessa persona.', confirmLabel: 'Annulla invito' };
  }
  if (pending?.kind === 'remove' && pending.you) {
    return {
      title: 'Lasciare l’organizzazione?',
      message: 'Da subito non vedrai più le sue società, le sue chiavi e i suoi webhook: per tornare servirà un nuovo invito.',
      confirmLabel: 'Lascia l’organizzazione',
    };
  }
  if (pending?.kind === 'remove') {
    return {
      title: `Rimuovere ${displayName(pending.member)} dallo staff?`,
      message: 'Da subito non vedrà più l’organizzazione. Potrai invitarlo di nuovo in seguito.',
      confirmLabel: 'Rimuovi dallo staff',
    };
  }
  return { title: '', message: '', confirmLabel: '' };
}

interface ListProps {
  staff: readonly Member[];
  me: string | undefined;
  actionsFor: (m: Member) => RowAction[];
}

function StaffCards({ staff, me, actionsFor }: ListProps) {
  if (staff.length === 0) return <ListEmpty>Nessuna persona nello staff.</ListEmpty>;
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label="Staff dell'organizzazione">
      {staff.map((m) => (
        <Flex as="li" key={m.accountId} aria-label={displayName(m)} borderWidth="1px" borderRadius="lg" p="3" gap="3" align="flex-start" justify="space-between">
          <Stack gap="1" minW="0" flex="1">
            <Flex gap="2" align="center" wrap="wrap">
              <Text fontWeight="semibold" overflowWrap="anywhere">
                {displayName(m)}
              </Text>
              {m.accountId === me && <YouBadge />}
              <RoleBadge role={m.role} />
            </Flex>
            {m.name && (
              <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                {m.email}
              </Text>
            )}
            <Text fontSize="sm" color="fg.muted">
              Nello staff dal {day(m.since)}
            </Text>
          </Stack>
          <ActionsMenu label={`Azioni per ${displayName(m)}`} actions={actionsFor(m)} />
        </Flex>
      ))}
    </Stack>
  );
}

function StaffTable({ staff, me, actionsFor }: ListProps) {
  const withActions = staff.some((m) => actionsFor(m).length > 0);
  return (
    <TableScroll label="Staff dell'organizzazione" borderWidth="1px" borderRadius="lg">
      <Table.Root size="sm" aria-label="Staff dell'organizzazione">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader ps="4">Persona</Table.ColumnHeader>
            <Table.ColumnHeader>Ruolo</Table.ColumnHeader>
            <Table.ColumnHeader pe={withActions ? undefined : '4'}>Nello staff dal</Table.ColumnHeader>
            {withActions && (
              <Table.ColumnHeader pe="4" w="1%">
                <VisuallyHidden>Azioni</VisuallyHidden>
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {staff.map((m) => (
            <Table.Row key={m.accountId}>
              <Table.Cell ps="4" py="3">
                <Flex gap="2" align="center" wrap="wrap">
                  <Text fontWeight="medium" overflowWrap="anywhere">
                    {displayName(m)}
                  </Text>
                  {m.accountId === me && <YouBadge />}
                </Flex>
                {m.name && (
                  <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                    {m.email}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell py="3">
                <RoleBadge role={m.role} />
              </Table.Cell>
              <Table.Cell pe={withActions ? undefined : '4'} py="3" whiteSpace="nowrap" fontSize="sm">
                {day(m.since)}
              </Table.Cell>
              {withActions && (
                <Table.Cell pe="4" py="2" textAlign="end">
                  <ActionsMenu label={`Azioni per ${displayName(m)}`} actions={actionsFor(m)} />
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}

const NEW_INVITATION: { email: string; role: OrganisationStaffRole } = { email: '', role: 'reader' };

function InviteStaffForm({ organisationId, onInvited }: { organisationId: string; onInvited: () => void }) {
  const [invite, { loading }] = useMutation(InviteStaffMutation);
  const form = useSchemaForm(staffInviteForm, NEW_INVITATION);
  const [sent, setSent] = useState<string>();
  const chosenRole = useWatch({ control: form.control, name: 'role' });
  const role = STAFF_ROLES.find((r) => r.value === chosenRole);

  async function save(input: z.output<typeof staffInviteForm>): Promise<SubmitOutcome> {
    setSent(undefined);
    const outcome = readMutationResult((await invite({ variables: { organisationId, ...input } })).data?.inviteOrganisationStaff);
    if (!outcome.ok) return outcome;
    setSent(outcome.data.message);
    form.reset({ email: '', role: input.role });
    onInvited();
  }

  // The role's own message under the role, every other refusal (address, already staff, too many) under the email;
  // no message above the form. The note of the last invitation stays until the next one is typed.
  return (
    <SchemaForm form={form} onSubmit={save} aria-label="Invita nello staff" gap="4" invalidMessage="" messageField="email">
      <Stack gap="1">
        <Heading as="h3" size="sm">
          Invita nello staff
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          La persona riceve per email un link valido 7 giorni: lo apre, accede o si registra, e fa parte dello staff.
        </Text>
      </Stack>
      <Flex gap="3" align={{ base: 'stretch', md: 'flex-start' }} direction={{ base: 'column', md: 'row' }}>
        <Box flex="2" minW="0">
          <TextField name="email" label="Email" required type="email" inputMode="email" placeholder="nome@esempio.it" maxLength={254} />
        </Box>
        <Box flex="1" minW="0">
          <SelectField name="role" label="Ruolo" required helper={role?.description} options={STAFF_ROLES} placeholder="" />
        </Box>
        <Button type="submit" loading={loading} loadingText="Invio..." mt={{ md: '6' }} flexShrink={0}>
          Invia l’invito
        </Button>
      </Flex>
      {sent && !form.formState.isDirty && (
        <Text role="status" color="fg.success" fontWeight="medium">
          {sent}
        </Text>
      )}
    </SchemaForm>
  );
}
