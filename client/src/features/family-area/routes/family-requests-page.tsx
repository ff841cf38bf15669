// /richieste-famiglie, "Richieste dalle famiglie" (issue 36 point 4, the club's side of the personal area): what members
// and guardians sent from their area, by default what waits (the status filter shows the decided ones). Two lists:
// "Modifiche ai dati" (people of kinds the role may edit: name, tax code or birth data, from -> to) and "Certificati
// medici" (health.write: type, dates, the file). Each waiting one is approved after a confirmation, or rejected with a
// reason the family receives by mail (the shared reason dialog).
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PERSON_KINDS } from '../../../../../schema/constants';
import { MSG } from '../../../../../schema/messages';
import { FAMILY_MSG } from '../../../../../schema/messages-family';
import { requiredText } from '../../../../../schema/validation/fields';
import type { SubmitOutcome } from '../../../components/form';
import { FileIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { SelectInput } from '../../../components/ui/select-field';
import type { FamilyRequestStatus, FamilyRequests_CertificatesQuery, FamilyRequests_ChangesQuery } from '../../../gql/graphql';
import { openAuthorizedFile } from '../../../lib/authorized-file';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/use-access';
import { CERTIFICATE_STATUS, changeValue, fieldLabel, italianDay, REQUEST_STATUS } from '../family-labels';
import { CertificateSubmissionsQuery, ChangeRequestsQuery, DecideCertificateMutation, DecideChangeRequestMutation } from '../family-requests-documents';

const TITLE = 'Richieste dalle famiglie';
const STATUSES: FamilyRequestStatus[] = ['in_attesa', 'approvata', 'rifiutata'];
const STATUS_OPTIONS = [
  { value: 'in_attesa', label: 'Da decidere' },
  { value: 'approvata', label: 'Approvate' },
  { value: 'rifiutata', label: 'Rifiutate' },
];
const ANY_PEOPLE_WRITE = PERSON_KINDS.map((kind) => `people.${kind}.write` as const);

/** The reason the family receives: required, as the server requires it (its message). */
const reasonRule = requiredText(FAMILY_MSG.familyReasonRequired).pipe(z.string().max(1000, { error: MSG.textTooLong }));

type Change = FamilyRequests_ChangesQuery['personChangeRequests'][number];
type Certificate = FamilyRequests_CertificatesQuery['certificateSubmissions'][number];
type Kind = 'change' | 'certificate';
interface Target {
  kind: Kind;
  id: string;
  who: string;
}

const dateTime = (instant: string) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(instant));

function PersonLink({ name, roleId }: { name: string; roleId: string | null | undefined }) {
  if (!roleId) return <Text fontWeight="semibold">{name}</Text>;
  return (
    <Link asChild fontWeight="semibold" color="brand.fg" overflowWrap="anywhere">
      <RouterLink to={`/persona/${roleId}`}>{name}</RouterLink>
    </Link>
  );
}

function Decisions({ who, what, onApprove, onReject }: { who: string; what: string; onApprove: () => void; onReject: () => void }) {
  return (
    <HStack gap="2" justify={{ base: 'stretch', sm: 'flex-end' }} wrap="wrap">
      <Button size="sm" variant="outline" colorPalette="red" onClick={onReject} aria-label={`Rifiuta ${what} di ${who}`} flex={{ base: '1', sm: 'initial' }}>
        Rifiuta
      </Button>
      <Button size="sm" onClick={onApprove} aria-label={`Approva ${what} di ${who}`} flex={{ base: '1', sm: 'initial' }}>
        Approva
      </Button>
    </HStack>
  );
}

function Decided({ status, reason, certificate }: { status: FamilyRequestStatus; reason: string | null | undefined; certificate?: boolean }) {
  const look = (certificate ? CERTIFICATE_STATUS : REQUEST_STATUS)[status];
  return (
    <Stack gap="1" align={{ base: 'flex-start', sm: 'flex-end' }}>
      <Badge colorPalette={look.color}>{look.label}</Badge>
      {reason && (
        <Text fontSize="sm" overflowWrap="anywhere">
          {`Motivo: ${reason}`}
        </Text>
      )}
    </Stack>
  );
}

function ChangeRow({ change, onDecide }: { change: Change; onDecide: (approve: boolean) => void }) {
  return (
    <Box as="li" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '3', md: '4' }}>
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }} justify="space-between">
        <Stack gap="1" minW="0">
          <PersonLink name={change.personName} roleId={change.roleId} />
          <Stack as="ul" gap="0.5" listStyleType="none">
            {change.changes.map((c) => (
              <Text as="li" key={c.field} fontSize="sm" overflowWrap="anywhere">
                <strong>{fieldLabel(c.field)}</strong>: {changeValue(c.field, c.from)} → {changeValue(c.field, c.to)}
              </Text>
            ))}
          </Stack>
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            {`Chiesta da ${change.requestedBy} il ${dateTime(change.createdAt)}`}
          </Text>
        </Stack>
        {change.status === 'in_attesa' ? (
          <Decisions who={change.personName} what="la modifica" onApprove={() => onDecide(true)} onReject={() => onDecide(false)} />
        ) : (
          <Decided status={change.status} reason={change.reason} />
        )}
      </Flex>
    </Box>
  );
}

