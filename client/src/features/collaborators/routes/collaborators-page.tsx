// /collaboratori (user menu "Collaboratori", owners and admins): who works in the club with which role, and the
// pending invitations. Invite by email with a role (a coach with the groups they coach), change a role, remove a
// collaborator, leave the club, hand the ownership to another collaborator (owner only); resend or revoke an
// invitation. Every irreversible step asks first (ConfirmDialog); the server's message is the toast.
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '../../../../../schema/messages';
import { PlusIcon } from '../../../components/icons';
import { ActionsMenu, type RowAction } from '../../../components/ui/actions-menu';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import type { Collaborators_ListQuery } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useAccess } from '../../../lib/use-access';
import { AccountCard } from '../../../components/ui/account-card';
import {
  AthleteGroupsQuery,
  CollaboratorsQuery,
  RemoveCollaboratorMutation,
  ResendInvitationMutation,
  RevokeInvitationMutation,
  TransferOwnershipMutation,
} from '../collaborator-documents';
import { ROLE_INFO, roleLabel, type CollaboratorRoleKey } from '../collaborator-roles';
import { ChangeRoleDialog, InviteDialog, type RoleTarget } from '../components/role-form-dialog';

const TITLE = 'Collaboratori';

type Collaborator = Collaborators_ListQuery['collaborators'][number];
type Invitation = Collaborators_ListQuery['collaboratorInvitations'][number];
/** What the confirmation dialog is about. */
type Pending =
  | { kind: 'remove'; row: Collaborator }
  | { kind: 'leave'; row: Collaborator }
  | { kind: 'transfer'; row: Collaborator }
  | { kind: 'revoke'; invitation: Invitation }
  | null;

const DAY = new Intl.DateTimeFormat('it-IT', { dateStyle: 'medium' });
const day = (iso: string) => DAY.format(new Date(iso));

function RoleBadge({ role }: { role: string }) {
  return (
    <Badge colorPalette={ROLE_INFO[role as CollaboratorRoleKey]?.palette ?? 'gray'} variant="subtle" flexShrink={0}>
      {roleLabel(role)}
    </Badge>
  );
}

export default function CollaboratorsPage() {
  useDocumentTitle(TITLE);
  const { membership } = useSession();
  const allowed = useAccess().can('collaborators.manage');
  return (
    <Stack gap="6" maxW="4xl">
      {allowed ? (
        <Collaborators viewerRole={membership?.role ?? ''} />
      ) : (
        <>
          <PageHeading />
          <ListEmpty>Solo il titolare e gli amministratori della società gestiscono i collaboratori.</ListEmpty>
        </>
      )}
    </Stack>
  );
}

function PageHeading({ action }: { action?: ReactNode }) {
  return (
    <Flex gap="4" align={{ base: 'stretch', sm: 'flex-end' }} justify="space-between" direction={{ base: 'column', sm: 'row' }}>
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="fg.muted">Chi gestisce la società con te, e con quale ruolo.</Text>
      </Stack>
      {action}
    </Flex>
  );
}

