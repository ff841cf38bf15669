// "Richieste in attesa": the clubs' applications (made with the organisation's code, with the data they offer),
// which an admin accepts or refuses, and the requests the organisation sent, waiting for the club's approval (an
// admin may withdraw them). Below, for admins, the form asking a club to affiliate by its VAT number or fiscal code.
import { useMutation } from '@apollo/client/react';
import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { SchemaForm, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { ListEmpty } from '../../../components/ui/list-status';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { AcceptApplicationMutation, RequestAffiliationMutation } from '../organisation-portal-documents';
import { affiliationRequestForm } from '../portal-forms';
import { day } from '../portal-labels';
import { SharedData, StatusBadge, type PortalAffiliation } from './affiliated-clubs';
import { EndAffiliationButton } from './end-affiliation';

/** `onEnd` (admins): asks to refuse an application or withdraw a request. */
export function PendingRequests({
  pending,
  admin,
  onChanged,
  onEnd,
}: {
  pending: readonly PortalAffiliation[];
  admin: boolean;
  onChanged: () => void;
  onEnd: (a: PortalAffiliation) => void;
}) {
  const applications = pending.filter((a) => a.requestedBy === 'club');
  const sent = pending.filter((a) => a.requestedBy !== 'club');
  if (pending.length === 0) return <ListEmpty>Nessuna richiesta in attesa.</ListEmpty>;
  return (
    <Stack gap="6">
      {applications.length > 0 && (
        <Stack gap="3">
          <Heading as="h3" size="sm">
            Candidature delle società ({applications.length})
          </Heading>
          <Stack as="ul" gap="3" listStyleType="none" aria-label="Candidature delle società">
            {applications.map((a) => (
              <Application key={a.id} affiliation={a} admin={admin} onChanged={onChanged} onEnd={onEnd} />
            ))}
          </Stack>
        </Stack>
      )}
      {sent.length > 0 && (
        <Stack gap="3">
          <Heading as="h3" size="sm">
            Richieste inviate ({sent.length})
          </Heading>
          <Stack as="ul" gap="3" listStyleType="none" aria-label="Richieste inviate">
            {sent.map((a) => (
              <PendingRow key={a.id} affiliation={a} action={admin ? <EndAffiliationButton affiliation={a} onEnd={onEnd} size="md" /> : undefined}>
                <Text fontSize="sm" color="fg.muted">
                  Inviata il {day(a.updatedAt)}: vale quando la società la approva scegliendo i dati da condividere.
                </Text>
              </PendingRow>
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}

function PendingRow({ affiliation: a, children, action }: { affiliation: PortalAffiliation; children: ReactNode; action?: ReactNode }) {
  return (
    <Flex
      as="li"
      aria-label={a.clubName}
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '3', md: '4' }}
      gap="3"
      align={{ base: 'stretch', sm: 'center' }}
      direction={{ base: 'column', sm: 'row' }}
      justify="space-between"
    >
      <Stack gap="2" minW="0" flex="1">
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {a.clubName}
          </Text>
          <StatusBadge affiliation={a} />
        </Flex>
        {a.clubNumber && (
          <Text fontSize="sm" color="fg.muted" fontFamily="mono">
            {a.clubNumber}
          </Text>
        )}
        {children}
      </Stack>
      {action}
    </Flex>
  );
}

function Application({ affiliation: a, admin, onChanged, onEnd }: { affiliation: PortalAffiliation; admin: boolean; onChanged: () => void; onEnd: (a: PortalAffiliation) => void }) {
  const [accept, { loading }] = useMutation(AcceptApplicationMutation);

  async function onAccept() {
    try {
      const outcome = readMutationResult((await accept({ variables: { id: a.id } })).data?.acceptAffiliationApplication);
      if (!outcome.ok) return notify(MESSAGE_LEVEL.error, outcome.message);
      notify(MESSAGE_LEVEL.success, `Affiliazione di ${a.clubName} accettata: è in vigore da ora.`);
      onChanged();
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    }
  }

  return (
    <PendingRow
      affiliation={a}
      action={
        admin ? (
          <Flex gap="2" flexShrink={0}>
            <EndAffiliationButton affiliation={a} onEnd={onEnd} size="md" flex={{ base: '1', sm: 'initial' }} disabled={loading} />
            <Button onClick={() => void onAccept()} loading={loading} loadingText="Accetto..." flex={{ base: '1', sm: 'initial' }} aria-label={`Accetta la candidatura di ${a.clubName}`}>
              Accetta
            </Button>
          </Flex>
        ) : undefined
      }
    >
      <Text fontSize="sm" color="fg.muted">
        Candidata il {day(a.updatedAt)}. Dati che la società condivide:
      </Text>
      <SharedData affiliation={a} />
    </PendingRow>
  );
}

export function RequestAffiliationForm({ organisationId, onRequested }: { organisationId: string; onRequested: () => void }) {
  const [request, { loading }] = useMutation(RequestAffiliationMutation);
  const form = useSchemaForm(affiliationRequestForm, { clubNumber: '' });

  async function save({ clubNumber }: z.output<typeof affiliationRequestForm>): Promise<SubmitOutcome> {
    const outcome = readMutationResult((await request({ variables: { organisationId, clubNumber } })).data?.requestAffiliation);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, 'Richiesta inviata: vale quando la società la approva.');
    form.reset();
    onRequested();
  }

  // Every refusal goes under the one field.
  return (
    <SchemaForm form={form} onSubmit={save} aria-label="Chiedi l'affiliazione a una società" gap="4" invalidMessage="" messageField="clubNumber">
      <Heading as="h3" size="sm">
        Chiedi l'affiliazione a una società
      </Heading>
      <Flex gap="3" align={{ base: 'stretch', sm: 'flex-start' }} direction={{ base: 'column', sm: 'row' }}>
        <Box flex="1" maxW={{ sm: 'sm' }}>
          <TextField
            name="clubNumber"
            label="Partita IVA o codice fiscale"
            helper="La società riceve la richiesta e sceglie quali dati condividere."
            uppercase
            placeholder="es. 01234567890"
            fontFamily="mono"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={16}
          />
        </Box>
        <Button type="submit" loading={loading} loadingText="Invio..." mt={{ sm: '6' }} flexShrink={0}>
          Invia la richiesta
        </Button>
      </Flex>
    </SchemaForm>
  );
}