function CertificateRow({ certificate, onDecide }: { certificate: Certificate; onDecide: (approve: boolean) => void }) {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      await openAuthorizedFile(`/files/${certificate.fileId}`);
    } catch {
      notify(MESSAGE_LEVEL.error, MSG.loadFailed);
    } finally {
      setOpening(false);
    }
  };
  const details = [certificate.type, certificate.sport, `rilasciato il ${italianDay(certificate.issuedOn)}`, `scade il ${italianDay(certificate.expiresOn)}`, certificate.issuer].filter(Boolean).join(' · ');
  return (
    <Box as="li" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '3', md: '4' }}>
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }} justify="space-between">
        <Stack gap="1" minW="0" align="flex-start">
          <PersonLink name={certificate.personName} roleId={certificate.roleId} />
          <Text fontSize="sm" overflowWrap="anywhere">
            {details}
          </Text>
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            {`Inviato da ${certificate.submittedBy} il ${dateTime(certificate.createdAt)}`}
          </Text>
          <Button size="xs" variant="outline" onClick={() => void open()} loading={opening} aria-label={`Apri il file del certificato di ${certificate.personName}`}>
            <FileIcon boxSize="4" />
            Apri il file
          </Button>
        </Stack>
        {certificate.status === 'in_attesa' ? (
          <Decisions who={certificate.personName} what="il certificato" onApprove={() => onDecide(true)} onReject={() => onDecide(false)} />
        ) : (
          <Decided status={certificate.status} reason={certificate.reason} certificate />
        )}
      </Flex>
    </Box>
  );
}

function ListSection<T extends { id: string }>({
  id,
  title,
  description,
  query,
  items,
  empty,
  render,
}: {
  id: string;
  title: string;
  description: string;
  query: { error?: unknown; refetch: () => Promise<unknown> };
  items: T[] | undefined;
  empty: string;
  render: (item: T) => ReactNode;
}) {
  let body;
  if (items === undefined && query.error) body = <ListError message={messageOfError(query.error)} onRetry={() => void query.refetch().catch(() => undefined)} />;
  else if (items === undefined) body = <ListLoading />;
  else if (!items.length) body = <ListEmpty>{empty}</ListEmpty>;
  else
    body = (
      <Stack as="ul" gap="2" listStyleType="none" aria-label={title}>
        {items.map(render)}
      </Stack>
    );
  return (
    <Stack as="section" gap="3" aria-labelledby={id}>
      <Stack gap="1">
        <Flex gap="2" align="center">
          <Heading as="h2" id={id} size="lg">
            {title}
          </Heading>
          {items && items.length > 0 && (
            <Badge variant="subtle" colorPalette="gray">
              {items.length}
            </Badge>
          )}
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {description}
        </Text>
      </Stack>
      {body}
    </Stack>
  );
}

const REJECT_TEXT = {
  change: {
    title: 'Rifiuta la modifica',
    explain: 'I dati restano come sono. Scrivi il motivo: lo riceverà per email chi ha chiesto la modifica.',
    label: 'Motivo del rifiuto',
    submit: 'Rifiuta',
  },
  certificate: {
    title: 'Rifiuta il certificato',
    explain: 'Il certificato non entra nello storico. Scrivi il motivo (per esempio: il file non si legge): lo riceverà per email chi lo ha inviato.',
    label: 'Motivo del rifiuto',
    submit: 'Rifiuta',
  },
} as const;

