// "Mandati SEPA" on a family's statement (issue 37 point 5): the payer's direct-debit mandates, the active ones first,
// each with its reference (RUM), IBAN, BIC and signature date, and when it was revoked. For fees.write: "Aggiungi
// mandato" (reference, IBAN, optional BIC, signature date: the shared rules first, then the server's checksum of the
// IBAN and the reference unique in the club, each message under its field), "Correggi" an active one, "Revoca" after
// a confirmation (kept in the history). The collections (/quote/sepa) take the newest active mandate of whoever pays.
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { clubDate } from '../../../../../schema/club-time';
import { sepaMandateInput } from '../../../../../schema/validation/fees';
import { formSchema, PanelFormFooter, SchemaForm, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { PencilIcon, PlusIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ListError } from '../../../components/ui/list-status';
import type { FamilyStatement_MandatesQuery, SepaMandateInput } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { RevokeSepaMandateMutation, SaveSepaMandateMutation, SepaMandatesQuery } from '../fees-documents';
import { groupedCode, italianDay } from '../fees-labels';

type Mandate = FamilyStatement_MandatesQuery['sepaMandates'][number];

const REFETCH = { refetchQueries: ['FamilyStatement_Mandates'], awaitRefetchQueries: true };

interface MandateValues {
  reference: string;
  iban: string;
  bic: string;
  signedOn: string;
}

function MandateForm({ formId, payerId, mandate, save, onDirtyChange }: { formId: string; payerId: string; mandate: Mandate | null; save: (input: SepaMandateInput) => Promise<SubmitOutcome>; onDirtyChange: (dirty: boolean) => void }) {
  const today = clubDate(new Date());
  const schema = useMemo(() => {
    const rules = sepaMandateInput(today);
    const checked = (v: MandateValues) => ({ ...v, id: mandate?.id, payerId });
    return formSchema(
      rules,
      (v: MandateValues): SepaMandateInput => {
        const parsed = rules.safeParse(checked(v));
        if (!parsed.success) return checked(v);
        return { ...parsed.data, id: parsed.data.id ?? null, bic: parsed.data.bic ?? null };
      },
      checked,
    );
  }, [today, payerId, mandate?.id]);
  const form = useSchemaForm(schema, { reference: mandate?.reference ?? '', iban: mandate ? groupedCode(mandate.iban) : '', bic: mandate?.bic ?? '', signedOn: mandate?.signedOn ?? '' });
  return (
    <SchemaForm id={formId} form={form} onSubmit={save} onDirtyChange={onDirtyChange} repeatFieldMessage={false} aria-label={mandate ? `Correggi il mandato ${mandate.reference}` : 'Nuovo mandato SEPA'}>
      <Text fontSize="sm" color="fg.muted">
        I dati del modulo di mandato firmato da chi paga: con un mandato attivo, le sue quote entrano nel file degli addebiti SEPA.
      </Text>
      <TextField name="reference" label="Riferimento del mandato" required maxLength={35} helper="Il codice univoco del mandato (RUM) scritto sul modulo, fino a 35 caratteri." />
      <TextField name="iban" label="IBAN" required uppercase maxLength={42} autoComplete="off" spellCheck={false} helper="Il conto su cui addebitare le quote." />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField name="bic" label="BIC (facoltativo)" uppercase maxLength={11} spellCheck={false} />
        <TextField name="signedOn" label="Data di firma" type="date" required max={today} />
      </SimpleGrid>
    </SchemaForm>
  );
}

function MandateDialog({ target, payerId, payerName, onClose }: { target: Mandate | null | undefined; payerId: string; payerName: string; onClose: () => void }) {
  const open = target !== undefined;
  const formId = useId();
  const [dirty, setDirty] = useState(false);
  const [saveMandate, { loading: sending }] = useMutation(SaveSepaMandateMutation, REFETCH);
  const close = () => {
    if (sending) return;
    setDirty(false);
    onClose();
  };
  const save = async (input: SepaMandateInput): Promise<SubmitOutcome> => {
    const outcome = readMutationResult((await saveMandate({ variables: { input } })).data?.saveSepaMandate);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    setDirty(false);
    onClose();
  };
  return (
    <FormDialog
      open={open}
      dirty={dirty}
      title={target ? `Correggi il mandato ${target.reference}` : `Nuovo mandato SEPA: ${payerName}`}
      onClose={close}
      footer={
        <HStack gap="3" w="100%" justify="flex-end" wrap="wrap">
          <PanelFormFooter formId={formId} sending={sending} submitLabel={target ? 'Salva correzione' : 'Aggiungi mandato'} />
        </HStack>
      }
    >
      {open && <MandateForm key={target?.id ?? 'nuovo'} formId={formId} payerId={payerId} mandate={target} save={save} onDirtyChange={setDirty} />}
    </FormDialog>
  );
}

function MandateItem({ mandate, actions }: { mandate: Mandate; actions: { onEdit: () => void; onRevoke: () => void } | null }) {
  const revoked = mandate.revokedAt !== null && mandate.revokedAt !== undefined;
  return (
    <Box as="li" bg="bg" borderWidth="1px" borderRadius="lg" p="3" aria-label={`Mandato ${mandate.reference}`} opacity={revoked ? 0.85 : 1}>
      <Stack gap="2">
        <Stack gap="0.5" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" overflowWrap="anywhere">
              {mandate.reference}
            </Text>
            <Badge size="sm" colorPalette={revoked ? 'gray' : 'green'}>
              {revoked ? 'Revocato' : 'Attivo'}
            </Badge>
          </HStack>
          <Text fontSize="sm" fontFamily="mono" overflowWrap="anywhere">
            {`IBAN ${groupedCode(mandate.iban)}`}
          </Text>
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            {[mandate.bic && `BIC ${mandate.bic}`, `firmato il ${italianDay(mandate.signedOn)}`, revoked && `revocato il ${italianDay(clubDate(new Date(mandate.revokedAt!)))}`].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        {actions && !revoked && (
          <HStack gap="2" wrap="wrap">
            <Button size="xs" variant="outline" onClick={actions.onEdit} aria-label={`Correggi il mandato ${mandate.reference}`}>
              <PencilIcon />
              Correggi
            </Button>
            <Button size="xs" variant="ghost" colorPalette="red" onClick={actions.onRevoke} aria-label={`Revoca il mandato ${mandate.reference}`}>
              Revoca
            </Button>
          </HStack>
        )}
      </Stack>
    </Box>
  );
}

export function SepaMandates({ payerId, payerName, mayWrite }: { payerId: string; payerName: string; mayWrite: boolean }) {
  const { data, error, refetch } = useQuery(SepaMandatesQuery, { variables: { payerId }, fetchPolicy: 'cache-and-network' });
  const mandates = data?.sepaMandates;
  const [editing, setEditing] = useState<Mandate | null | undefined>(undefined);
  const [revoking, setRevoking] = useState<Mandate | null>(null);
  const [revoke, revocation] = useMutation(RevokeSepaMandateMutation, REFETCH);
  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      const outcome = readMutationResult((await revoke({ variables: { id: revoking.id } })).data?.revokeSepaMandate);
      notify(outcome.ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, outcome.ok ? outcome.data.message : outcome.message);
      if (outcome.ok) setRevoking(null);
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    }
  };

  let body;
  if (!mandates && error) body = <ListError message={messageOfError(error)} onRetry={() => void refetch().catch(() => undefined)} />;
  else if (!mandates)
    body = (
      <Text color="fg.muted" fontSize="sm" role="status">
        Caricamento dei mandati...
      </Text>
    );
  else if (mandates.length === 0)
    body = (
      <Text color="fg.muted" fontSize="sm" bg="bg" borderWidth="1px" borderRadius="lg" p="3">
        {`Nessun mandato SEPA: con un mandato firmato da ${payerName}, le sue quote si possono addebitare sul suo conto dalla pagina Addebiti SEPA.`}
      </Text>
    );
  else
    body = (
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Mandati SEPA">
        {mandates.map((m) => (
          <MandateItem key={m.id} mandate={m} actions={mayWrite ? { onEdit: () => setEditing(m), onRevoke: () => setRevoking(m) } : null} />
        ))}
      </Stack>
    );

  return (
    <Stack as="section" aria-labelledby="estratto-mandati" gap="3" minW="0">
      <Flex gap="2" justify="space-between" align="center" wrap="wrap">
        <Heading as="h2" size="lg" id="estratto-mandati">
          Mandati SEPA
        </Heading>
        {mayWrite && (
          <Button size="sm" variant="outline" onClick={() => setEditing(null)}>
            <PlusIcon />
            Aggiungi mandato
          </Button>
        )}
      </Flex>
      {body}
      <MandateDialog target={editing} payerId={payerId} payerName={payerName} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revocare il mandato «${revoking?.reference ?? ''}»?`}
        message="Non sarà più usato negli addebiti SEPA; resta nello storico come revocato. Per addebitare di nuovo serve un nuovo mandato firmato."
        confirmLabel="Revoca"
        loading={revocation.loading}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </Stack>
  );
}
