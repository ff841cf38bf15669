// The invitation door (issue 34 point 2): the page of every mailed invitation link (/invito for a club's
// collaborators, /organizzazione/invito for an organisation's staff; the next kinds use it unchanged). Shared
// (components/), because each kind's route lives in its own feature and features do not import each other. On load it
// reads the link (invitation(token)) and says what it opens, with which role and who invited, or that it was used,
// expired or revoked, before any click. Then, by who is looking:
//   - nobody signed in, an address without an account: an account-only sign-up (name, password; the address is the
//     invitation's and cannot be changed), which joins and signs in at once;
//   - nobody signed in, an address with an account: the way to sign in, back here afterwards;
//   - signed in: "Accetta l'invito", then the way into the club or organisation.
// What differs by kind is only KIND_TEXT and where the account goes after joining (`destination`): the club, the
// organisation's portal, or the personal area (/area) for `family` (a member or a guardian whose record the club links
// to the account: the staff's "Invita a collegare l'account", or the mail of an approved online registration).
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Field, Heading, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '../../../../schema/messages';
import { invitationSignUpFields, type InvitationSignUpFields } from '../../../../schema/validation/invitations';
import { PasswordPair, SchemaForm, TextField, useSchemaForm, type SubmitOutcome } from '../form';
import { AuthFrame } from '../ui/auth-frame';
import { PageSpinner } from '../ui/page-spinner';
import type { InvitationDoor_ReadQuery, InvitationKind, InvitationState } from '../../gql/graphql';
import { messageOfError } from '../../lib/errors';
import { readMutationResult } from '../../lib/mutation-result';
import { loginPathFor } from '../../lib/return-to';
import { useSession } from '../../lib/session';
import { AcceptInvitationMutation, InvitationQuery, SignUpWithInvitationMutation } from './invitation-documents';

/**
 * Per kind: the page's title, what the target and the role are called, the sign-up's line and the accept's sentence.
 * A new kind of invitation adds one entry.
 */
const KIND_TEXT: Record<InvitationKind, { title: string; target: string; role: string; signUp: (i: Preview) => string; accept: (i: Preview) => string }> = {
  collaborator: {
    title: 'Invito a collaborare',
    target: 'Società',
    role: 'Ruolo',
    signUp: (i) => `Ti servono solo nome, cognome e una password: l’account entra in ${i.targetName} con il ruolo ${i.roleLabel}, senza registrare nessuna società.`,
    accept: (i) => `${i.targetName} si aggiunge alle tue e ci lavori con il ruolo ${i.roleLabel}.`,
  },
  organisationStaff: {
    title: "Invito nello staff di un'organizzazione",
    target: 'Organizzazione',
    role: 'Ruolo',
    signUp: (i) => `Ti servono solo nome, cognome e una password: l’account entra in ${i.targetName} con il ruolo ${i.roleLabel}, senza registrare nessuna società.`,
    accept: (i) => `${i.targetName} si aggiunge alle tue e ci lavori con il ruolo ${i.roleLabel}.`,
  },
  family: {
    title: 'Accesso all’area personale',
    target: 'Società',
    role: 'Accesso',
    signUp: (i) =>
      `Ti servono solo nome, cognome e una password: con l’account vedi nell’area personale i tuoi dati e quelli dei tuoi figli presso ${i.targetName}, anche dal telefono. Non registri nessuna società.`,
    accept: (i) => `la scheda che ${i.targetName} ha su di te si collega al tuo account e la trovi nell’area personale, con quelle dei tuoi figli.`,
  },
};

const STATE_MESSAGE: Record<Exclude<InvitationState, 'pending'>, string> = {
  accepted: MSG.invitationUsed,
  expired: MSG.invitationExpired,
  revoked: MSG.invitationRevoked,
};

type Preview = NonNullable<InvitationDoor_ReadQuery['invitation']>;
type Joined = { kind: InvitationKind; message: string; targetId: string; targetName: string; membershipId?: string | null };

