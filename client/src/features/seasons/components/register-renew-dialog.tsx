// "Rinnova" on the libro soci page (issue 35 point 2): the season (the current one by default; closed seasons are
// read-only, so not offered), the renewal date and the quota, typed in euro ("25" or "25,50") and sent in cents.
import { useMutation, useQuery } from '@apollo/client/react';
import { SimpleGrid, Spinner } from '@chakra-ui/react';
import { useMemo } from 'react';
import { z } from 'zod';
import { clubDate } from '../../../../../schema/club-time';
import { MSG } from '../../../../../schema/messages';
import { euroToCents, renewMembershipInput } from '../../../../../schema/validation/seasons';
import { formSchema, SchemaForm, SelectField, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import type { RenewMembershipInput } from '../../../gql/graphql';
import { readMutationResult } from '../../../lib/mutation-result';
import { RegisterRenewMutation, RegisterSeasonsQuery } from '../register-documents';
import { RegisterDialogFrame, registerOutcome } from './register-dialog-frame';
import type { ExitingMember } from './register-exit-dialog';

interface RenewValues {
  seasonId: string;
  renewedOn: string;
  quotaCents: string;
}

/** The shared rules on what is sent, and the quota as typed: a text that is not an amount in euro gets its own message. */
const renewRules = renewMembershipInput.and(
  z.object({ quotaText: z.string() }).superRefine(({ quotaText }, ctx) => {
    if (Number.isNaN(euroToCents(quotaText))) ctx.addIssue({ code: 'custom', path: ['quotaCents'], message: MSG.quotaInEuro });
  }),
);

const EURO = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
export const euro = (cents: number) => EURO.format(cents / 100);

export function RegisterRenewDialog({ member, onClose }: { member: ExitingMember | null; onClose: () => void }) {
  const [renew, { loading }] = useMutation(RegisterRenewMutation, { refetchQueries: ['MemberRegister_List', 'PersonSeasons_History'], awaitRefetchQueries: true });
  const save = async (input: RenewMembershipInput): Promise<SubmitOutcome> =>
    registerOutcome(readMutationResult((await renew({ variables: { input } })).data?.renewMembership), onClose);
  return (
    <RegisterDialogFrame open={member !== null} title={`Rinnova: ${member?.name ?? ''} (n. ${member?.number ?? ''})`} submitLabel="Rinnova" sending={loading} onClose={onClose}>
      {(formId, onDirtyChange) => member && <RenewForm memberId={member.id} formId={formId} save={save} onDirtyChange={onDirtyChange} />}
    </RegisterDialogFrame>
  );
}

function RenewForm({ memberId, formId, save, onDirtyChange }: { memberId: string; formId: string; save: (input: RenewMembershipInput) => Promise<SubmitOutcome>; onDirtyChange: (dirty: boolean) => void }) {
  const { data } = useQuery(RegisterSeasonsQuery, { fetchPolicy: 'cache-first' });
  if (!data) return <Spinner size="md" aria-label="Caricamento delle stagioni..." />;
  const seasons = data.seasons.filter((s) => s.status !== 'closed').map((s) => ({ value: s.id, label: s.label }));
  return <RenewFields memberId={memberId} currentSeasonId={data.currentSeason.id} seasons={seasons} formId={formId} save={save} onDirtyChange={onDirtyChange} />;
}

interface RenewFieldsProps {
  memberId: string;
  currentSeasonId: string;
  seasons: Array<{ value: string; label: string }>;
  formId: string;
  save: (input: RenewMembershipInput) => Promise<SubmitOutcome>;
  onDirtyChange: (dirty: boolean) => void;
}

function RenewFields({ memberId, currentSeasonId, seasons, formId, save, onDirtyChange }: RenewFieldsProps) {
  const schema = useMemo(() => {
    const toInput = (values: RenewValues): RenewMembershipInput => ({ memberId, seasonId: values.seasonId, renewedOn: values.renewedOn, quotaCents: euroToCents(values.quotaCents) });
    return formSchema(renewRules, toInput, (values: RenewValues) => {
      const input = toInput(values);
      return { ...input, quotaCents: Number.isNaN(input.quotaCents) ? undefined : input.quotaCents, quotaText: values.quotaCents };
    });
  }, [memberId]);
  const form = useSchemaForm(schema, { seasonId: currentSeasonId, renewedOn: clubDate(new Date()), quotaCents: '' });
  return (
    <SchemaForm id={formId} form={form} onDirtyChange={onDirtyChange} onSubmit={save}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <SelectField name="seasonId" label="Stagione" required options={seasons} />
        <TextField name="renewedOn" label="Data del rinnovo" required type="date" />
        <TextField name="quotaCents" label="Quota (€)" inputMode="decimal" helper="In euro, ad esempio 25 oppure 25,50." />
      </SimpleGrid>
    </SchemaForm>
  );
}
