// "Webhook": the organisation's endpoints told of the people created, changed, archived or deleted in the affiliated
// clubs, each with its events, its state and its latest deliveries (state, changes carried, attempts, the receiver's
// last HTTP status or error). Admins add one (HTTPS address and events, all chosen by default) whose signing secret
// is shown once in the same dialog as a key's, and disable one after a confirmation; readers see the same, read-only.
// The deliveries are a table on wide screens, cards on phones.
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Checkbox, Code, Flex, Heading, Stack, Table, Text, useBreakpointValue, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import type { z } from 'zod';
import { MSG } from '../../../../../schema/messages';
import { PanelFormFooter, SchemaForm, TextField, useFieldError, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { PlusIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import type { OrganisationPortal_WebhookFragment, WebhookEvent } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { CreateWebhookMutation, DisableWebhookMutation, OrganisationWebhooksQuery } from '../organisation-portal-documents';
import { webhookForm } from '../portal-forms';
import { count, day, DELIVERY_LABELS, moment, WEBHOOK_EVENTS, webhookEventLabel } from '../portal-labels';
import { Detail } from './detail';
import { SecretDialog } from './secret-dialog';
import { TableScroll } from '../../../components/ui/table-scroll';

type Webhook = OrganisationPortal_WebhookFragment;
type Delivery = Webhook['deliveries'][number];

/** Where a receiver learns to check the signature (no docs page is served: the file of the repository). */
const SIGNATURE_DOCS = 'docs/api/federation.md#webhooks';

export function Webhooks({ organisationId, admin }: { organisationId: string; admin: boolean }) {
  const { data, loading, error, refetch } = useQuery(OrganisationWebhooksQuery, { variables: { organisationId }, fetchPolicy: 'cache-and-network' });
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [disabling, setDisabling] = useState<Webhook | null>(null);
  const [disable, { loading: disablingNow }] = useMutation(DisableWebhookMutation);
  const reload = () => void refetch().catch(() => undefined);

  async function confirmDisable() {
    if (!disabling) return;
    try {
      const outcome = readMutationResult((await disable({ variables: { id: disabling.id } })).data?.disableWebhook);
      notify(outcome.ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, outcome.ok ? 'Webhook disattivato: da ora non riceve più notifiche.' : outcome.message);
      if (outcome.ok) reload();
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    } finally {
      setDisabling(null);
    }
  }

  let body;
  if (!data && loading) body = <ListLoading label="Caricamento dei webhook..." />;
  else if (!data) body = <ListError message={error ? messageOfError(error) : MSG.loadFailed} onRetry={reload} />;
  else if (data.organisationWebhooks.length === 0) {
    body = <ListEmpty>{admin ? 'Nessun webhook. Aggiungine uno per sapere subito cosa cambia nelle società affiliate.' : 'Nessun webhook.'}</ListEmpty>;
  } else {
    body = (
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Webhook">
        {data.organisationWebhooks.map((w) => (
          <WebhookRow key={w.id} webhook={w} admin={admin} onDisable={() => setDisabling(w)} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="4">
      <Flex gap="3" justify="space-between" align={{ base: 'stretch', sm: 'flex-start' }} direction={{ base: 'column', sm: 'row' }}>
        <Text fontSize="sm" color="fg.muted" maxW="2xl">
          Ogni notifica è firmata con il segreto del webhook nell'intestazione <Code fontSize="xs">CampoBase-Signature</Code>: come verificarla è spiegato
          nella documentazione dell'API, in <Code fontSize="xs">{SIGNATURE_DOCS}</Code>.
        </Text>
        {admin && (
          <Button onClick={() => setCreating(true)} w={{ base: 'full', sm: 'auto' }} flexShrink={0}>
            <PlusIcon />
            Aggiungi un webhook
          </Button>
        )}
      </Flex>
      {body}
      {admin && (
        <>
          <CreateWebhookDialog
            open={creating}
            organisationId={organisationId}
            onClose={() => setCreating(false)}
            onCreated={(created) => {
              setCreating(false);
              setSecret(created);
              reload();
            }}
          />
          <SecretDialog
            secret={secret}
            title="Webhook aggiunto"
            warning="Copia il segreto di firma ora e conservalo nel servizio che riceve le notifiche: non verrà più mostrato. Se lo perdi, disattiva il webhook e aggiungine uno nuovo."
            label="Segreto di firma"
            copyLabel="Copia il segreto"
            copiedLabel="Segreto copiato"
            hint={
              <>
                Per verificare una notifica, il servizio calcola con questo segreto l'HMAC-SHA256 di <Code fontSize="xs">t</Code>, un punto e il corpo così come
                ricevuto, e lo confronta con <Code fontSize="xs">v1</Code> (<Code fontSize="xs">t</Code> e <Code fontSize="xs">v1</Code> sono nell'intestazione{' '}
                <Code fontSize="xs">CampoBase-Signature</Code>; vedi {SIGNATURE_DOCS}).
              </>
            }
            doneLabel="Ho salvato il segreto"
            testId="webhook-secret"
            onClose={() => setSecret(null)}
          />
          <ConfirmDialog
            open={disabling !== null}
            title="Disattivare il webhook?"
            message={`${disabling?.url ?? ''} smetterà subito di ricevere notifiche, anche quelle ancora da consegnare. Non si può annullare: per riprendere servirà un nuovo webhook.`}
            confirmLabel="Disattiva il webhook"
            loading={disablingNow}
            onConfirm={() => void confirmDisable()}
            onCancel={() => setDisabling(null)}
          />
        </>
      )}
    </Stack>
  );
}

function WebhookRow({ webhook: w, admin, onDisable }: { webhook: Webhook; admin: boolean; onDisable: () => void }) {
  return (
    <Box as="li" aria-label={w.url} borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '4' }} bg={w.disabledAt ? 'bg.subtle' : undefined}>
      <Stack gap="4">
        <Flex gap="3" justify="space-between" align={{ base: 'stretch', sm: 'flex-start' }} direction={{ base: 'column', sm: 'row' }}>
          <Stack gap="1" minW="0">
            <Flex gap="2" align="center" wrap="wrap">
              <Text fontFamily="mono" fontSize="sm" fontWeight="semibold" wordBreak="break-all">
                {w.url}
              </Text>
              <Badge colorPalette={w.disabledAt ? 'gray' : 'green'} variant="subtle">
                {w.disabledAt ? 'Disattivato' : 'Attivo'}
              </Badge>
            </Flex>
            <Text fontSize="sm" color="fg.muted">
              Aggiunto il {day(w.createdAt)}
              {w.disabledAt ? ` · disattivato il ${moment(w.disabledAt)}` : ''}
            </Text>
          </Stack>
          {admin && !w.disabledAt && (
            <Button size="sm" variant="outline" colorPalette="red" onClick={onDisable} aria-label={`Disattiva il webhook ${w.url}`} flexShrink={0}>
              Disattiva
            </Button>
          )}
        </Flex>
        <Detail label="Eventi">
          <Wrap gap="1" as="ul" listStyleType="none" aria-label="Eventi">
            {WEBHOOK_EVENTS.filter((e) => w.events.includes(e.value)).map((e) => (
              <Badge as="li" key={e.value} variant="outline" colorPalette="gray">
                {webhookEventLabel(e.value)}
              </Badge>
            ))}
          </Wrap>
        </Detail>
        {w.deliveries.length > 0 ? (
          <Deliveries deliveries={w.deliveries} />
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {w.disabledAt ? 'Nessuna consegna.' : 'Nessuna consegna finora: la prima parte quando una società affiliata aggiunge o cambia una persona.'}
          </Text>
        )}
      </Stack>
    </Box>
  );
}

function DeliveryBadge({ status }: { status: string }) {
  const d = DELIVERY_LABELS[status] ?? { label: status, palette: 'gray' };
  return (
    <Badge colorPalette={d.palette} variant="subtle" flexShrink={0}>
      {d.label}
    </Badge>
  );
}

/** The receiver's last answer: its HTTP status, or why there was none. */
function lastAnswer(d: Delivery): string {
  if (d.lastStatus !== null && d.lastStatus !== undefined) return d.lastError ? `HTTP ${d.lastStatus} · ${d.lastError}` : `HTTP ${d.lastStatus}`;
  return d.lastError ?? '—';
}

function Deliveries({ deliveries }: { deliveries: readonly Delivery[] }) {
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false });
  if (!wide) {
    return (
      <Stack gap="2">
        <Heading as="h3" size="xs">
          Ultime consegne
        </Heading>
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Ultime consegne">
          {deliveries.map((d) => (
            <Box as="li" key={d.id} borderWidth="1px" borderRadius="md" p="3" bg="bg">
              <Stack gap="1">
                <Flex justify="space-between" gap="2" align="center">
                  <Text fontSize="sm" color="fg.muted">
                    <time dateTime={d.createdAt}>{moment(d.createdAt)}</time>
                  </Text>
                  <DeliveryBadge status={d.status} />
                </Flex>
                <Text fontSize="sm">
                  {count(d.records)} {d.records === 1 ? 'modifica' : 'modifiche'} · {count(d.attempts)} {d.attempts === 1 ? 'tentativo' : 'tentativi'}
                </Text>
                <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                  Risposta: {lastAnswer(d)}
                  {d.deliveredAt ? ` · consegnata il ${moment(d.deliveredAt)}` : ''}
                </Text>
              </Stack>
            </Box>
          ))}
        </Stack>
      </Stack>
    );
  }
  return (
    <Stack gap="2">
      <Heading as="h3" size="xs">
        Ultime consegne
      </Heading>
      <TableScroll label="Ultime consegne" borderWidth="1px" borderRadius="md" bg="bg">
        <Table.Root size="sm" aria-label="Ultime consegne">
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader ps="4">Creata</Table.ColumnHeader>
              <Table.ColumnHeader>Stato</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Modifiche</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Tentativi</Table.ColumnHeader>
              <Table.ColumnHeader>Ultima risposta</Table.ColumnHeader>
              <Table.ColumnHeader pe="4">Consegnata il</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {deliveries.map((d) => (
              <Table.Row key={d.id}>
                <Table.Cell ps="4" py="2" whiteSpace="nowrap" fontSize="sm">
                  <time dateTime={d.createdAt}>{moment(d.createdAt)}</time>
                </Table.Cell>
                <Table.Cell>
                  <DeliveryBadge status={d.status} />
                </Table.Cell>
                <Table.Cell textAlign="end">{count(d.records)}</Table.Cell>
                <Table.Cell textAlign="end">{count(d.attempts)}</Table.Cell>
                <Table.Cell fontSize="sm" maxW="xs" overflowWrap="anywhere">
                  {lastAnswer(d)}
                </Table.Cell>
                <Table.Cell pe="4" whiteSpace="nowrap" fontSize="sm">
                  {d.deliveredAt ? moment(d.deliveredAt) : '—'}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableScroll>
    </Stack>
  );
}

const CREATE_FORM = 'create-webhook-form';
const ALL_EVENTS = WEBHOOK_EVENTS.map((e) => e.value);

function CreateWebhookDialog({ open, organisationId, onClose, onCreated }: { open: boolean; organisationId: string; onClose: () => void; onCreated: (secret: string) => void }) {
  const [create, { loading }] = useMutation(CreateWebhookMutation);
  const [dirty, setDirty] = useState(false);

  async function save(input: z.output<typeof webhookForm>): Promise<SubmitOutcome> {
    const outcome = readMutationResult((await create({ variables: { organisationId, ...input } })).data?.createWebhook);
    if (!outcome.ok) return outcome;
    onCreated(outcome.data.secret);
  }

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      onClose={() => !loading && onClose()}
      title="Nuovo webhook"
      size="md"
      footer={<PanelFormFooter formId={CREATE_FORM} sending={loading} submitLabel="Aggiungi il webhook" sendingLabel="Aggiunta..." />}
    >
      <CreateWebhookForm save={save} onDirtyChange={setDirty} />
    </FormDialog>
  );
}

function CreateWebhookForm({ save, onDirtyChange }: { save: (input: z.output<typeof webhookForm>) => Promise<SubmitOutcome>; onDirtyChange: (dirty: boolean) => void }) {
  const form = useSchemaForm(webhookForm, { url: '', events: ALL_EVENTS });
  // Only the fields' own messages when the form is incomplete; a server message already under a field is not repeated.
  return (
    <SchemaForm id={CREATE_FORM} form={form} onSubmit={save} onDirtyChange={onDirtyChange} invalidMessage="" repeatFieldMessage={false}>
      <TextField
        name="url"
        label="Indirizzo"
        required
        helper="L'indirizzo HTTPS completo del servizio che riceve le notifiche (POST in JSON)."
        type="url"
        inputMode="url"
        maxLength={500}
        spellCheck={false}
        placeholder="https://gestionale.esempio.it/campobase"
        fontFamily="mono"
      />
      <WebhookEvents />
    </SchemaForm>
  );
}

function WebhookEvents() {
  const { field } = useController<{ events: WebhookEvent[] }, 'events'>({ name: 'events' });
  const error = useFieldError('events');
  const toggle = (event: WebhookEvent, on: boolean) =>
    field.onChange(on ? ALL_EVENTS.filter((e) => e === event || field.value.includes(e)) : field.value.filter((e) => e !== event));
  return (
    <Stack gap="2" role="group" aria-labelledby="webhook-events" aria-describedby={error ? 'webhook-events-error' : undefined}>
      <Text id="webhook-events" fontWeight="medium" fontSize="sm">
        Eventi
      </Text>
      <Text fontSize="sm" color="fg.muted">
        Delle persone delle società affiliate che condividono i dati dei tesserati. La notifica dice solo chi è cambiato: i dati si leggono con una chiave API.
      </Text>
      {WEBHOOK_EVENTS.map((e) => (
        <Checkbox.Root key={e.value} checked={field.value.includes(e.value)} onCheckedChange={(d) => toggle(e.value, d.checked === true)} alignItems="flex-start" invalid={Boolean(error)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control mt="0.5" />
          <Checkbox.Label>
            {e.label}
            <Text as="span" color="fg.muted" fontWeight="normal">
              {' '}
              — {e.description}
            </Text>
          </Checkbox.Label>
        </Checkbox.Root>
      ))}
      {error && (
        <Text id="webhook-events-error" color="fg.error" fontSize="sm">
          {error}
        </Text>
      )}
    </Stack>
  );
}
