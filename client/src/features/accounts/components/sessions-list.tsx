// Security page: the account's active sessions, this device first and marked; each other one can be ended (with a
// confirmation), or all of them at once.
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import type { AccountSecurity_SessionsQuery } from '../../../gql/graphql';
import { messageOfError, resultMessage } from '../../../lib/errors';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { MySessionsQuery, RevokeOtherSessionsMutation, RevokeSessionMutation } from '../account-documents';

type SessionRow = AccountSecurity_SessionsQuery['mySessions'][number];
/** What the confirmation dialog is about: one session, or every other one. */
type Pending = { kind: 'one'; session: SessionRow } | { kind: 'others' } | null;

const WHEN = new Intl.DateTimeFormat('it-IT', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => WHEN.format(new Date(iso));

export function SessionsList() {
  const { data, loading, error, refetch } = useQuery(MySessionsQuery, { fetchPolicy: 'cache-and-network' });
  const [revokeOne] = useMutation(RevokeSessionMutation);
  const [revokeOthers] = useMutation(RevokeOtherSessionsMutation);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);

  // This device first, then the most recently used.
  const sessions = [...(data?.mySessions ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = sessions.filter((s) => !s.current);
  const reload = () => void refetch().catch(() => undefined);

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.kind === 'one') {
        const result = (await revokeOne({ variables: { id: pending.session.id } })).data?.revokeSession;
        const ok = result?.__typename === 'MutationRevokeSessionSuccess';
        notify(ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, ok ? result.data.message : resultMessage(result));
      } else {
        const result = (await revokeOthers()).data?.revokeOtherSessions;
        const ok = result?.__typename === 'MutationRevokeOtherSessionsSuccess';
        notify(ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, ok ? result.data.message : resultMessage(result));
      }
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    } finally {
      setBusy(false);
      setPending(null);
      reload();
    }
  }

  let body;
  if (!data && loading) body = <ListLoading label="Caricamento delle sessioni..." />;
  else if (!data && error) body = <ListError message={messageOfError(error)} onRetry={reload} />;
  else if (sessions.length === 0) body = <ListEmpty>Nessuna sessione attiva.</ListEmpty>;
  else {
    body = (
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Sessioni attive">
        {sessions.map((session) => (
          <Flex
            as="li"
            key={session.id}
            borderWidth="1px"
            borderRadius="lg"
            p="4"
            gap="3"
            align={{ base: 'stretch', sm: 'center' }}
            direction={{ base: 'column', sm: 'row' }}
            justify="space-between"
            bg={session.current ? 'brand.subtle' : undefined}
          >
            <Box minW="0">
              <Flex gap="2" align="center" wrap="wrap">
                <Text fontWeight="semibold">{session.deviceLabel}</Text>
                {session.current && (
                  <Badge colorPalette="green" variant="solid">
                    Questo dispositivo
                  </Badge>
                )}
              </Flex>
              <Text fontSize="sm" color="fg.muted">
                Ultimo utilizzo {when(session.lastUsedAt)}
                {session.ip ? ` · IP ${session.ip}` : ''}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                Accesso del {when(session.createdAt)} · scade il {when(session.expiresAt)}
              </Text>
            </Box>
            {!session.current && (
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                flexShrink={0}
                aria-label={`Termina la sessione ${session.deviceLabel} (ultimo utilizzo ${when(session.lastUsedAt)})`}
                onClick={() => setPending({ kind: 'one', session })}
              >
                Termina
              </Button>
            )}
          </Flex>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="4">
      {body}
      {others.length > 0 && (
        <Flex justify="flex-end">
          <Button variant="outline" colorPalette="red" w={{ base: 'full', sm: 'auto' }} onClick={() => setPending({ kind: 'others' })}>
            Termina tutte le altre sessioni
          </Button>
        </Flex>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'one' ? `Terminare la sessione «${pending.session.deviceLabel}»?` : 'Terminare tutte le altre sessioni?'}
        message={
          pending?.kind === 'one'
            ? 'Su quel dispositivo servirà accedere di nuovo con email e password.'
            : 'Resterai connesso solo su questo dispositivo: sugli altri servirà accedere di nuovo.'
        }
        confirmLabel="Termina"
        loading={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}
