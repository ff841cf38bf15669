// "Da convocare": the athletes of the event's groups with the checks made now (certificate today and on the day,
// membership in the libro soci, the card of the competition's body). An eligible athlete is ticked freely; a blocked
// one only with callups.override, and then with a reason (kept in the change log); otherwise the box stays disabled
// and the reasons say why. The deadline (default: the event's start) and "Invia convocazioni"; the server's message
// and who it left out stay on screen.
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Checkbox, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { CAL_MSG } from '../../../../../schema/messages-calendar';
import { callUpInput } from '../../../../../schema/validation/calendar';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import type { CallUpsPage_CandidatesQuery } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { validate, type FieldErrors } from '../../../lib/form-errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { instantOfWallClock } from '../call-ups-labels';
import { CallUpCandidatesQuery, SendCallUpsMutation } from '../call-ups-staff-documents';

type Success = Extract<CallUpsPage_CandidatesQuery['callUpCandidates'], { __typename: 'QueryCallUpCandidatesSuccess' }>;
export type Candidate = Success['data'][number];

interface SendResult {
  message: string;
  blocked: readonly Candidate[];
}

export interface CandidatesSectionProps {
  eventId: string;
  occursOn: string;
  /** The event's start as a datetime-local value (the deadline's default and latest). */
  startValue: string;
  /** The athletes called up now (not withdrawn): marked, not ticked. */
  calledIds: ReadonlySet<string>;
  mayOverride: boolean;
  /** Why nothing can be sent (the day cancelled), if so. */
  closedReason: string | null;
  onSent: () => void;
}

function Blockers({ blockers, id }: { blockers: readonly string[]; id: string }) {
  return (
    <Stack as="ul" id={id} gap="0.5" fontSize="sm" color="fg.error" ps="5" listStyleType="disc">
      {blockers.map((b) => (
        <li key={b}>{b}</li>
      ))}
    </Stack>
  );
}

