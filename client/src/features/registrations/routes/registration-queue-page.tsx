// /iscrizioni/da-approvare (registrations.manage; issue 36 point 3): the signed registrations, by default those
// waiting for approval (the status filter shows the others, or every signed one), optionally of one form; 8 a
// page, the oldest signature first. Rows waiting can be selected and approved together after a confirmation;
// "Dettagli" opens everything the family sent in a side panel, with Approva / Chiedi modifiche / Rifiuta.
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Checkbox, Flex, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { SUBMISSION_STATUS_LABELS, SUBMISSION_STATUSES, type SubmissionStatus } from '../../../../../schema/validation/registrations';
import { ArrowLeftIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import { Pager } from '../../../components/ui/pager';
import { SelectInput } from '../../../components/ui/select-field';
import { SidePanel } from '../../../components/ui/side-panel';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { pageCount } from '../../../lib/use-cursor-pages';
import { pageVariables, useClampedPage, useListView } from '../../../lib/use-list-view';
import { DecisionDialog, type Decision } from '../components/decision-dialog';
import { personName, SubmissionDetail, type Submission } from '../components/submission-detail';
import { italianDateTime, SUBMISSION_STATUS_COLORS } from '../registration-labels';
import { ApproveRegistrationsMutation, RegistrationQueueFormsQuery, RegistrationSubmissionsQuery } from '../registrations-documents';

const TITLE = 'Iscrizioni da approvare';
/** The status filter's value for every signed registration. */
const ALL = 'tutte';

const STATUS_OPTIONS = [
  ...SUBMISSION_STATUSES.filter((s) => s !== 'da_firmare').map((value) => ({ value, label: SUBMISSION_STATUS_LABELS[value] })),
  { value: 'da_firmare', label: SUBMISSION_STATUS_LABELS.da_firmare },
  { value: ALL, label: 'Tutte le firmate' },
];

/** Who registered and whom: "Maria Rossi per Luca Rossi, Anna Rossi" (an adult alone: their name). */
const peopleOf = (s: Submission) => s.content.people.map(personName).join(', ');

function QueueRow({
  submission,
  selected,
  onSelect,
  onOpen,
}: {
  submission: Submission;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onOpen: () => void;
}) {
  const status = submission.status;
  const registrant = personName(submission.content.registrant);
  const waiting = status === 'in_attesa';
  return (
    <Box as="li" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '3', md: '4' }} borderColor={selected ? 'brand.solid' : undefined}>
      <Flex gap="3" align="flex-start">
        <Box pt="1" minW="5">
          {waiting && (
            <Checkbox.Root colorPalette="brand" checked={selected} onCheckedChange={(d) => onSelect(d.checked === true)}>
              <Checkbox.HiddenInput aria-label={`Seleziona l'iscrizione di ${registrant}`} />
              <Checkbox.Control />
            </Checkbox.Root>
          )}
        </Box>
        <Stack gap="1" flex="1" minW="0">
          <Flex gap="2" justify="space-between" wrap="wrap">
            <Text fontWeight="semibold" overflowWrap="anywhere">
              {submission.content.self ? `${registrant} (iscrizione personale)` : registrant}
            </Text>
            <Badge colorPalette={SUBMISSION_STATUS_COLORS[status]}>{SUBMISSION_STATUS_LABELS[status]}</Badge>
          </Flex>
          {!submission.content.self && (
            <Text fontSize="sm" overflowWrap="anywhere">
              {`Iscrive: ${peopleOf(submission)}`}
            </Text>
          )}
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            {`${submission.form.title}${submission.signedAt ? ` · firmata il ${italianDateTime(submission.signedAt)}` : ''}`}
          </Text>
        </Stack>
        <Button size="sm" variant="outline" onClick={onOpen} aria-label={`Dettagli dell'iscrizione di ${registrant}`} flexShrink={0}>
          Dettagli
        </Button>
      </Flex>
    </Box>
  );
}