function Collaborators({ viewerRole }: { viewerRole: string }) {
  const navigate = useNavigate();
  const { refreshAccount, selectClub } = useSession();
  const { data, loading, error, refetch } = useQuery(CollaboratorsQuery, { fetchPolicy: 'cache-and-network' });
  const groupsQuery = useQuery(AthleteGroupsQuery, { fetchPolicy: 'cache-and-network' });
  const [resend] = useMutation(ResendInvitationMutation);
  const [revoke] = useMutation(RevokeInvitationMutation);
  const [remove] = useMutation(RemoveCollaboratorMutation);
  const [transfer] = useMutation(TransferOwnershipMutation);
  const [inviting, setInviting] = useState(false);
  const [roleTarget, setRoleTarget] = useState<RoleTarget | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState<string | null>(null);

  const reload = () => void refetch().catch(() => undefined);
  const groupNames = new Map((groupsQuery.data?.groups.edges ?? []).map((e) => [e.node.id, e.node.name]));
  const groupsOf = (ids: readonly string[]) => ids.map((id) => groupNames.get(id)).filter(Boolean).join(', ');
  const isOwner = viewerRole === 'owner';
  const mayTransfer = useAccess().can('club.transfer');
  const members = data?.collaborators ?? [];
  const invitations = data?.collaboratorInvitations ?? [];
  const owners = members.filter((m) => m.role === 'owner').length;

  async function sendAgain(invitation: Invitation) {
    setResending(invitation.id);
    try {
      const outcome = readMutationResult((await resend({ variables: { id: invitation.id } })).data?.resendCollaboratorInvitation);
      notify(outcome.ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, outcome.ok ? outcome.data.message : outcome.message);
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    } finally {
      setResending(null);
      reload();
    }
  }

  /** Runs the confirmed action; answers the server's outcome. */
  async function act(p: NonNullable<Pending>) {
    switch (p.kind) {
      case 'revoke':
        return readMutationResult((await revoke({ variables: { id: p.invitation.id } })).data?.revokeCollaboratorInvitation);
      case 'transfer':
        return readMutationResult((await transfer({ variables: { id: p.row.id } })).data?.transferClubOwnership);
      default:
        return readMutationResult((await remove({ variables: { id: p.row.id } })).data?.removeCollaborator);
    }
  }

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      const outcome = await act(pending);
      if (!outcome.ok) {
        notify(MESSAGE_LEVEL.error, outcome.message);
        return;
      }
      notify(MESSAGE_LEVEL.success, outcome.data.message);
      if (pending.kind === 'leave') {
        // This club is gone from the account: go on in another one (if any).
        const me = await refreshAccount();
        const next = me?.profile.clubs[0];
        if (next) await selectClub(next.id);
        void navigate('/dashboard', { replace: true });
        return;
      }
      // The viewer's own role changes with a transfer (owner -> admin).
      if (pending.kind === 'transfer') await refreshAccount();
      reload();
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  function actionsFor(row: Collaborator): RowAction[] {
    const actions: RowAction[] = [];
    if (row.role !== 'owner') {
      actions.push({ value: 'role', label: 'Cambia ruolo', onSelect: () => setRoleTarget({ id: row.id, name: row.name || row.email, role: row.role, groupIds: row.groupIds }) });
    }
    if (mayTransfer && !row.isYou) actions.push({ value: 'transfer', label: 'Trasferisci la titolarità', onSelect: () => setPending({ kind: 'transfer', row }) });
    // The last owner cannot leave (the server refuses it): they transfer the ownership first.
    if (row.isYou && !(row.role === 'owner' && owners <= 1)) actions.push({ value: 'leave', label: 'Lascia la società', danger: true, onSelect: () => setPending({ kind: 'leave', row }) });
    else if (!row.isYou && (row.role !== 'owner' || isOwner)) actions.push({ value: 'remove', label: 'Rimuovi', danger: true, onSelect: () => setPending({ kind: 'remove', row }) });
    return actions;
  }


  let membersBody;
  let invitationsBody;
  if (!data && loading) {
    membersBody = <ListLoading label="Caricamento dei collaboratori..." />;
    invitationsBody = <ListLoading label="Caricamento degli inviti..." />;
  } else if (!data) {
    const message = error ? messageOfError(error) : MSG.loadFailed;
    membersBody = <ListError message={message} onRetry={reload} />;
    invitationsBody = null;
  } else {
    membersBody =
      members.length === 0 ? (
        <ListEmpty>Nessun collaboratore.</ListEmpty>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Collaboratori">
          {members.map((row) => {
            const name = row.name || row.email;
            const groups = row.role === 'allenatore' ? groupsOf(row.groupIds) : '';
            const actions = actionsFor(row);
            return (
              <Flex as="li" key={row.id} borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '4' }} gap="3" align="center" justify="space-between">
                <Box minW="0" flex="1">
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text fontWeight="semibold">{name}</Text>
                    {row.isYou && (
                      <Badge colorPalette="green" variant="solid">
                        Tu
                      </Badge>
                    )}
                    <RoleBadge role={row.role} />
                  </Flex>
                  <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                    {row.email}
                  </Text>
                  {groups && (
                    <Text fontSize="sm" color="fg.muted">
                      Gruppi: {groups}
                    </Text>
                  )}
                </Box>
                {actions.length > 0 && <ActionsMenu label={`Azioni per ${name}`} actions={actions} />}
              </Flex>
            );
          })}
        </Stack>
      );
    invitationsBody =
      invitations.length === 0 ? (
        <ListEmpty>Nessun invito in attesa.</ListEmpty>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Inviti in attesa">
          {invitations.map((inv) => {
            const groups = inv.role === 'allenatore' ? groupsOf(inv.groupIds) : '';
            return (
              <Flex
                as="li"
                key={inv.id}
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
                    Invitato il {day(inv.createdAt)} · il link scade il {day(inv.expiresAt)}
                  </Text>
                  {groups && (
                    <Text fontSize="sm" color="fg.muted">
                      Gruppi: {groups}
                    </Text>
                  )}
                </Box>
                <Flex gap="2" flexShrink={0}>
                  <Button
                    size="sm"
                    variant="outline"
                    flex={{ base: '1', sm: 'initial' }}
                    loading={resending === inv.id}
                    aria-label={`Invia di nuovo l’invito a ${inv.email}`}
                    onClick={() => void sendAgain(inv)}
                  >
                    Invia di nuovo
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    flex={{ base: '1', sm: 'initial' }}
                    aria-label={`Annulla l’invito a ${inv.email}`}
                    onClick={() => setPending({ kind: 'revoke', invitation: inv })}
                  >
                    Annulla invito
                  </Button>
                </Flex>
              </Flex>
            );
          })}
        </Stack>
      );
  }

  const dialog = confirmText(pending);

  return (
    <>
      <PageHeading
        action={
          <Button onClick={() => setInviting(true)} flexShrink={0}>
            <PlusIcon />
            Invita collaboratore
          </Button>
        }
      />
      <AccountCard id="collaboratori-attivi" title="Collaboratori della società" description="Ognuno accede con il proprio account e vede solo ciò che il suo ruolo consente.">
        {membersBody}
      </AccountCard>
      <AccountCard id="inviti-in-attesa" title="Inviti in attesa" description="Un invito vale 7 giorni: puoi inviarlo di nuovo o annullarlo finché non viene accettato.">
        {invitationsBody}
      </AccountCard>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} onInvited={reload} />
      <ChangeRoleDialog
        target={roleTarget}
        onClose={() => setRoleTarget(null)}
        onChanged={() => {
          if (members.find((m) => m.id === roleTarget?.id)?.isYou) void refreshAccount().catch(() => undefined);
          reload();
        }}
      />
      <ConfirmDialog
        open={pending !== null}
        title={dialog.title}
        message={dialog.message}
        confirmLabel={dialog.confirmLabel}
        tone={pending?.kind === 'transfer' ? 'neutral' : 'danger'}
        loading={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}

function confirmText(pending: Pending): { title: string; message: string; confirmLabel: string } {
  switch (pending?.kind) {
    case 'remove':
      return {
        title: `Rimuovere ${pending.row.name || pending.row.email}?`,
        message: 'Non potrà più accedere alla società da subito. Potrai invitarlo di nuovo in seguito.',
        confirmLabel: 'Rimuovi',
      };
    case 'leave':
      return {
        title: 'Lasciare la società?',
        message: 'Non potrai più accedervi: per tornare servirà un nuovo invito.',
        confirmLabel: 'Lascia la società',
      };
    case 'transfer':
      return {
        title: `Trasferire la titolarità a ${pending.row.name || pending.row.email}?`,
        message: 'Diventerà titolare della società; tu resterai come amministratore e non potrai più archiviarla né trasferirla.',
        confirmLabel: 'Trasferisci',
      };
    case 'revoke':
      return {
        title: `Annullare l’invito a ${pending.invitation.email}?`,
        message: 'Il link inviato smetterà di funzionare.',
        confirmLabel: 'Annulla invito',
      };
    default:
      return { title: '', message: '', confirmLabel: '' };
  }
}
