// "Assegna a un gruppo" on a plan (issue 37 point 1): choose a group, read the preview the server makes without
// writing anything (dryRun: each person with their place among the family's children, the discount and the total,
// and whether the plan already charges them), then confirm: each new person gets one charge per instalment.
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, HStack, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { SelectInput } from '../../../components/ui/select-field';
import { TableScroll } from '../../../components/ui/table-scroll';
import type { AssignPlanDialog_AssignMutation } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { AssignFeePlanMutation, FeeGroupsQuery } from '../fees-documents';
import { euro, peopleCount } from '../fees-labels';
import { planTotal, type EditedPlan } from './fee-plan-dialog';

type Row = Extract<NonNullable<AssignPlanDialog_AssignMutation['assignFeePlan']>, { __typename: 'MutationAssignFeePlanSuccess' }>['data']['rows'][number];

const GROUP_KIND: Record<string, string> = { athlete: 'Atleti', coach: 'Allenatori', manager: 'Dirigenti', staff: 'Accompagnatori', member: 'Soci', voluntary: 'Volontari' };

function PreviewTable({ rows }: { rows: Row[] }) {
  return (
    <TableScroll label="Anteprima dell'assegnazione">
      <Table.Root size="sm" aria-label="Anteprima dell'assegnazione">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Nome</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="center">Figlio n.</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Sconto</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Totale</Table.ColumnHeader>
            <Table.ColumnHeader>Stato</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.personId}>
              <Table.Cell fontWeight="medium">{r.name}</Table.Cell>
              <Table.Cell textAlign="center">{r.childOrder ?? '—'}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {r.discountPercent ? `${r.discountPercent}% (${euro(r.discountCents)})` : '—'}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="semibold">
                {euro(r.totalCents)}
              </Table.Cell>
              <Table.Cell>
                {r.alreadyCharged ? (
                  <Badge colorPalette="gray">già assegnato</Badge>
                ) : (
                  <Badge colorPalette="green" variant="subtle">
                    nuovo
                  </Badge>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}

export function AssignPlanDialog({ plan, onClose }: { plan: EditedPlan | null; onClose: () => void }) {
  const open = plan !== null;
  const groups = useQuery(FeeGroupsQuery, { skip: !open, fetchPolicy: 'cache-and-network' });
  const [assign, { loading }] = useMutation(AssignFeePlanMutation, { refetchQueries: ['FeesPage_Plans', 'FeesPage_Overview'], awaitRefetchQueries: true });
  const [groupId, setGroupId] = useState('');
  const [preview, setPreview] = useState<{ groupId: string; rows: Row[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const reset = () => {
    setGroupId('');
    setPreview(null);
    setProblem(null);
  };
  const close = () => {
    if (loading) return;
    reset();
    onClose();
  };

  const showPreview = async (chosen: string) => {
    setGroupId(chosen);
    setPreview(null);
    setProblem(null);
    if (!chosen || !plan) return;
    try {
      const outcome = readMutationResult((await assign({ variables: { input: { planId: plan.id, groupId: chosen }, dryRun: true } })).data?.assignFeePlan);
      if (!outcome.ok) setProblem(outcome.message);
      else setPreview({ groupId: chosen, rows: outcome.data.rows });
    } catch (error) {
      setProblem(messageOfError(error));
    }
  };

  const confirm = async () => {
    if (!plan || !preview) return;
    try {
      const outcome = readMutationResult((await assign({ variables: { input: { planId: plan.id, groupId: preview.groupId }, dryRun: false } })).data?.assignFeePlan);
      if (!outcome.ok) {
        setProblem(outcome.message);
        return;
      }
      notify(MESSAGE_LEVEL.success, outcome.data.message);
      reset();
      onClose();
    } catch (error) {
      setProblem(messageOfError(error));
    }
  };

  const options = (groups.data?.groups.edges ?? []).map((e) => ({ value: e.node.id, label: `${e.node.name} (${GROUP_KIND[e.node.type] ?? e.node.type})` }));
  const fresh = preview?.rows.filter((r) => !r.alreadyCharged).length ?? 0;
  return (
    <FormDialog
      open={open}
      size="lg"
      title={plan ? `Assegna «${plan.name}» a un gruppo` : ''}
      onClose={close}
      footer={
        <HStack gap="3" w="100%" justify="flex-end" wrap="wrap">
          <Button variant="outline" onClick={close} disabled={loading}>
            Annulla
          </Button>
          <Button onClick={() => void confirm()} disabled={!preview || fresh === 0 || loading} loading={loading && preview !== null}>
            {preview && fresh > 0 ? `Assegna a ${peopleCount(fresh)}` : 'Assegna'}
          </Button>
        </HStack>
      }
    >
      {plan && (
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            {`${planTotal(plan)}. Scegli il gruppo: vedrai chi riceve gli addebiti e con quale sconto prima di confermare.`}
          </Text>
          <FormField label="Gruppo" required>
            <SelectInput name="gruppo" value={groupId} onChange={(e) => void showPreview(e.target.value)} options={options} placeholder={groups.data ? 'Scegli un gruppo' : 'Caricamento dei gruppi...'} />
          </FormField>
          {problem && <FormAlert message={problem} />}
          {loading && !preview && groupId && (
            <HStack gap="2" role="status">
              <Spinner size="sm" />
              <Text fontSize="sm" color="fg.muted">
                Calcolo dell&apos;anteprima...
              </Text>
            </HStack>
          )}
          {preview &&
            (preview.rows.length === 0 ? (
              <Text color="fg.muted">Nessuna persona attiva nel gruppo.</Text>
            ) : (
              <Stack gap="2">
                <Text fontWeight="semibold" aria-live="polite">
                  {fresh === 0 ? 'Tutte le persone del gruppo hanno già questo piano.' : `Il piano sarà assegnato a ${peopleCount(fresh)}.`}
                </Text>
                <PreviewTable rows={preview.rows} />
              </Stack>
            ))}
        </Stack>
      )}
    </FormDialog>
  );
}
