// /quote (sidebar "Quote", fees.read; issue 37): the treasurer's page of a season (the current one unless another
// is chosen here or in the top bar: ?stagione=<label>). The overview (due this month, expected and collected per
// month in a nivo chart with its table, overdue per group linking to the overdue list), the search that opens a
// family's statement, the season's fee plans with "Nuovo piano", edit, "Assegna a un gruppo" and archive, the
// receipts of a period issued in bulk and the accountant's prima nota (export.run); in the header, the ways to the
// overdue list, the SEPA collection (/quote/sepa) and the fees' settings (/quote/impostazioni: reminders, SEPA
// creditor). fees.write for the changes; a closed season only reads.
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PlusIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import { SelectInput } from '../../../components/ui/select-field';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { useSeasonView } from '../../../lib/season-view';
import { useAccess } from '../../../lib/use-access';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { AssignPlanDialog } from '../components/assign-plan-dialog';
import { BulkReceipts } from '../components/bulk-receipts';
import { FeePlanDialog, type EditedPlan } from '../components/fee-plan-dialog';
import { FeesOverview } from '../components/fees-overview';
import { LedgerExport } from '../components/ledger-export';
import { PayerSearch } from '../components/payer-search';
import { PlanCard } from '../components/plan-card';
import { ArchiveFeePlanMutation, FeePlansQuery } from '../fees-documents';

const TITLE = 'Quote';

function Plans({ seasonId, mayWrite }: { seasonId: string; mayWrite: boolean }) {
  const plans = useQuery(FeePlansQuery, { variables: { seasonId }, fetchPolicy: 'cache-and-network' });
  const list = plans.data?.feePlans;
  const [editing, setEditing] = useState<EditedPlan | null | undefined>(undefined);
  const [assigning, setAssigning] = useState<EditedPlan | null>(null);
  const [archive, archival] = useMutation(ArchiveFeePlanMutation, { refetchQueries: ['FeesPage_Plans'], awaitRefetchQueries: true });
  const [archiving, setArchiving] = useState<EditedPlan | null>(null);
  const confirmArchive = async () => {
    if (!archiving) return;
    try {
      const outcome = readMutationResult((await archive({ variables: { id: archiving.id } })).data?.archiveFeePlan);
      notify(outcome.ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, outcome.ok ? outcome.data.message : outcome.message);
      if (outcome.ok) setArchiving(null);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    }
  };

  let body;
  if (plans.error && !list) body = <ListError message={messageOfError(plans.error)} onRetry={() => void plans.refetch().catch(() => undefined)} />;
  else if (!list) body = <ListLoading label="Caricamento dei piani..." />;
  else if (list.length === 0)
    body = (
      <ListEmpty action={mayWrite ? <Button onClick={() => setEditing(null)}>Crea il primo piano</Button> : undefined}>
        Nessun piano quote in questa stagione. Un piano dice quanto si paga (la quota associativa, un corso, il kit), in quali rate e con quali sconti per i
        fratelli; assegnato a un gruppo, crea gli addebiti di ognuno.
      </ListEmpty>
    );
  else
    body = (
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Piani quote">
        {list.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            actions={mayWrite && !plan.archived ? { onEdit: () => setEditing(plan), onAssign: () => setAssigning(plan), onArchive: () => setArchiving(plan) } : null}
          />
        ))}
      </Stack>
    );

  return (
    <Stack as="section" aria-labelledby="quote-piani" gap="3">
      <Flex gap="3" justify="space-between" align="center" wrap="wrap">
        <Heading as="h2" size="lg" id="quote-piani">
          Piani quote
        </Heading>
        {mayWrite && list && list.length > 0 && (
          <Button onClick={() => setEditing(null)}>
            <PlusIcon />
            Nuovo piano
          </Button>
        )}
      </Flex>
      {body}
      <FeePlanDialog plan={editing} seasonId={seasonId} onClose={() => setEditing(undefined)} />
      <AssignPlanDialog plan={assigning} onClose={() => setAssigning(null)} />
      <ConfirmDialog
        open={archiving !== null}
        title={`Archiviare il piano «${archiving?.name ?? ''}»?`}
        message="Non si potrà più assegnare; gli addebiti che ha già creato restano, con i loro pagamenti."
        confirmLabel="Archivia"
        loading={archival.loading}
        onConfirm={() => void confirmArchive()}
        onCancel={() => setArchiving(null)}
      />
    </Stack>
  );
}

export default function FeesPage() {
  useDocumentTitle(TITLE);
  const access = useAccess();
  const season = useSeasonView();
  const chosen = season.chosen;
  const mayWrite = access.can('fees.write') && !season.readOnly;
  const seasonOptions = season.seasons.map((s) => ({ value: s.label, label: `Stagione ${s.label}${s.id === season.current?.id ? ' (corrente)' : ''}` }));

  return (
    <Stack gap="6" maxW="7xl" w="100%">
      <Flex gap="4" wrap="wrap" justify="space-between" align="flex-end">
        <Stack gap="1" minW="0">
          <Heading as="h1" size="2xl">
            {TITLE}
          </Heading>
          <Text color="fg.muted">Piani quote, incassi e scadenze della stagione; l&apos;estratto conto di ogni famiglia, con pagamenti e ricevute.</Text>
        </Stack>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'flex-end' }} w={{ base: '100%', md: 'auto' }}>
          <Box minW="60">
            <FormField label="Stagione">
              <SelectInput name="stagione" value={chosen?.label ?? ''} onChange={(e) => season.choose(e.target.value)} options={seasonOptions} />
            </FormField>
          </Box>
          <Button variant="outline" asChild>
            <RouterLink to="/quote/scaduti">Quote scadute</RouterLink>
          </Button>
          <Button variant="outline" asChild>
            <RouterLink to="/quote/sepa">Addebiti SEPA</RouterLink>
          </Button>
          <Button variant="outline" asChild>
            <RouterLink to="/quote/impostazioni">Impostazioni quote</RouterLink>
          </Button>
        </Stack>
      </Flex>
      {season.readOnly && (
        <Text fontSize="sm" color="fg.muted">
          La stagione {chosen?.label} è chiusa: qui la consulti soltanto.
        </Text>
      )}
      {!chosen ? (
        season.error ? (
          <ListError message={messageOfError(season.error)} onRetry={() => season.refetch()} />
        ) : (
          <ListLoading label="Caricamento della stagione..." />
        )
      ) : (
        <>
          <FeesOverview seasonId={chosen.id} seasonLabel={chosen.label} />
          <Box display="grid" gridTemplateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="6" alignItems="start">
            <Plans seasonId={chosen.id} mayWrite={mayWrite} />
            <Stack gap="4" minW="0">
              <PayerSearch />
              {access.can('fees.write') && <BulkReceipts />}
              {access.can('export.run') && <LedgerExport />}
            </Stack>
          </Box>
        </>
      )}
    </Stack>
  );
}
