// "Consensi privacy" on the person page (issue 36 point 2): the four purposes, each with its status (Dato, Negato,
// Revocato, Da rinnovare, Mancante), who answers for it today and the latest consent (day, who gave it, the notice
// version); the whole history behind "Storico". Shown to consents.read (the page checks); consents.write records a
// consent ("Registra") and withdraws a given one ("Revoca", after a confirmation).
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { CONSENT_PURPOSE_LABELS } from '../../../../../schema/validation/consents';
import { ChevronDownIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListError } from '../../../components/ui/list-status';
import type { PersonConsents_ConsentsQuery } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { useConfirmedAction } from '../../../lib/use-confirmed-action';
import { useAccess } from '../../../lib/use-access';
import { CONSENT_GIVER_LABELS, CONSENT_STATUS_INFO, fullName, italianDay, italianDayOf } from '../../../lib/consent-labels';
import { PersonConsentsQuery, WithdrawConsentMutation } from '../consents-documents';
import { ConsentRecordDialog, type RecordedPurpose } from './consent-record-dialog';

type Consents = NonNullable<PersonConsents_ConsentsQuery['personConsents']>;
type PurposeState = Consents['purposes'][number];
type HistoryEntry = Consents['history'][number];

interface PurposeActions {
  onRecord: (state: PurposeState) => void;
  onWithdraw: (state: PurposeState) => void;
}

function PurposeItem({ state, actions }: { state: PurposeState; actions: PurposeActions | undefined }) {
  const label = CONSENT_PURPOSE_LABELS[state.purpose];
  const status = CONSENT_STATUS_INFO[state.status];
  const { latest } = state;
  const details = latest && [`${latest.granted ? 'Dato' : 'Negato'} il ${italianDay(latest.givenOn)}`, latest.givenBy && `dato da ${fullName(latest.givenBy)}`, `informativa v${latest.noticeVersion}`].filter(Boolean).join(' · ');
  const withdrawable = latest && latest.granted && !latest.withdrawnAt;
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" p="3" aria-label={label}>
      <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
        <Stack gap="1" minW="0" flex="1 1 14rem">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{label}</Text>
            <Badge size="sm" colorPalette={status.color}>
              {status.label}
            </Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            Risponde: {CONSENT_GIVER_LABELS[state.giver]}
          </Text>
          {details && (
            <Text fontSize="sm" overflowWrap="anywhere">
              {details}
              {latest?.withdrawnAt && ` · revocato il ${italianDayOf(latest.withdrawnAt)}`}
            </Text>
          )}
        </Stack>
        {actions && (
          <HStack gap="1">
            <Button size="xs" variant="outline" onClick={() => actions.onRecord(state)} aria-label={`Registra consenso: ${label}`}>
              Registra
            </Button>
            {withdrawable && (
              <Button size="xs" variant="ghost" colorPalette="red" onClick={() => actions.onWithdraw(state)} aria-label={`Revoca consenso: ${label}`}>
                Revoca
              </Button>
            )}
          </HStack>
        )}
      </Flex>
    </Box>
  );
}

function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const parts = [
    entry.granted ? 'Dato' : 'Negato',
    italianDay(entry.givenOn),
    entry.givenBy && `da ${fullName(entry.givenBy)}`,
    `informativa v${entry.noticeVersion}`,
    entry.withdrawnAt && `revocato il ${italianDayOf(entry.withdrawnAt)}`,
  ].filter(Boolean);
  return (
    <Box as="li" fontSize="sm" py="1">
      <Text as="span" fontWeight="medium">
        {CONSENT_PURPOSE_LABELS[entry.purpose]}
      </Text>
      <Text as="span" color="fg.muted">
        {`: ${parts.join(' · ')}`}
      </Text>
    </Box>
  );
}

function ConsentHistory({ history }: { history: HistoryEntry[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (history.length === 0) return null;
  return (
    <Stack gap="2">
      <Button variant="ghost" size="sm" alignSelf="flex-start" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={listId}>
        <ChevronDownIcon transform={open ? 'rotate(180deg)' : undefined} />
        {`Storico (${history.length})`}
      </Button>
      <Stack as="ul" id={listId} gap="0" listStyleType="none" aria-label="Storico dei consensi" hidden={!open} ps="3" borderStartWidth="2px">
        {history.map((entry) => (
          <HistoryItem key={entry.id} entry={entry} />
        ))}
      </Stack>
    </Stack>
  );
}

export interface PersonConsentsSectionProps {
  personId: string;
  personName: string;
  /** The person page's card frame (its title, an action beside it). */
  Frame: (props: { title: string; action?: ReactNode; children: ReactNode }) => ReactNode;
}

/** Shown to consents.read (the page checks); consents.write records and withdraws. */
export function PersonConsentsSection({ personId, personName, Frame }: PersonConsentsSectionProps) {
  const canWrite = useAccess().can('consents.write');
  const { data, error, refetch } = useQuery(PersonConsentsQuery, { variables: { personId }, fetchPolicy: 'cache-and-network' });
  const [recording, setRecording] = useState<RecordedPurpose | null>(null);
  const [withdraw] = useMutation(WithdrawConsentMutation, { refetchQueries: ['PersonConsents_Consents', 'PersonChanges_List'], awaitRefetchQueries: true });
  // Offered only on a purpose whose latest consent is given and not withdrawn.
  const withdrawing = useConfirmedAction<PurposeState>(async (s) => (await withdraw({ variables: { id: s.latest!.id } })).data?.withdrawConsent);

  const consents = data?.personConsents;
  const actions: PurposeActions | undefined = canWrite ? { onRecord: (s) => setRecording({ purpose: s.purpose, giver: s.giver }), onWithdraw: withdrawing.ask } : undefined;

  return (
    <Frame title="Consensi privacy">
      {!consents ? (
        error || data ? (
          <ListError message={error ? messageOfError(error) : 'Consensi non disponibili.'} onRetry={() => void refetch().catch(() => undefined)} />
        ) : (
          <Text color="fg.muted" role="status">
            Caricamento dei consensi...
          </Text>
        )
      ) : (
        <Stack gap="4">
          <Stack as="ul" gap="2" listStyleType="none" aria-label={`Consensi di ${personName}`}>
            {consents.purposes.map((s) => (
              <PurposeItem key={s.purpose} state={s} actions={actions} />
            ))}
          </Stack>
          <ConsentHistory history={consents.history} />
        </Stack>
      )}
      {canWrite && (
        <>
          <ConsentRecordDialog recorded={recording} personId={personId} personName={personName} onClose={() => setRecording(null)} />
          <ConfirmDialog
            open={withdrawing.target !== null}
            title="Revocare il consenso?"
            message={
              withdrawing.target
                ? `Il consenso "${CONSENT_PURPOSE_LABELS[withdrawing.target.purpose]}" di ${personName} risulterà revocato da oggi; resta nello storico.`
                : ''
            }
            confirmLabel="Revoca"
            loading={withdrawing.busy}
            onConfirm={withdrawing.confirm}
            onCancel={withdrawing.cancel}
          />
        </>
      )}
    </Frame>
  );
}
