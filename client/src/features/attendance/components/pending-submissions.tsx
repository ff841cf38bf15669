// What this phone still has to send (issue 38 point 3): "1 invio in attesa", each sheet with its day and the time it
// was taken, "Invia ora" (sends again now, the refused ones too) and, for a sheet the server refused, its message and
// "Scarta" (asked first: the marks are lost). Nothing when the queue is empty.
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { QueuedSubmission } from '../../../lib/offline-queue';
import { pendingLabel, timeOf } from '../attendance-labels';
import type { AttendanceQueueView, AttendanceSubmission } from '../attendance-queue';

export function PendingSubmissions({ view, online }: { view: AttendanceQueueView; online: boolean }) {
  const [discarding, setDiscarding] = useState<QueuedSubmission<AttendanceSubmission> | null>(null);
  const items = view.items ?? [];
  if (items.length === 0) return null;
  const waiting = items.filter((i) => !i.refusal).length;
  return (
    <Box as="section" aria-labelledby="presenze-in-attesa" borderWidth="1px" borderColor="orange.muted" bg="orange.subtle" borderRadius="lg" p="3" data-testid="attendance-pending">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Text as="h2" id="presenze-in-attesa" fontWeight="semibold" aria-live="polite">
          {pendingLabel(waiting, items.length - waiting)}
        </Text>
        <Button size="sm" variant="outline" bg="bg" onClick={() => void view.retry()} loading={view.sending} loadingText="Invio...">
          Invia ora
        </Button>
      </Flex>
      {!online && waiting > 0 && (
        <Text fontSize="sm" mt="1">
          Sei senza connessione: le presenze partiranno da sole appena torna.
        </Text>
      )}
      <Stack as="ul" listStyleType="none" gap="2" mt="2" aria-label="Invii in attesa">
        {items.map((item) => (
          <Box as="li" key={item.id} fontSize="sm">
            <Text>{`${item.payload.label}: presi alle ${timeOf(item.payload.takenAt)}`}</Text>
            {item.note && !item.refusal && <Text color="fg.muted">{item.note}</Text>}
            {item.refusal && (
              <Flex role="alert" gap="2" align="center" wrap="wrap" mt="1">
                <Text color="fg.error" fontWeight="medium">{`Non salvate: ${item.refusal}`}</Text>
                <Button size="xs" variant="outline" colorPalette="red" bg="bg" onClick={() => setDiscarding(item)}>
                  Scarta
                </Button>
              </Flex>
            )}
          </Box>
        ))}
      </Stack>
      <ConfirmDialog
        open={discarding !== null}
        title="Scartare queste presenze?"
        message={discarding ? `Le presenze di ${discarding.payload.label} non verranno salvate: andranno riprese.` : ''}
        confirmLabel="Scarta"
        cancelLabel="Indietro"
        onConfirm={() => {
          if (discarding) void view.queue.discard(discarding.id);
          setDiscarding(null);
        }}
        onCancel={() => setDiscarding(null)}
      />
    </Box>
  );
}
