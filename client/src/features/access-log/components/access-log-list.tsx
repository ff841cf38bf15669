// The lines of the access log: a table on wide screens, cards on phones. Each says when, who, what (the action and
// what it touched) and from where (IP and browser, shortened; the full text on hover and in the export).
import { Badge, Box, Skeleton, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { ACCESS_LOG_ACTIONS, ACCESS_LOG_ENTITIES, type AccessLogAction } from '../../../../../schema/access-log';
import { graphql } from '../../../gql';
import type { AccessLogList_EntryFragment } from '../../../gql/graphql';
import { TableScroll } from '../../../components/ui/table-scroll';

export const AccessLogEntryFragment = graphql(`
  fragment AccessLogList_Entry on AccessLogEntry {
    id
    at
    action
    actorKind
    actorName
    actorEmail
    entityType
    entityLabel
    detail
    ip
    userAgent
  }
`);

export type LogEntry = AccessLogList_EntryFragment;

const WHEN = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'medium' });
export const when = (iso: string) => WHEN.format(new Date(iso));

/** Badge colours by kind of action: failures and health reads stand out. */
function palette(action: AccessLogAction): string {
  if (action === 'sign_in_failed') return 'red';
  if (action === 'health_read') return 'purple';
  if (action === 'archive' || action === 'delete' || action.startsWith('collaborator_removed') || action === 'club_archived') return 'orange';
  if (action === 'export' || action === 'import') return 'blue';
  if (action === 'sign_in') return 'green';
  return 'gray';
}

export function ActionBadge({ action }: { action: AccessLogAction }) {
  return (
    <Badge colorPalette={palette(action)} variant="subtle" whiteSpace="normal" textAlign="start">
      {ACCESS_LOG_ACTIONS[action] ?? action}
    </Badge>
  );
}

export const actorOf = (e: Pick<LogEntry, 'actorKind' | 'actorName' | 'actorEmail'>) =>
  e.actorKind === 'system' ? 'Sistema' : (e.actorName ?? e.actorEmail ?? 'Sconosciuto');

/** "Persona · Mario Rossi", "Gruppo · Under 12", or just the kind. */
export function subjectOf(e: Pick<LogEntry, 'entityType' | 'entityLabel'>): string {
  const kind = e.entityType ? (ACCESS_LOG_ENTITIES[e.entityType] ?? e.entityType) : '';
  return [kind, e.entityLabel].filter(Boolean).join(' · ');
}

/** A browser's name from its user agent, enough to recognise it ("Chrome su Android"). */
export function deviceOf(userAgent: string | null | undefined): string {
  if (!userAgent) return '';
  const ua = userAgent;
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : '';
  const system = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows' : /Mac OS X/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : '';
  if (browser && system) return `${browser} su ${system}`;
  return browser || system || ua.slice(0, 40);
}

function Origin({ entry }: { entry: LogEntry }) {
  if (!entry.ip && !entry.userAgent) return <Text color="fg.muted">—</Text>;
  return (
    <Stack gap="0" fontSize="sm" title={entry.userAgent ?? undefined}>
      {entry.ip && <Text fontFamily="mono">{entry.ip}</Text>}
      {entry.userAgent && <Text color="fg.muted">{deviceOf(entry.userAgent)}</Text>}
    </Stack>
  );
}

function Who({ entry }: { entry: LogEntry }) {
  const name = actorOf(entry);
  return (
    <Stack gap="0" minW="0">
      <Text fontWeight="medium">{name}</Text>
      {entry.actorEmail && entry.actorEmail !== name && (
        <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
          {entry.actorEmail}
        </Text>
      )}
    </Stack>
  );
}

function What({ entry }: { entry: LogEntry }) {
  const subject = subjectOf(entry);
  return (
    <Stack gap="1" align="flex-start" minW="0">
      <ActionBadge action={entry.action} />
      {subject && <Text fontSize="sm">{subject}</Text>}
      {entry.detail && (
        <Text fontSize="sm" color="fg.muted">
          {entry.detail}
        </Text>
      )}
    </Stack>
  );
}

export function AccessLogList({ entries }: { entries: readonly LogEntry[] }) {
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false });
  if (!wide) {
    return (
      <Stack as="ul" gap="3" aria-label="Registro accessi" listStyleType="none">
        {entries.map((entry) => (
          <Box as="li" key={entry.id} bg="bg" borderWidth="1px" borderRadius="xl" p="4">
            <Stack gap="3">
              <Text fontSize="sm" color="fg.muted">
                <time dateTime={entry.at}>{when(entry.at)}</time>
              </Text>
              <What entry={entry} />
              <Who entry={entry} />
              <Origin entry={entry} />
            </Stack>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <TableScroll label="Registro accessi" bg="bg" borderWidth="1px" borderRadius="xl">
      <Table.Root size="sm">
        <Table.Caption srOnly>Registro accessi</Table.Caption>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader ps="4">Quando</Table.ColumnHeader>
            <Table.ColumnHeader>Cosa</Table.ColumnHeader>
            <Table.ColumnHeader>Chi</Table.ColumnHeader>
            <Table.ColumnHeader pe="4">Da dove</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((entry) => (
            <Table.Row key={entry.id} verticalAlign="top">
              <Table.Cell ps="4" py="3" whiteSpace="nowrap" fontSize="sm">
                <time dateTime={entry.at}>{when(entry.at)}</time>
              </Table.Cell>
              <Table.Cell py="3" maxW="md">
                <What entry={entry} />
              </Table.Cell>
              <Table.Cell py="3" maxW="64">
                <Who entry={entry} />
              </Table.Cell>
              <Table.Cell pe="4" py="3">
                <Origin entry={entry} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}

/** Placeholder lines while the first page loads. */
export function AccessLogSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="xl" p="4" role="status" aria-live="polite">
      <Box srOnly>Caricamento...</Box>
      <Stack gap="4">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} h="8" />
        ))}
      </Stack>
    </Box>
  );
}
