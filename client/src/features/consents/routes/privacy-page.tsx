// /club/privacy (sidebar "Privacy", club.read; /privacy is the public site's own policy): the club's privacy notice
// (informativa privacy, issue 36 point 2) in force, with its title, version, day and text, and the older versions;
// club.write publishes the next version (after a confirmation: consents given against an older version need
// renewing). consents.read adds "Consensi mancanti": for one purpose, the people with an active role whose consent
// is not given against the current notice, 8 a page, each linking to their page.
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CONSENT_PURPOSE_LABELS, CONSENT_PURPOSES, publishPrivacyNoticeInput, type ConsentPurpose } from '../../../../../schema/validation/consents';
import { SchemaForm, TextareaField, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import { Pager } from '../../../components/ui/pager';
import { SelectInput } from '../../../components/ui/select-field';
import type { PrivacyPage_NoticesQuery, PublishPrivacyNoticeInput } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/use-access';
import { pageCount } from '../../../lib/use-cursor-pages';
import { pageVariables } from '../../../lib/use-list-view';
import { CONSENT_STATUS_INFO, italianDay, italianDayOf } from '../../../lib/consent-labels';
import { ConsentGapsQuery, PrivacyNoticesQuery, PublishPrivacyNoticeMutation } from '../consents-documents';

const TITLE = 'Informativa privacy';
type Notice = PrivacyPage_NoticesQuery['privacyNotices'][number];

function Card({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId} bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }} minW="0">
      <Heading as="h2" size="md" id={headingId} mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function CurrentNotice({ notice }: { notice: Notice }) {
  return (
    <Stack gap="3">
      <Stack gap="1">
        <Heading as="h3" size="sm" overflowWrap="anywhere">
          {notice.title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Versione {notice.version} del {italianDayOf(notice.publishedAt)}
        </Text>
      </Stack>
      <Text whiteSpace="pre-wrap" overflowWrap="anywhere" maxH="32rem" overflowY="auto" tabIndex={0} aria-label={`Testo dell'informativa, versione ${notice.version}`}>
        {notice.text}
      </Text>
    </Stack>
  );
}

function OlderVersions({ notices }: { notices: Notice[] }) {
  if (notices.length === 0) return null;
  return (
    <Stack gap="2">
      <Heading as="h3" size="xs" textTransform="uppercase" letterSpacing="wide" color="fg.muted">
        Versioni precedenti
      </Heading>
      <Stack as="ul" gap="1" listStyleType="none" aria-label="Versioni precedenti">
        {notices.map((n) => (
          <Box as="li" key={n.id} fontSize="sm">
            <Text as="span" fontWeight="medium">{`Versione ${n.version} del ${italianDayOf(n.publishedAt)}`}</Text>
            <Text as="span" color="fg.muted" overflowWrap="anywhere">{`: ${n.title}`}</Text>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

/** "Pubblica una nuova versione": the title and the text, then a confirmation before publishing. */
function PublishForm({ current }: { current: Notice | undefined }) {
  const headingId = useId();
  const form = useSchemaForm(publishPrivacyNoticeInput, { title: current?.title ?? '', text: '' });
  const [publish, { loading }] = useMutation(PublishPrivacyNoticeMutation, { refetchQueries: ['PrivacyPage_Notices', 'PrivacyPage_Gaps', 'PersonConsents_Consents'], awaitRefetchQueries: true });
  const [asking, setAsking] = useState(false);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);
  const nextVersion = (current?.version ?? 0) + 1;

  const confirmed = () =>
    new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setAsking(true);
    });
  const reply = (value: boolean) => {
    setAsking(false);
    answer.current?.(value);
    answer.current = null;
  };

  const save = async (input: PublishPrivacyNoticeInput): Promise<SubmitOutcome> => {
    if (!(await confirmed())) return;
    const outcome = readMutationResult((await publish({ variables: { input } })).data?.publishPrivacyNotice);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    form.reset({ title: input.title, text: '' });
  };

  return (
    <Box as="section" aria-labelledby={headingId} bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }} minW="0">
      <Heading as="h2" size="md" id={headingId} mb="1">
        Pubblica una nuova versione
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="4">
        Le versioni non si modificano: un testo nuovo è una versione nuova, la {nextVersion}.
      </Text>
      <SchemaForm form={form} onSubmit={save} aria-labelledby={headingId}>
        <TextField name="title" label="Titolo" required maxLength={200} />
        <TextareaField name="text" label="Testo" required rows={8} maxH="60vh" />
        <HStack justify="flex-end">
          <Button type="submit" disabled={loading}>
            {loading ? 'Pubblicazione in corso...' : 'Pubblica'}
          </Button>
        </HStack>
      </SchemaForm>
      <ConfirmDialog
        open={asking}
        tone="neutral"
        title={`Pubblicare la versione ${nextVersion}?`}
        message={
          current
            ? `La versione ${nextVersion} sostituisce la ${current.version}: i consensi dati sulla versione precedente andranno rinnovati.`
            : `La versione ${nextVersion} sarà l'informativa in vigore: i consensi si registreranno su questa.`
        }
        confirmLabel="Pubblica"
        onConfirm={() => reply(true)}
        onCancel={() => reply(false)}
      />
    </Box>
  );
}

const PURPOSE_OPTIONS = CONSENT_PURPOSES.map((value) => ({ value, label: CONSENT_PURPOSE_LABELS[value] }));

/** "Consensi mancanti": the people of one purpose whose consent is not given against the current notice. */
function ConsentGaps() {
  const [purpose, setPurpose] = useState<ConsentPurpose>('trattamento_dati');
  const [page, setPage] = useState(1);
  const gaps = useQuery(ConsentGapsQuery, { variables: { purpose, ...pageVariables(page) }, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  const result = (gaps.data ?? gaps.previousData)?.consentGaps;
  const items = result?.items ?? [];

  let body;
  if (gaps.error && !result) body = <ListError message={messageOfError(gaps.error)} onRetry={() => void gaps.refetch().catch(() => undefined)} />;
  else if (!result) body = <ListLoading label="Caricamento dei consensi mancanti..." />;
  else if (result.totalCount === 0) body = <ListEmpty>Nessun consenso mancante per questo scopo.</ListEmpty>;
  else
    body = (
      <Stack gap="3" aria-busy={gaps.loading}>
        <Text color="fg.muted" fontSize="sm" aria-live="polite">
          {result.totalCount === 1 ? '1 persona' : `${result.totalCount} persone`}
        </Text>
        <Stack as="ul" gap="2" listStyleType="none" aria-label={`Consensi mancanti: ${CONSENT_PURPOSE_LABELS[purpose]}`}>
          {items.map((item) => {
            const status = CONSENT_STATUS_INFO[item.status];
            return (
              <HStack as="li" key={item.personId} justify="space-between" gap="2" wrap="wrap" borderWidth="1px" borderRadius="lg" px="3" py="2">
                <Stack gap="0" minW="0">
                  <Link asChild fontWeight="semibold" overflowWrap="anywhere">
                    <RouterLink to={`/persona/${item.roleId}`}>{`${item.lastname} ${item.firstname}`}</RouterLink>
                  </Link>
                  {item.birthday && (
                    <Text fontSize="sm" color="fg.muted">
                      Nato/a il {italianDay(item.birthday)}
                    </Text>
                  )}
                </Stack>
                <Badge colorPalette={status.color}>{status.label}</Badge>
              </HStack>
            );
          })}
        </Stack>
        <Pager page={page} totalPages={pageCount(result.totalCount)} loading={gaps.loading} onPrev={() => setPage(page - 1)} onNext={() => setPage(page + 1)} onJump={setPage} />
      </Stack>
    );

  return (
    <Card title="Consensi mancanti">
      <Stack gap="4">
        <Box maxW={{ base: '100%', md: 'sm' }}>
          <FormField label="Scopo">
            <SelectInput
              name="purpose"
              value={purpose}
              onChange={(e) => {
                setPurpose(e.target.value as ConsentPurpose);
                setPage(1);
              }}
              options={PURPOSE_OPTIONS}
            />
          </FormField>
        </Box>
        {body}
      </Stack>
    </Card>
  );
}

export default function PrivacyPage() {
  useDocumentTitle(TITLE);
  const access = useAccess();
  const notices = useQuery(PrivacyNoticesQuery, { fetchPolicy: 'cache-and-network' });
  const list = notices.data?.privacyNotices;
  const [current, ...older] = list ?? [];

  let body;
  if (notices.error && !list) body = <ListError message={messageOfError(notices.error)} onRetry={() => void notices.refetch().catch(() => undefined)} />;
  else if (!list) body = <ListLoading label="Caricamento dell'informativa..." />;
  else
    body = (
      <Card title="Informativa in vigore">
        {current ? (
          <Stack gap="5">
            <CurrentNotice notice={current} />
            <OlderVersions notices={older} />
          </Stack>
        ) : (
          <Text color="fg.muted">Nessuna informativa pubblicata.</Text>
        )}
      </Card>
    );

  return (
    <Stack gap="6" maxW="5xl" w="100%">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="fg.muted">Il testo che la società fa leggere a chi si iscrive, in versioni, e i consensi che ancora mancano.</Text>
      </Stack>
      {body}
      {access.can('club.write') && list && <PublishForm key={current?.id ?? 'none'} current={current} />}
      {access.can('consents.read') && <ConsentGaps />}
    </Stack>
  );
}
