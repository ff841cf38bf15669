// The last renewal run and its undo (issue 35 point 3): what it did, and "Annulla il rinnovo" behind a confirmation.
import { Button, Card, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { SeasonRenewal_RunFragment } from '../../../gql/graphql';

export function RenewalLastRun({ run, mayWrite, busy, onUndo }: { run: SeasonRenewal_RunFragment; mayWrite: boolean; busy: boolean; onUndo: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const when = new Date(run.createdAt).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Rome' });
  return (
    <Card.Root as="section" aria-label="Ultimo rinnovo" variant="subtle">
      <Card.Body>
        <Flex gap="3" justify="space-between" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
          <Text>
            Ultimo rinnovo ({when}): dalla stagione {run.fromSeason.label} alla {run.toSeason.label}, {run.renewedMembers} soci rinnovati, {run.carriedAthletes} atleti confermati,{' '}
            {run.movedAthletes} cambiano categoria, {run.leftAthletes} non rinnovati.
          </Text>
          {mayWrite && (
            <Button variant="outline" onClick={() => setAsking(true)} flexShrink={0}>
              Annulla il rinnovo
            </Button>
          )}
        </Flex>
      </Card.Body>
      <ConfirmDialog
        open={asking}
        title="Annullare il rinnovo?"
        message="Le iscrizioni dei soci, i gruppi e le categorie tornano come prima del rinnovo."
        confirmLabel="Annulla il rinnovo"
        cancelLabel="Indietro"
        loading={busy}
        onConfirm={() => void onUndo().finally(() => setAsking(false))}
        onCancel={() => setAsking(false)}
      />
    </Card.Root>
  );
}