/** The door, in the sign-in pages' frame whether or not someone is signed in (RequireAuth lets its paths through). */
export function InvitationDoor() {
  const Frame = AuthFrame;
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { data, loading, error } = useQuery(InvitationQuery, { variables: { token }, skip: !token, fetchPolicy: 'network-only' });
  const invitation = data?.invitation ?? null;
  /** Accepted here: shown whatever the link's state reads afterwards (it is "accepted" now). */
  const [joined, setJoined] = useState<Joined | null>(null);

  if (token && loading) {
    return (
      <Frame title="Invito">
        <PageSpinner label="Lettura dell'invito..." />
      </Frame>
    );
  }
  if (!invitation) {
    return (
      <Frame title="Invito">
        <Stack gap="4">
          <Text role="status" color="fg.error" fontWeight="semibold">
            {error ? messageOfError(error) : MSG.invitationUnknown}
          </Text>
          <SignInOrHome />
        </Stack>
      </Frame>
    );
  }
  const { title } = KIND_TEXT[invitation.kind];
  return (
    <Frame title={title} subtitle={summaryLine(invitation)}>
      <Stack gap="6">
        <InvitationFacts invitation={invitation} />
        {joined ? (
          <JoinedHere joined={joined} />
        ) : invitation.state === 'pending' ? (
          <PendingInvitation token={token} invitation={invitation} onJoined={setJoined} />
        ) : (
          <Stack gap="4">
            <Text role="status" color="fg.error" fontWeight="semibold">
              {STATE_MESSAGE[invitation.state]}
            </Text>
            <SignInOrHome />
          </Stack>
        )}
      </Stack>
    </Frame>
  );
}

function summaryLine(invitation: Preview): string {
  const who = invitation.invitedBy ?? invitation.targetName;
  if (invitation.kind === 'family') return `${invitation.targetName} ti invita nell’area personale su CampoBase: i tuoi dati e quelli dei tuoi figli, anche dal telefono.`;
  return invitation.kind === 'organisationStaff'
    ? `${who} ti invita nello staff di ${invitation.targetName} su CampoBase.`
    : `${who} ti invita a collaborare con ${invitation.targetName} su CampoBase.`;
}