export default function RegistrationQueuePage() {
  useDocumentTitle(TITLE);
  const view = useListView(['stato', 'modulo']);
  const statusParam = view.values.stato;
  const status = statusParam === ALL ? null : ((SUBMISSION_STATUSES as readonly string[]).includes(statusParam) ? statusParam : 'in_attesa') as SubmissionStatus | null;
  const formId = view.values.modulo;

  const forms = useQuery(RegistrationQueueFormsQuery, { fetchPolicy: 'cache-and-network' });
  const list = useQuery(RegistrationSubmissionsQuery, {
    variables: { status, formId: formId || null, ...pageVariables(view.page) },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = (list.data ?? list.previousData)?.registrationSubmissions;
  const items = page?.items ?? [];
  const totalPages = page ? pageCount(page.totalCount) : undefined;
  useClampedPage(view, totalPages);

  const [selected, setSelected] = useState<Set<string>>(new Set());
  // a new view (filter, page) starts with nothing selected; rows that left the list drop out of the selection
  const itemKey = items.map((i) => `${i.id}:${i.status}`).join(',');
  useEffect(() => {
    setSelected((current) => {
      const waiting = new Set(items.filter((i) => i.status === 'in_attesa').map((i) => i.id));
      const kept = [...current].filter((id) => waiting.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the rows' ids and statuses say when to look again
  }, [itemKey]);

  const [openId, setOpenId] = useState<string | null>(null);
  const open = items.find((i) => i.id === openId) ?? null;
  const [decision, setDecision] = useState<{ kind: Decision; id: string; who: string } | null>(null);
  const [approving, setApproving] = useState<string[] | null>(null);
  const [approve, approval] = useMutation(ApproveRegistrationsMutation, { refetchQueries: ['RegistrationQueue_Submissions', 'RegistrationForms_List'], awaitRefetchQueries: true });

  const confirmApprove = async () => {
    if (!approving) return;
    try {
      const outcome = readMutationResult((await approve({ variables: { ids: approving } })).data?.approveRegistrations);
      if (!outcome.ok) {
        notify(MESSAGE_LEVEL.error, outcome.message);
        return;
      }
      const { approved, refused, message } = outcome.data;
      if (approved.length) notify(MESSAGE_LEVEL.success, message);
      for (const r of refused) notify(MESSAGE_LEVEL.warning, r.message);
      setSelected(new Set());
      if (openId && approved.includes(openId)) setOpenId(null);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    } finally {
      setApproving(null);
    }
  };

  const formOptions = (forms.data?.registrationForms ?? []).map((f) => ({ value: f.id, label: f.title }));
  const filtered = Boolean(formId) || statusParam !== '';

  let body;
  if (list.error && !page) body = <ListError message={messageOfError(list.error)} onRetry={() => void list.refetch().catch(() => undefined)} />;
  else if (!page) body = <ListLoading label="Caricamento delle iscrizioni..." />;
  else if (page.totalCount === 0)
    body = <ListEmpty>{status === 'in_attesa' ? 'Nessuna iscrizione da approvare.' : 'Nessuna iscrizione con questi filtri.'}</ListEmpty>;
  else {
    const waiting = items.filter((i) => i.status === 'in_attesa');
    const allSelected = waiting.length > 0 && waiting.every((i) => selected.has(i.id));
    body = (
      <Stack gap="3" aria-busy={list.loading}>
        <Flex gap="3" justify="space-between" align="center" wrap="wrap">
          <HStack gap="3" wrap="wrap">
            {waiting.length > 0 && (
              <Checkbox.Root
                colorPalette="brand"
                checked={allSelected ? true : selected.size > 0 ? 'indeterminate' : false}
                onCheckedChange={(d) => setSelected(d.checked === true ? new Set(waiting.map((i) => i.id)) : new Set())}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>Seleziona tutte le iscrizioni della pagina</Checkbox.Label>
              </Checkbox.Root>
            )}
            <Text color="fg.muted" fontSize="sm" aria-live="polite">
              {page.totalCount === 1 ? '1 iscrizione' : `${page.totalCount} iscrizioni`}
            </Text>
          </HStack>
          {waiting.length > 0 && (
            <Button onClick={() => setApproving([...selected])} disabled={selected.size === 0 || approval.loading}>
              {`Approva selezionate (${selected.size})`}
            </Button>
          )}
        </Flex>
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Iscrizioni">
          {items.map((s) => (
            <QueueRow
              key={s.id}
              submission={s}
              selected={selected.has(s.id)}
              onSelect={(checked) =>
                setSelected((current) => {
                  const next = new Set(current);
                  if (checked) next.add(s.id);
                  else next.delete(s.id);
                  return next;
                })
              }
              onOpen={() => setOpenId(s.id)}
            />
          ))}
        </Stack>
        {totalPages !== undefined && totalPages > 1 && (
          <Pager page={view.page} totalPages={totalPages} loading={list.loading} onPrev={() => view.setPage(view.page - 1)} onNext={() => view.setPage(view.page + 1)} onJump={view.setPage} />
        )}
      </Stack>
    );
  }

  const openName = open ? personName(open.content.registrant) : '';
  const openWaiting = open?.status === 'in_attesa';

  return (
    <Stack gap="6" maxW="5xl" w="100%">
      <Stack gap="2">
        <Link asChild fontSize="sm" color="fg.muted" alignSelf="flex-start">
          <RouterLink to="/iscrizioni">
            <ArrowLeftIcon />
            Iscrizioni online
          </RouterLink>
        </Link>
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="fg.muted">Le iscrizioni firmate dalle famiglie: controlla i dati e i documenti, poi approva, chiedi modifiche o rifiuta.</Text>
      </Stack>
      <Box as="section" aria-label="Filtri" bg="bg" borderWidth="1px" borderRadius="xl" p="4">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="end">
          <FormField label="Stato">
            <SelectInput name="stato" value={status ?? ALL} onChange={(e) => view.set({ stato: e.target.value === 'in_attesa' ? '' : e.target.value })} options={STATUS_OPTIONS} />
          </FormField>
          <FormField label="Modulo">
            <SelectInput name="modulo" value={formId} onChange={(e) => view.set({ modulo: e.target.value })} options={formOptions} placeholder="Tutti i moduli" />
          </FormField>
          {filtered && (
            <Box>
              <Button variant="ghost" size="sm" onClick={view.clear}>
                Azzera filtri
              </Button>
            </Box>
          )}
        </SimpleGrid>
      </Box>
      {body}

      <SidePanel
        open={open !== null}
        size="lg"
        title={open ? `Iscrizione di ${openName}` : ''}
        onClose={() => setOpenId(null)}
        footer={
          open && openWaiting ? (
            <HStack gap="2" w="100%" justify="flex-end" wrap="wrap">
              <Button variant="outline" colorPalette="red" onClick={() => setDecision({ kind: 'reject', id: open.id, who: openName })}>
                Rifiuta
              </Button>
              <Button variant="outline" onClick={() => setDecision({ kind: 'changes', id: open.id, who: openName })}>
                Chiedi modifiche
              </Button>
              <Button onClick={() => setApproving([open.id])} disabled={approval.loading}>
                Approva
              </Button>
            </HStack>
          ) : undefined
        }
      >
        {open && <SubmissionDetail submission={open} />}
      </SidePanel>

      <DecisionDialog
        decision={decision}
        onClose={() => setDecision(null)}
        onDone={() => {
          setDecision(null);
          setOpenId(null);
        }}
      />
      <ConfirmDialog
        open={approving !== null}
        tone="neutral"
        title={approving?.length === 1 ? "Approvare l'iscrizione?" : `Approvare ${approving?.length ?? 0} iscrizioni?`}
        message="Le persone entrano in anagrafica (o si completa il profilo che c'è già) con genitori, gruppo, certificato e consensi; chi ha fatto l'iscrizione riceve una email."
        confirmLabel="Approva"
        loading={approval.loading}
        onConfirm={() => void confirmApprove()}
        onCancel={() => setApproving(null)}
      />
    </Stack>
  );
}
