// /calendario/presenze/:eventId/:occursOn ("Presenze", calendar.write; issue 38 point 3): the coach takes a day's
// attendance on a phone. Everyone is present until tapped absent (the whole row is the target), with a reason one tap
// away; "Presenti X su Y" and "Salva presenze" stay at the bottom of the screen. Saving makes the submission's id and
// time on the phone and puts it in the phone's queue first (attendance-queue.ts), then sends it: with no connection it
// stays there, the page says so, and it leaves when the server has it (back online, the page opened again, "Invia
// ora"). The server counts a submission once however many times it arrives. The marks shown are the server's, or
// the ones still waiting on this phone for this day.
import { useQuery } from '@apollo/client/react';
import { Box, Button, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { addDays, clubDate } from '../../../../../schema/club-time';
import { ArrowLeftIcon } from '../../../components/icons';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { newSubmissionId } from '../../../lib/offline-queue';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { useOnline } from '../../../lib/use-online';
import { AttendanceSheetQuery } from '../attendance-documents';
import { longDay, momentOf, presentLine } from '../attendance-labels';
import { sameSheet, useAttendanceQueue } from '../attendance-queue';
import { AthleteMark, markOf, reasonOf, type MarkState } from '../components/athlete-mark';
import { PendingSubmissions } from '../components/pending-submissions';

const TITLE = 'Presenze';
export const QUEUED_MESSAGE = 'Presenze salvate sul telefono: verranno inviate appena torna la connessione.';

/** What became of the last save; `kept`: the refused sheet is still on the phone (listed with the waiting ones). */
type Status = { kind: 'sent'; message: string } | { kind: 'queued'; id: string } | { kind: 'refused'; message: string; kept: boolean } | null;

export default function AttendanceSheetPage() {
  useDocumentTitle(TITLE);
  const { eventId = '', occursOn = '' } = useParams();
  const validDay = /^\d{4}-\d{2}-\d{2}$/.test(occursOn);
  const sheet = useQuery(AttendanceSheetQuery, {
    variables: { eventId, occursOn, from: validDay ? addDays(occursOn, -7) : occursOn, to: validDay ? addDays(occursOn, 7) : occursOn },
    skip: !validDay,
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: false,
  });
  const online = useOnline();
  const queueView = useAttendanceQueue();
  const { queue, items } = queueView;
  const result = sheet.data?.attendanceSheet;
  const data = result?.__typename === 'QueryAttendanceSheetSuccess' ? result.data : null;
  const refusal = result && result.__typename !== 'QueryAttendanceSheetSuccess' ? result.message : null;
  const calendar = sheet.data?.calendar;
  const occurrence = calendar?.__typename === 'QueryCalendarSuccess' ? calendar.data.find((o) => o.event.id === eventId && o.occursOn === occursOn) : undefined;
  const label = `${occurrence?.event.title ?? 'Appello'}, ${validDay ? longDay(occursOn) : occursOn}`;
  const future = validDay && occursOn > clubDate(new Date());

  // The marks: what waits on this phone for this day (the newest), else the server's; everyone present by default.
  const [marks, setMarks] = useState<Record<string, MarkState> | null>(null);
  const waiting = useMemo(() => (items ?? []).filter((i) => sameSheet(i.payload)({ eventId, occursOn })).at(-1), [items, eventId, occursOn]);
  useEffect(() => {
    if (marks !== null || !data || items === null) return;
    const phone = new Map((waiting?.payload.marks ?? []).map((m) => [m.personId, m]));
    setMarks(
      Object.fromEntries(
        data.rows.map((row) => {
          const mine = phone.get(row.personId);
          return [row.personId, mine ? markOf(mine.present, mine.reason) : markOf(row.present ?? null, row.reason ?? null)];
        }),
      ),
    );
  }, [marks, data, items, waiting]);
  const [status, setStatus] = useState<Status>(null);
  const change = useCallback((personId: string, mark: MarkState) => {
    setMarks((all) => (all ? { ...all, [personId]: mark } : all));
    // what was said of the last save no longer describes the marks on the screen (what waits stays listed above)
    setStatus(null);
  }, []);
  const [saving, setSaving] = useState(false);
  const { refetch } = sheet;
  // A sheet queued here and sent meanwhile (back online, "Invia ora"): no longer waiting.
  useEffect(() => {
    if (status?.kind !== 'queued' || items === null) return;
    const item = items.find((i) => i.id === status.id);
    if (!item) {
      setStatus({ kind: 'sent', message: 'Presenze inviate: ora sono salvate.' });
      void refetch().catch(() => undefined);
    } else if (item.refusal) setStatus({ kind: 'refused', message: item.refusal, kept: true });
  }, [items, status, refetch]);

  const rows = data?.rows ?? [];
  const present = marks ? rows.filter((r) => marks[r.personId]?.present !== false).length : rows.length;

  const save = async () => {
    if (!marks || rows.length === 0) return;
    setSaving(true);
    // the submission is made now, on the phone: its id and the time the attendance was taken
    const id = newSubmissionId();
    const payload = {
      eventId,
      occursOn,
      takenAt: new Date().toISOString(),
      marks: rows.map((r) => ({ personId: r.personId, present: marks[r.personId]?.present !== false, reason: marks[r.personId] ? reasonOf(marks[r.personId]) : null })),
      label,
    };
    let kept = true;
    try {
      await queue.add(id, payload, sameSheet(payload));
    } catch {
      // no IndexedDB (a private window that refuses it): sent straight away, not kept
      kept = false;
    }
    try {
      const outcome = kept ? (await queue.flush()).outcomes.get(id) : await queue.sendOnce(id, payload);
      if (!kept && outcome?.kind === 'retry') {
        setStatus({ kind: 'refused', message: 'nessuna connessione, e questo browser non permette di conservarle sul telefono. Riprova quando torna la connessione.', kept: false });
        return;
      }
      if (outcome?.kind === 'done') {
        setStatus({ kind: 'sent', message: outcome.message });
        notify(MESSAGE_LEVEL.success, outcome.message);
        void refetch().catch(() => undefined);
      } else if (outcome?.kind === 'refused') {
        setStatus({ kind: 'refused', message: outcome.message, kept });
        notify(MESSAGE_LEVEL.error, outcome.message);
      } else setStatus({ kind: 'queued', id });
    } catch (error) {
      setStatus({ kind: 'refused', message: messageOfError(error), kept });
    } finally {
      setSaving(false);
    }
  };

  let body;
  if (!validDay) body = <ListError message="Indirizzo non valido: apri le presenze dal calendario." />;
  else if (sheet.error && !data) body = <ListError message={messageOfError(sheet.error)} onRetry={() => void refetch().catch(() => undefined)} />;
  else if (refusal) body = <ListError message={refusal} />;
  else if (!data || marks === null) body = <ListLoading label="Caricamento degli atleti..." />;
  else if (rows.length === 0) body = <ListEmpty>Nessun atleta nei gruppi di questo appuntamento.</ListEmpty>;
  else
    body = (
      <>
        <Text color="fg.muted" fontSize="sm">
          {data.takenAt ? "Tocca un atleta per cambiarlo da presente ad assente o viceversa, poi salva di nuovo." : 'Tutti presenti: tocca chi è assente e, se vuoi, il motivo.'}
        </Text>
        <Stack as="ul" listStyleType="none" gap="2" aria-label="Atleti">
          {rows.map((row) => (
            <AthleteMark key={row.personId} personId={row.personId} name={row.name} mark={marks[row.personId] ?? markOf(null, null)} onChange={change} />
          ))}
        </Stack>
      </>
    );

  return (
    <Stack gap="4" maxW="2xl" w="100%" minW="0">
      <Link asChild fontSize="sm" colorPalette="brand" alignSelf="flex-start">
        <RouterLink to="/calendario">
          <ArrowLeftIcon boxSize="4" />
          Calendario
        </RouterLink>
      </Link>
      <Stack gap="1" minW="0">
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text fontWeight="medium" overflowWrap="anywhere" data-testid="attendance-event">
          {label}
        </Text>
        {occurrence && (
          <Text fontSize="sm" color="fg.muted">{`${occurrence.startTime}–${occurrence.endTime} · ${occurrence.event.groups.map((g) => g.name).join(', ')}`}</Text>
        )}
        {data?.takenAt && (
          <Text fontSize="sm" color="fg.muted" data-testid="attendance-taken">{`Appello salvato: ${momentOf(data.takenAt)}`}</Text>
        )}
      </Stack>
      {status?.kind === 'queued' && (
        <Box role="status" borderWidth="1px" borderColor="orange.muted" bg="orange.subtle" borderRadius="lg" p="3">
          <Text fontWeight="semibold">{QUEUED_MESSAGE}</Text>
        </Box>
      )}
      {status?.kind === 'sent' && (
        <Box role="status" borderWidth="1px" borderColor="green.muted" bg="green.subtle" borderRadius="lg" p="3">
          <Text fontWeight="semibold">{status.message}</Text>
        </Box>
      )}
      {status?.kind === 'refused' && (
        <Box role="alert" borderWidth="1px" borderColor="red.muted" bg="red.subtle" borderRadius="lg" p="3">
          <Text fontWeight="semibold">{`Presenze non salvate: ${status.message}`}</Text>
          {status.kept && <Text fontSize="sm">Restano sul telefono: correggi e salva di nuovo, oppure scartale.</Text>}
        </Box>
      )}
      <PendingSubmissions view={queueView} online={online} />
      {future && data && (
        <Text role="note" fontSize="sm" color="fg.muted">
          L&apos;appello si fa il giorno dell&apos;appuntamento o dopo.
        </Text>
      )}
      {body}
      {data && marks && rows.length > 0 && (
        <Box position="sticky" bottom="0" zIndex="sticky" bg="bg" borderWidth="1px" borderRadius="lg" boxShadow="0 -4px 12px rgba(0,0,0,0.08)" px="4" py="3" mx={{ base: '-2', sm: '0' }}>
          <Flex gap="3" align="center" justify="space-between">
            <Text fontWeight="bold" fontSize={{ base: 'md', sm: 'lg' }} aria-live="polite" data-testid="attendance-count">
              {presentLine(present, rows.length)}
            </Text>
            <Button size="lg" minH="12" px="5" flexShrink="0" onClick={() => void save()} loading={saving} loadingText="Salvataggio..." disabled={future}>
              Salva presenze
            </Button>
          </Flex>
        </Box>
      )}
    </Stack>
  );
}