function InvitationFacts({ invitation }: { invitation: Preview }) {
  const rows: [string, string][] = [
    [KIND_TEXT[invitation.kind].target, invitation.targetName],
    [KIND_TEXT[invitation.kind].role, invitation.roleLabel],
    ...(invitation.invitedBy ? [['Invitato da', invitation.invitedBy] as [string, string]] : []),
    ['Email invitata', invitation.email],
  ];
  return (
    <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'max-content 1fr' }} columnGap="6" rowGap={{ base: '0', sm: '2' }}>
      {rows.map(([term, value]) => (
        <Box key={term} display="contents">
          <Text as="dt" color="fg.muted" fontSize="sm" mt={{ base: '2', sm: '0' }}>
            {term}
          </Text>
          <Text as="dd" fontWeight="semibold" wordBreak="break-word">
            {value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

function SignInOrHome() {
  const { status } = useSession();
  return status === 'authenticated' ? (
    <Button asChild variant="outline" alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
      <RouterLink to="/dashboard">Vai alla dashboard</RouterLink>
    </Button>
  ) : (
    <Button asChild variant="outline" alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
      <RouterLink to="/login">Vai all’accesso</RouterLink>
    </Button>
  );
}

/** Where an account goes once it joined: the personal area, the club (made the current one) or the organisation's portal. */
function useDestination() {
  const navigate = useNavigate();
  const { selectClub } = useSession();
  return async (joined: Joined): Promise<boolean> => {
    if (joined.kind === 'family') {
      void navigate('/area');
      return true;
    }
    if (joined.membershipId) {
      if (!(await selectClub(joined.membershipId))) return false;
      void navigate('/dashboard');
      return true;
    }
    void navigate(`/organizzazione/${joined.targetId}`);
    return true;
  };
}

function PendingInvitation({ token, invitation, onJoined }: { token: string; invitation: Preview; onJoined: (joined: Joined) => void }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'authenticated') return <AcceptAsAccount token={token} invitation={invitation} onJoined={onJoined} />;
  if (invitation.hasAccount) {
    return (
      <Stack gap="4">
        <Text>Esiste già un account con l’indirizzo {invitation.email}: accedi con la tua password e poi accetta l’invito.</Text>
        <Button asChild alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
          <RouterLink to={loginPathFor(location.pathname, location.search)}>Accedi per accettare</RouterLink>
        </Button>
      </Stack>
    );
  }
  return <SignUpByInvitation token={token} invitation={invitation} onJoined={onJoined} />;
}

function SignUpByInvitation({ token, invitation, onJoined }: { token: string; invitation: Preview; onJoined: (joined: Joined) => void }) {
  const session = useSession();
  const location = useLocation();
  const goTo = useDestination();
  const [signUp] = useMutation(SignUpWithInvitationMutation);
  const form = useSchemaForm(invitationSignUpFields, { firstname: '', lastname: '', password: '', passwordConfirmation: '' });
  const sending = form.formState.isSubmitting;

  async function send(input: InvitationSignUpFields): Promise<SubmitOutcome> {
    const { data } = await signUp({ variables: { input: { token, ...input } } });
    const outcome = readMutationResult(data?.signUpWithInvitation);
    if (!outcome.ok) return { ok: false, message: Object.keys(outcome.fieldErrors).length ? '' : outcome.message, fieldErrors: outcome.fieldErrors };
    session.signIn({ token: outcome.data.token, account: outcome.data.account });
    // Signed in and joined: the page says so (its "Vai a" stays there should the way in fail) while it goes in.
    onJoined(outcome.data.joined);
    await goTo(outcome.data.joined);
  }

  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        Crea il tuo account
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {KIND_TEXT[invitation.kind].signUp(invitation)}
      </Text>
      <SchemaForm form={form} onSubmit={send} aria-label="Crea il tuo account">
        {/* The invitation's address: shown, not sent (the server uses the invitation's own). */}
        <Field.Root readOnly>
          <Field.Label>Email</Field.Label>
          <Input readOnly value={invitation.email} autoComplete="username" />
          <Field.HelperText>È l’indirizzo a cui è arrivato l’invito: non si può cambiare.</Field.HelperText>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField name="firstname" label="Nome" required autoComplete="given-name" />
          <TextField name="lastname" label="Cognome" required autoComplete="family-name" />
        </SimpleGrid>
        <PasswordPair name="password" confirmName="passwordConfirmation" />
        <Button type="submit" size="lg" width="full" disabled={sending}>
          {sending ? 'Creazione in corso...' : 'Crea l’account e accetta'}
        </Button>
        <Text textAlign="center" fontSize="sm" color="fg.muted">
          Hai già un account?{' '}
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to={loginPathFor(location.pathname, location.search)}>Accedi</RouterLink>
          </Link>
        </Text>
      </SchemaForm>
    </Stack>
  );
}

function AcceptAsAccount({ token, invitation, onJoined }: { token: string; invitation: Preview; onJoined: (joined: Joined) => void }) {
  const { account, refreshAccount } = useSession();
  const client = useApolloClient();
  const [accept, { loading }] = useMutation(AcceptInvitationMutation);
  const [refusal, setRefusal] = useState<string | null>(null);
  const otherAddress = account && account.email.toLowerCase() !== invitation.email.toLowerCase();

  async function confirm() {
    try {
      const result = readMutationResult((await accept({ variables: { token } })).data?.acceptInvitation);
      if (!result.ok) return setRefusal(result.message);
      // The account's clubs (the session) and organisations (the profile menu's "Organizzazione") changed.
      client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'myOrganisations' });
      await refreshAccount().catch(() => undefined);
      onJoined(result.data);
    } catch (e) {
      setRefusal(messageOfError(e));
    }
  }

  if (refusal) {
    return (
      <Stack gap="4">
        <Text role="status" color="fg.error" fontWeight="semibold">
          {refusal}
        </Text>
        <SignInOrHome />
      </Stack>
    );
  }
  return (
    <Stack gap="4">
      <Text>
        Accetti con il tuo account <strong>{account?.email}</strong>: {KIND_TEXT[invitation.kind].accept(invitation)}
      </Text>
      {otherAddress && <Text color="fg.muted">{MSG.invitationOtherAddress(invitation.email)}</Text>}
      <Button alignSelf={{ base: 'stretch', sm: 'flex-start' }} onClick={() => void confirm()} loading={loading} loadingText="Accettazione in corso...">
        Accetta l’invito
      </Button>
    </Stack>
  );
}

/** Joined from this page: the server's sentence, and the way in (the club made the current one, or the portal). */
function JoinedHere({ joined }: { joined: Joined }) {
  const goTo = useDestination();
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function open() {
    setOpening(true);
    try {
      if (!(await goTo(joined))) setFailure(MSG.unexpected);
    } catch (e) {
      setFailure(messageOfError(e));
    } finally {
      setOpening(false);
    }
  }

  return (
    <Stack gap="4">
      <Text role="status" color={failure ? 'fg.error' : 'fg.success'} fontWeight="semibold">
        {failure ?? joined.message}
      </Text>
      {joined.kind === 'family' ? (
        <Button asChild alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
          <RouterLink to="/area">Apri l’area personale</RouterLink>
        </Button>
      ) : joined.membershipId ? (
        <Button alignSelf={{ base: 'stretch', sm: 'flex-start' }} onClick={() => void open()} loading={opening}>
          Vai a {joined.targetName}
        </Button>
      ) : (
        <Button asChild alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
          <RouterLink to={`/organizzazione/${joined.targetId}`}>Apri {joined.targetName}</RouterLink>
        </Button>
      )}
    </Stack>
  );
}