export default function FamilyRequestsPage() {
  useDocumentTitle(TITLE);
  const access = useAccess();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('stato');
  const status: FamilyRequestStatus = STATUSES.includes(statusParam as FamilyRequestStatus) ? (statusParam as FamilyRequestStatus) : 'in_attesa';
  const seesChanges = access.canAny(ANY_PEOPLE_WRITE);
  const seesCertificates = access.can('health.write');

  const changes = useQuery(ChangeRequestsQuery, { variables: { status }, skip: !seesChanges, fetchPolicy: 'cache-and-network' });
  const certificates = useQuery(CertificateSubmissionsQuery, { variables: { status }, skip: !seesCertificates, fetchPolicy: 'cache-and-network' });
  const refetchQueries = ['FamilyRequests_Changes', 'FamilyRequests_Certificates'];
  const [decideChange, changeDecision] = useMutation(DecideChangeRequestMutation, { refetchQueries, awaitRefetchQueries: true });
  const [decideCertificate, certificateDecision] = useMutation(DecideCertificateMutation, { refetchQueries, awaitRefetchQueries: true });
  const sending = changeDecision.loading || certificateDecision.loading;

  const [approving, setApproving] = useState<Target | null>(null);
  const [rejecting, setRejecting] = useState<Target | null>(null);

  const decide = async (target: Target, approve: boolean, reason?: string) => {
    const input = { id: target.id, approve, reason: reason ?? null };
    return target.kind === 'change'
      ? readMutationResult((await decideChange({ variables: { input } })).data?.decidePersonChangeRequest)
      : readMutationResult((await decideCertificate({ variables: { input } })).data?.decideCertificateSubmission);
  };

  const confirmApprove = async () => {
    if (!approving) return;
    try {
      const outcome = await decide(approving, true);
      notify(outcome.ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, outcome.ok ? outcome.data.message : outcome.message);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    } finally {
      setApproving(null);
    }
  };

  const reject = async (reason: string): Promise<SubmitOutcome> => {
    if (!rejecting) return;
    const outcome = await decide(rejecting, false, reason);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    setRejecting(null);
  };

  const changeItems = (changes.data ?? changes.previousData)?.personChangeRequests;
  const certificateItems = (certificates.data ?? certificates.previousData)?.certificateSubmissions;
  const waiting = status === 'in_attesa';

  return (
    <Stack gap="6" maxW="5xl" w="100%">
      <Stack gap="2">
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="fg.muted">
          Quello che soci e genitori chiedono dall’area personale: modifiche ai dati anagrafici e nuovi certificati medici. Chi ha chiesto riceve una email con la
          decisione.
        </Text>
      </Stack>
      <Box as="section" aria-label="Filtri" bg="bg" borderWidth="1px" borderRadius="xl" p="4">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <FormField label="Stato">
            <SelectInput
              name="stato"
              value={status}
              onChange={(e) =>
                setParams((p) => {
                  const next = new URLSearchParams(p);
                  if (e.target.value === 'in_attesa') next.delete('stato');
                  else next.set('stato', e.target.value);
                  return next;
                })
              }
              options={STATUS_OPTIONS}
            />
          </FormField>
        </SimpleGrid>
      </Box>

      {seesChanges && (
        <ListSection
          id="modifiche"
          title="Modifiche ai dati"
          description="Nome, cognome, codice fiscale e dati di nascita: approvando, la scheda cambia subito."
          query={changes}
          items={changeItems}
          empty={waiting ? 'Nessuna modifica da decidere.' : 'Nessuna modifica con questo stato.'}
          render={(c) => (
            <ChangeRow
              key={c.id}
              change={c}
              onDecide={(approve) => (approve ? setApproving : setRejecting)({ kind: 'change', id: c.id, who: c.personName })}
            />
          )}
        />
      )}
      {seesCertificates && (
        <ListSection
          id="certificati"
          title="Certificati medici"
          description="Approvando, il certificato entra nello storico della persona e ne aggiorna la scadenza."
          query={certificates}
          items={certificateItems}
          empty={waiting ? 'Nessun certificato da decidere.' : 'Nessun certificato con questo stato.'}
          render={(c) => (
            <CertificateRow
              key={c.id}
              certificate={c}
              onDecide={(approve) => (approve ? setApproving : setRejecting)({ kind: 'certificate', id: c.id, who: c.personName })}
            />
          )}
        />
      )}

      <ConfirmDialog
        open={approving !== null}
        tone="neutral"
        title={approving?.kind === 'certificate' ? `Approvare il certificato di ${approving.who}?` : `Approvare la modifica di ${approving?.who ?? ''}?`}
        message={
          approving?.kind === 'certificate'
            ? 'Il certificato entra nello storico della persona; chi lo ha inviato riceve una email.'
            : 'I dati della scheda cambiano come chiesto; chi ha chiesto la modifica riceve una email.'
        }
        confirmLabel="Approva"
        loading={sending}
        onConfirm={() => void confirmApprove()}
        onCancel={() => setApproving(null)}
      />
      <ReasonDialog
        open={rejecting !== null}
        title={rejecting ? `${REJECT_TEXT[rejecting.kind].title}: ${rejecting.who}` : ''}
        text={REJECT_TEXT[rejecting?.kind ?? 'change']}
        rule={reasonRule}
        formKey={rejecting ? `${rejecting.kind}-${rejecting.id}` : ''}
        sending={sending}
        onSubmit={reject}
        onClose={() => setRejecting(null)}
        maxLength={1000}
      />
    </Stack>
  );
}
