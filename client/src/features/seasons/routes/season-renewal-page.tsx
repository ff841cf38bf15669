// /stagioni/rinnovo: the guided season renewal (issue 35 point 3). From the current season to the next (prepared by
// the run when missing): everyone who may renew, chosen by default, filtered by kind and group or category, chosen
// or left out in bulk; a socio's quota (last season's, or the default typed here); each athlete's category next
// season. One click runs it on the server in one transaction; the last run can be undone.
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { ListLoading } from '../../../components/ui/list-status';
import { SelectInput } from '../../../components/ui/select-field';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { useAccess } from '../../../lib/use-access';
import { RenewalProposalQuery, RunRenewalMutation, UndoRenewalMutation } from '../components/renewal-documents';
import { RenewalLastRun } from '../components/renewal-last-run';
import { RenewalPersonRow } from '../components/renewal-person-row';
import { centsOf, defaultSelection, filterRows, rowsOf, type RenewalFilter } from '../components/renewal-rows';

const SHOWN_STEP = 100;
const day = (d: string) => d.split('-').reverse().join('/');

export default function SeasonRenewalPage() {
  useDocumentTitle('Rinnovo della stagione');
  const { data, loading, error, refetch } = useQuery(RenewalProposalQuery, { fetchPolicy: 'network-only' });
  const [runRenewal, { loading: running }] = useMutation(RunRenewalMutation);
  const [undoRenewal, { loading: undoing }] = useMutation(UndoRenewalMutation);
  const mayWrite = useAccess().can('members.write');
  const proposal = data?.seasonRenewalProposal;
  const rows = useMemo(() => (proposal ? rowsOf(proposal) : []), [proposal]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [filter, setFilter] = useState<RenewalFilter>({ kind: '', groupId: '' });
  const [quotas, setQuotas] = useState<Record<string, string>>({});
  const [defaultQuota, setDefaultQuota] = useState('');
  const [shown, setShown] = useState(SHOWN_STEP);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; message: string } | null>(null);

  useEffect(() => setSelected(defaultSelection(rows)), [rows]);

  if (loading && !proposal) return <ListLoading />;
  if (!proposal) return <FormAlert message={messageOfError(error)} />;

  const visible = filterRows(rows, filter);
  const choose = (keys: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const key of keys) if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const choosable = visible.filter((r) => !r.renewed).map((r) => r.key);
  const chosenMembers = rows.filter((r) => r.kind === 'member' && selected.has(r.key));
  const chosenAthletes = rows.filter((r) => r.kind === 'athlete' && selected.has(r.key));
  const to = proposal.toSeason?.label ?? proposal.planned.label;

  const run = async () => {
    setOutcome(null);
    const own = chosenMembers.filter((r) => (quotas[r.id] ?? '').trim() !== '').map((r) => ({ memberId: r.id, quotaCents: centsOf(quotas[r.id]) }));
    const fallback = centsOf(defaultQuota);
    if (own.some((q) => Number.isNaN(q.quotaCents)) || Number.isNaN(fallback)) {
      setConfirming(false);
      setOutcome({ status: 'error', message: 'Indica le quote in euro, per esempio 30 o 30,50.' });
      return;
    }
    try {
      const input = { memberIds: chosenMembers.map((r) => r.id), athleteRoleIds: chosenAthletes.map((r) => r.id), quotaCents: fallback, quotas: own as Array<{ memberId: string; quotaCents: number }> };
      const result = (await runRenewal({ variables: { input } })).data?.runSeasonRenewal;
      setOutcome(result?.__typename === 'MutationRunSeasonRenewalSuccess' ? { status: 'success', message: result.data.message } : { status: 'error', message: result && 'message' in result ? result.message : 'Rinnovo non riuscito.' });
      await refetch();
    } catch (e) {
      setOutcome({ status: 'error', message: messageOfError(e) });
    } finally {
      setConfirming(false);
    }
  };

  const undo = async () => {
    if (!proposal.lastRun) return;
    setOutcome(null);
    try {
      const result = (await undoRenewal({ variables: { id: proposal.lastRun.id } })).data?.undoSeasonRenewal;
      setOutcome(result?.__typename === 'MutationUndoSeasonRenewalSuccess' ? { status: 'success', message: result.data.message } : { status: 'error', message: result && 'message' in result ? result.message : 'Annullamento non riuscito.' });
      await refetch();
    } catch (e) {
      setOutcome({ status: 'error', message: messageOfError(e) });
    }
  };

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Rinnovo della stagione
        </Heading>
        <Text color="fg.muted">
          Dalla stagione {proposal.fromSeason.label} alla {to}
          {proposal.toSeason ? '' : ` (sarà preparata dal rinnovo: dal ${day(proposal.planned.startsOn)} al ${day(proposal.planned.endsOn)})`}. La stagione {proposal.fromSeason.label} resta com&apos;è,
          con i suoi gruppi; chi non rinnova resta nel libro soci.
        </Text>
      </Stack>

      {proposal.lastRun && <RenewalLastRun run={proposal.lastRun} mayWrite={mayWrite} busy={undoing} onUndo={undo} />}
      {outcome && <FormAlert message={outcome.message} status={outcome.status} />}

      <Flex gap="3" wrap="wrap" align="flex-end">
        <Box flex="1 1 12rem">
          <FormField label="Chi">
            <SelectInput
              name="kind"
              value={filter.kind}
              onChange={(e) => setFilter({ ...filter, kind: e.target.value as RenewalFilter['kind'] })}
              options={[
                { value: '', label: 'Soci e atleti' },
                { value: 'member', label: 'Soci' },
                { value: 'athlete', label: 'Atleti' },
              ]}
            />
          </FormField>
        </Box>
        <Box flex="1 1 12rem">
          <FormField label="Gruppo o categoria">
            <SelectInput
              name="group"
              value={filter.groupId}
              onChange={(e) => setFilter({ ...filter, groupId: e.target.value })}
              options={[{ value: '', label: 'Tutti' }, ...proposal.groups.map((g) => ({ value: g.id, label: g.type === 'athlete' ? `Categoria ${g.name}` : g.name }))]}
            />
          </FormField>
        </Box>
        <Box flex="1 1 10rem">
          <FormField label="Quota predefinita (€)" helper="Per i soci senza la quota della stagione scorsa">
            <Input inputMode="decimal" value={defaultQuota} onChange={(e) => setDefaultQuota(e.target.value)} placeholder="0,00" />
          </FormField>
        </Box>
      </Flex>

      <Flex gap="2" wrap="wrap" align="center" justify="space-between">
        <Text aria-live="polite">
          Scelti: {chosenMembers.length} soci e {chosenAthletes.length} atleti ({visible.length} in elenco)
        </Text>
        <Flex gap="2" wrap="wrap">
          <Button size="sm" variant="outline" onClick={() => choose(choosable, true)}>
            Seleziona tutti
          </Button>
          <Button size="sm" variant="outline" onClick={() => choose(choosable, false)}>
            Deseleziona tutti
          </Button>
        </Flex>
      </Flex>

      {visible.length === 0 ? (
        <Text color="fg.muted">Nessuna persona da rinnovare con questi filtri.</Text>
      ) : (
        <Stack as="ul" gap="0" listStyleType="none" aria-label="Persone da rinnovare">
          {visible.slice(0, shown).map((row) => (
            <RenewalPersonRow
              key={row.key}
              row={row}
              checked={selected.has(row.key)}
              onToggle={(on) => choose([row.key], on)}
              quota={quotas[row.id] ?? ''}
              defaultQuota={defaultQuota}
              onQuota={(text) => setQuotas({ ...quotas, [row.id]: text })}
            />
          ))}
        </Stack>
      )}
      {visible.length > shown && (
        <Box>
          <Button variant="ghost" onClick={() => setShown(shown + SHOWN_STEP)}>
            Mostra altri ({visible.length - shown})
          </Button>
        </Box>
      )}

      {mayWrite && (
        <Box>
          <Button onClick={() => setConfirming(true)} disabled={chosenMembers.length + chosenAthletes.length === 0} loading={running}>
            Esegui il rinnovo
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        tone="neutral"
        title={`Rinnovare per la stagione ${to}?`}
        message={`${chosenMembers.length} soci rinnovati e ${chosenAthletes.length} atleti confermati, con le categorie della nuova stagione. Gli atleti non scelti escono dai loro gruppi. Potrai annullare il rinnovo.`}
        confirmLabel="Esegui il rinnovo"
        cancelLabel="Indietro"
        loading={running}
        onConfirm={() => void run()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