function CandidateRow({
  candidate,
  checked,
  called,
  mayOverride,
  reason,
  reasonError,
  onToggle,
  onReason,
}: {
  candidate: Candidate;
  checked: boolean;
  called: boolean;
  mayOverride: boolean;
  reason: string;
  reasonError: string | undefined;
  onToggle: (checked: boolean) => void;
  onReason: (text: string) => void;
}) {
  const blocked = candidate.blockers.length > 0;
  const reasonsId = `requisiti-${candidate.personId}`;
  return (
    <Box as="li" py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} data-testid="candidate">
      <Flex gap="3" align="flex-start" wrap="wrap">
        <Checkbox.Root
          checked={checked}
          disabled={blocked && !mayOverride}
          onCheckedChange={(d) => onToggle(d.checked === true)}
          colorPalette={blocked ? 'orange' : 'brand'}
          flex="1 1 14rem"
          minW="0"
          alignItems="flex-start"
        >
          <Checkbox.HiddenInput aria-describedby={blocked ? reasonsId : undefined} />
          <Checkbox.Control mt="0.5" />
          <Checkbox.Label minW="0" fontWeight="medium" overflowWrap="anywhere">
            {candidate.name}
          </Checkbox.Label>
        </Checkbox.Root>
        <Flex gap="2" wrap="wrap" justify="flex-end">
          {called && <Badge colorPalette="blue">Già convocato</Badge>}
          {blocked ? <Badge colorPalette="red">Non ha i requisiti</Badge> : <Badge colorPalette="green">In regola</Badge>}
        </Flex>
      </Flex>
      {blocked && (
        <Box ps={{ base: '0', sm: '7' }} mt="1.5">
          <Blockers blockers={candidate.blockers} id={reasonsId} />
          {!mayOverride && (
            <Text fontSize="xs" color="fg.muted" mt="1">
              Non si può convocare: solo la segreteria può farlo in deroga.
            </Text>
          )}
          {mayOverride && checked && (
            <Box mt="2" p="3" borderWidth="1px" borderColor="orange.muted" bg="orange.subtle" borderRadius="md">
              <FormField label={`Motivo della deroga per ${candidate.name}`} required error={reasonError} helper="Convochi un atleta senza i requisiti: il motivo resta nel registro delle modifiche.">
                <Input data-reason={candidate.personId} value={reason} onChange={(e) => onReason(e.target.value)} maxLength={300} bg="bg" placeholder="Es. visita fatta, certificato in arrivo" />
              </FormField>
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}

/** The message above the button: no athlete chosen, a reason missing; the deadline's shows under its field. */
function summaryOf(errors: FieldErrors): string | null {
  if (errors.personIds) return errors.personIds;
  if (Object.keys(errors).some((k) => k.startsWith('overrides.'))) return CAL_MSG.callUpOverrideReasonRequired;
  return Object.entries(errors).find(([k]) => k !== 'deadline')?.[1] ?? null;
}

export function CandidatesSection({ eventId, occursOn, startValue, calledIds, mayOverride, closedReason, onSent }: CandidatesSectionProps) {
  const headingId = useId();
  const candidates = useQuery(CallUpCandidatesQuery, { variables: { eventId, occursOn }, fetchPolicy: 'cache-and-network' });
  const [send, sending] = useMutation(SendCallUpsMutation);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [deadline, setDeadline] = useState(startValue);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [result, setResult] = useState<SendResult | null>(null);

  const answer = candidates.data?.callUpCandidates;
  const list = answer?.__typename === 'QueryCallUpCandidatesSuccess' ? answer.data : null;
  const refusal = answer && answer.__typename !== 'QueryCallUpCandidatesSuccess' ? answer.message : null;
  const eligible = (list ?? []).filter((c) => !c.blockers.length);
  const blockedCount = (list ?? []).length - eligible.length;

  const toggle = (personId: string, on: boolean) => {
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(personId);
      else next.delete(personId);
      return next;
    });
    setErrors({});
    setGeneral(null);
  };

  const chosen = (list ?? []).filter((c) => selected.has(c.personId));
  const overridden = chosen.filter((c) => c.blockers.length > 0);
  const reasonKey = (personId: string) => `overrides.${overridden.findIndex((c) => c.personId === personId)}.reason`;

  const submit = async () => {
    setResult(null);
    const input = {
      eventId,
      occursOn,
      personIds: chosen.map((c) => c.personId),
      deadline: instantOfWallClock(deadline) || null,
      overrides: overridden.map((c) => ({ personId: c.personId, reason: reasons[c.personId]?.trim() ?? '' })),
    };
    const checked = validate(callUpInput, input);
    if (!checked.ok) {
      setErrors(checked.errors);
      setGeneral(summaryOf(checked.errors));
      // the first reason missing takes the focus: where to write it
      const missing = overridden.find((_, i) => checked.errors[`overrides.${i}.reason`]);
      if (missing) document.querySelector<HTMLInputElement>(`[data-reason="${missing.personId}"]`)?.focus();
      return;
    }
    try {
      const outcome = readMutationResult((await send({ variables: { input } })).data?.sendCallUps);
      if (!outcome.ok) {
        setErrors(outcome.fieldErrors);
        setGeneral(outcome.fieldErrors.deadline === outcome.message ? null : (summaryOf(outcome.fieldErrors) ?? outcome.message));
        notify(MESSAGE_LEVEL.error, outcome.message);
        return;
      }
      setErrors({});
      setGeneral(null);
      setResult({ message: outcome.data.message, blocked: outcome.data.blocked });
      notify(outcome.data.sent ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.warning, outcome.data.message);
      setSelected(new Set());
      setReasons({});
      onSent();
      void candidates.refetch().catch(() => undefined);
    } catch (error) {
      setGeneral(messageOfError(error));
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    }
  };

  let body;
  if (!list) {
    body = refusal ? (
      <ListError message={refusal} />
    ) : candidates.error ? (
      <ListError message={messageOfError(candidates.error)} onRetry={() => void candidates.refetch().catch(() => undefined)} />
    ) : (
      <ListLoading label="Controllo dei requisiti..." />
    );
  } else if (!list.length) {
    body = <ListEmpty>Nessun atleta nei gruppi di questo evento.</ListEmpty>;
  } else {
    body = (
      <Stack gap="4">
        <Flex gap="3" wrap="wrap" align="center" justify="space-between">
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {`${list.length} atleti: ${eligible.length} in regola, ${blockedCount} senza requisiti · ${selected.size} selezionati`}
          </Text>
          <Flex gap="2" wrap="wrap">
            <Button size="sm" variant="outline" disabled={!eligible.length} onClick={() => setSelected(new Set([...selected, ...eligible.filter((c) => !calledIds.has(c.personId)).map((c) => c.personId)]))}>
              Seleziona tutti gli idonei
            </Button>
            <Button size="sm" variant="ghost" disabled={!selected.size} onClick={() => setSelected(new Set())}>
              Deseleziona
            </Button>
          </Flex>
        </Flex>
        <Box as="ul" listStyleType="none" bg="bg" borderWidth="1px" borderRadius="xl" px={{ base: '3', md: '4' }} aria-label="Atleti da convocare">
          {list.map((c) => (
            <CandidateRow
              key={c.personId}
              candidate={c}
              checked={selected.has(c.personId)}
              called={calledIds.has(c.personId)}
              mayOverride={mayOverride}
              reason={reasons[c.personId] ?? ''}
              reasonError={selected.has(c.personId) && c.blockers.length ? errors[reasonKey(c.personId)] : undefined}
              onToggle={(on) => toggle(c.personId, on)}
              onReason={(text) => {
                setReasons((old) => ({ ...old, [c.personId]: text }));
                setErrors({});
              }}
            />
          ))}
        </Box>
        <Flex
          as="form"
          gap="4"
          wrap="wrap"
          align="flex-end"
          aria-label="Invio delle convocazioni"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Box w={{ base: '100%', sm: '64' }}>
            <FormField label="Rispondere entro" error={errors.deadline} helper="Di solito l'inizio dell'evento.">
              <Input type="datetime-local" value={deadline} max={startValue} onChange={(e) => setDeadline(e.target.value)} />
            </FormField>
          </Box>
          <Button type="submit" loading={sending.loading} disabled={closedReason !== null} w={{ base: '100%', sm: 'auto' }}>
            {selected.size ? `Invia convocazioni (${selected.size})` : 'Invia convocazioni'}
          </Button>
        </Flex>
        {closedReason && <Text color="fg.muted">{closedReason}</Text>}
        {general && <FormAlert message={general} />}
      </Stack>
    );
  }

  return (
    <Stack as="section" gap="4" aria-labelledby={headingId}>
      <Stack gap="1">
        <Heading as="h2" id={headingId} size="lg">
          Da convocare
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {mayOverride
            ? "I requisiti sono controllati adesso, per oggi e per il giorno dell'evento: certificato medico, iscrizione al libro soci, tesseramento. Chi non li ha si può convocare solo in deroga, scrivendo il motivo."
            : "I requisiti sono controllati adesso, per oggi e per il giorno dell'evento: certificato medico, iscrizione al libro soci, tesseramento. Chi non li ha non si può convocare."}
        </Text>
      </Stack>
      {body}
      {result && (
        <Box role="status" borderWidth="1px" borderColor={result.blocked.length ? 'orange.muted' : 'green.muted'} bg={result.blocked.length ? 'orange.subtle' : 'green.subtle'} borderRadius="md" p="4" data-testid="send-result">
          <Text fontWeight="semibold">{result.message}</Text>
          {result.blocked.length > 0 && (
            <Stack gap="2" mt="2">
              <Text fontSize="sm">Non convocati:</Text>
              <Stack as="ul" gap="1.5" ps="5" fontSize="sm" listStyleType="disc" aria-label="Atleti non convocati">
                {result.blocked.map((b) => (
                  <li key={b.personId}>
                    <Text as="span" fontWeight="medium">
                      {b.name}
                    </Text>
                    {`: ${b.blockers.join('; ')}`}
                  </li>
                ))}
              </Stack>
            </Stack>
          )}
        </Box>
      )}
    </Stack>
  );
}
