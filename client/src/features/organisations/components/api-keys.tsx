// "Chiavi API" (the organisation's admins): the keys with their prefix, scopes, clubs, expiry, last use and state;
// a new key (name, scopes, days, optionally only some affiliated clubs) whose secret is shown once in a dialog that
// the admin closes when it is stored; a key revoked after a confirmation, at once.
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Checkbox, Code, Flex, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useController, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { MSG } from '../../../../../schema/messages';
import { PanelFormFooter, SchemaForm, TextField, useFieldError, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { PlusIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import type { OrganisationPortal_ApiKeyFragment, OrganisationScope } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { CreateApiKeyMutation, OrganisationApiKeysQuery, RevokeApiKeyMutation } from '../organisation-portal-documents';
import { apiKeyForm } from '../portal-forms';
import { day, moment, SCOPES, scopeLabel, shortScopeLabel } from '../portal-labels';
import type { PortalAffiliation } from './affiliated-clubs';
import { Detail } from './detail';
import { SecretDialog } from './secret-dialog';

type ApiKey = OrganisationPortal_ApiKeyFragment;

/** A key's state: revoked, expired or usable. */
function keyState(key: ApiKey, now = Date.now()): { label: string; palette: string; usable: boolean } {
  if (key.revokedAt) return { label: 'Revocata', palette: 'red', usable: false };
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= now) return { label: 'Scaduta', palette: 'gray', usable: false };
  return { label: 'Attiva', palette: 'green', usable: true };
}

export function ApiKeys({ organisationId, affiliations }: { organisationId: string; affiliations: readonly PortalAffiliation[] }) {
  const { data, loading, error, refetch } = useQuery(OrganisationApiKeysQuery, { variables: { organisationId }, fetchPolicy: 'cache-and-network' });
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [revoke, { loading: revokingNow }] = useMutation(RevokeApiKeyMutation);
  const reload = () => void refetch().catch(() => undefined);
  const clubNames = new Map(affiliations.map((a) => [a.clubId, a.clubName]));

  async function confirmRevoke() {
    if (!revoking) return;
    try {
      const outcome = readMutationResult((await revoke({ variables: { id: revoking.id } })).data?.revokeApiKey);
      notify(outcome.ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, outcome.ok ? `Chiave «${revoking.name}» revocata: da ora le sue richieste sono rifiutate.` : outcome.message);
      if (outcome.ok) reload();
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    } finally {
      setRevoking(null);
    }
  }

  let body;
  if (!data && loading) body = <ListLoading label="Caricamento delle chiavi..." />;
  else if (!data) body = <ListError message={error ? messageOfError(error) : MSG.loadFailed} onRetry={reload} />;
  else if (data.organisationApiKeys.length === 0) body = <ListEmpty>Nessuna chiave. Crea una chiave per leggere i dati delle società dal tuo gestionale.</ListEmpty>;
  else {
    body = (
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Chiavi API">
        {data.organisationApiKeys.map((key) => (
          <KeyRow key={key.id} apiKey={key} clubNames={clubNames} onRevoke={() => setRevoking(key)} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="4">
      <Flex justify="flex-end">
        <Button onClick={() => setCreating(true)} w={{ base: 'full', sm: 'auto' }}>
          <PlusIcon />
          Crea una chiave
        </Button>
      </Flex>
      {body}
      <CreateKeyDialog
        open={creating}
        organisationId={organisationId}
        affiliations={affiliations}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setSecret(created);
          reload();
        }}
      />
      <SecretDialog
        secret={secret?.secret ?? null}
        title={`Chiave «${secret?.name ?? ''}» creata`}
        warning="Copia la chiave ora e conservala in un luogo sicuro: non verrà più mostrata. Se la perdi, revocala e creane una nuova."
        label="Chiave segreta"
        copyLabel="Copia la chiave"
        copiedLabel="Chiave copiata"
        hint={
          <>
            Il gestionale la invia in ogni richiesta a /graphql nell'intestazione <Code fontSize="xs">Authorization: Bearer …</Code>
          </>
        }
        doneLabel="Ho salvato la chiave"
        testId="api-key-secret"
        onClose={() => setSecret(null)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revocare la chiave «${revoking?.name ?? ''}»?`}
        message="Da subito ogni richiesta fatta con questa chiave sarà rifiutata. Non si può annullare: per riprendere servirà una nuova chiave."
        confirmLabel="Revoca la chiave"
        loading={revokingNow}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </Stack>
  );
}

function KeyRow({ apiKey: key, clubNames, onRevoke }: { apiKey: ApiKey; clubNames: ReadonlyMap<string, string>; onRevoke: () => void }) {
  const state = keyState(key);
  const clubs = key.clubIds.map((id) => clubNames.get(id) ?? 'Società non più affiliata');
  return (
    <Box as="li" aria-label={key.name} borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '4' }} bg={key.revokedAt ? 'bg.subtle' : undefined}>
      <Stack gap="4">
        <Flex gap="3" justify="space-between" align={{ base: 'stretch', sm: 'flex-start' }} direction={{ base: 'column', sm: 'row' }}>
          <Stack gap="1" minW="0">
            <Flex gap="2" align="center" wrap="wrap">
              <Text fontWeight="semibold" overflowWrap="anywhere">
                {key.name}
              </Text>
              <Badge colorPalette={state.palette} variant="subtle">
                {state.label}
              </Badge>
            </Flex>
            <Text fontSize="sm" color="fg.muted">
              <Code fontSize="sm" aria-label="Prefisso">
                {key.prefix}…
              </Code>{' '}
              · creata il {day(key.createdAt)}
            </Text>
          </Stack>
          {!key.revokedAt && (
            <Button size="sm" variant="outline" colorPalette="red" onClick={onRevoke} aria-label={`Revoca la chiave ${key.name}`} flexShrink={0}>
              Revoca
            </Button>
          )}
        </Flex>
        <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
          <Detail label="Dati">
            <Wrap gap="1">
              {key.scopes.map((s) => (
                <Badge key={s} variant="outline" colorPalette="gray" title={scopeLabel(s)}>
                  {shortScopeLabel(s)}
                </Badge>
              ))}
            </Wrap>
          </Detail>
          <Detail label="Società">{clubs.length ? clubs.join(', ') : 'Tutte le società affiliate'}</Detail>
          <Detail label={key.revokedAt ? 'Revocata' : 'Scadenza'}>
            {key.revokedAt ? moment(key.revokedAt) : key.expiresAt ? day(key.expiresAt) : 'Nessuna'}
          </Detail>
          <Detail label="Ultimo uso">{key.lastUsedAt ? moment(key.lastUsedAt) : 'Mai usata'}</Detail>
        </SimpleGrid>
      </Stack>
    </Box>
  );
}

const CREATE_FORM = 'create-api-key-form';
const DEFAULT_DAYS = 365;
const MAX_DAYS = 730;

type KeyValues = { name: string; scopes: OrganisationScope[]; expiresInDays: string; limited: boolean; clubIds: string[] };
const NEW_KEY: KeyValues = { name: '', scopes: [], expiresInDays: String(DEFAULT_DAYS), limited: false, clubIds: [] };
type SaveKey = (input: z.output<typeof apiKeyForm>) => Promise<SubmitOutcome>;

function CreateKeyDialog({
  open,
  organisationId,
  affiliations,
  onClose,
  onCreated,
}: {
  open: boolean;
  organisationId: string;
  affiliations: readonly PortalAffiliation[];
  onClose: () => void;
  onCreated: (created: { name: string; secret: string }) => void;
}) {
  const [create, { loading }] = useMutation(CreateApiKeyMutation);
  const [dirty, setDirty] = useState(false);
  const save: SaveKey = async (input) => {
    const outcome = readMutationResult((await create({ variables: { input: { organisationId, ...input } } })).data?.createApiKey);
    if (!outcome.ok) return outcome;
    onCreated({ name: outcome.data.key.name, secret: outcome.data.secret });
  };

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      onClose={() => !loading && onClose()}
      title="Nuova chiave API"
      size="md"
      footer={<PanelFormFooter formId={CREATE_FORM} sending={loading} submitLabel="Crea la chiave" sendingLabel="Creazione..." />}
    >
      <CreateKeyForm clubs={affiliations.filter((a) => a.status === 'active')} save={save} onDirtyChange={setDirty} />
    </FormDialog>
  );
}

function CreateKeyForm({ clubs, save, onDirtyChange }: { clubs: readonly PortalAffiliation[]; save: SaveKey; onDirtyChange: (dirty: boolean) => void }) {
  const form = useSchemaForm(apiKeyForm, NEW_KEY);
  const [typedDays, limited] = useWatch({ control: form.control, name: ['expiresInDays', 'limited'] });
  const days = Number(typedDays);
  const expiry = Number.isInteger(days) && days >= 1 && days <= MAX_DAYS ? day(new Date(Date.now() + days * 86_400_000).toISOString()) : null;

  // Only the fields' own messages when the form is incomplete; a server message already under a field is not repeated.
  return (
    <SchemaForm id={CREATE_FORM} form={form} onSubmit={save} onDirtyChange={onDirtyChange} invalidMessage="" repeatFieldMessage={false}>
      <TextField name="name" label="Nome" required helper="Per riconoscerla: ad esempio il gestionale che la usa." maxLength={100} placeholder="es. Gestionale tesseramento" />
      <KeyScopes />
      <TextField
        name="expiresInDays"
        label="Durata in giorni"
        helper={expiry ? `Da 1 a ${MAX_DAYS} giorni: scade il ${expiry}.` : `Da 1 a ${MAX_DAYS} giorni.`}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_DAYS}
        maxW="40"
      />
      <Stack gap="2">
        <Controller
          name="limited"
          control={form.control}
          render={({ field }) => (
            <Checkbox.Root name={field.name} checked={field.value} onCheckedChange={(d) => field.onChange(d.checked === true)} alignItems="flex-start">
              <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} />
              <Checkbox.Control mt="0.5" />
              <Checkbox.Label>Solo alcune società affiliate</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        {limited && <KeyClubs clubs={clubs} />}
      </Stack>
    </SchemaForm>
  );
}

function KeyScopes() {
  const { field } = useController<KeyValues, 'scopes'>({ name: 'scopes' });
  const scopesError = useFieldError('scopes');
  const toggle = (name: OrganisationScope, on: boolean) =>
    field.onChange(on ? SCOPES.map((s) => s.name).filter((n) => n === name || field.value.includes(n)) : field.value.filter((n) => n !== name));
  return (
    <Stack gap="2" role="group" aria-labelledby="api-key-scopes" aria-describedby={scopesError ? 'api-key-scopes-error' : undefined}>
      <Text id="api-key-scopes" fontWeight="medium" fontSize="sm">
        Dati che la chiave può leggere
      </Text>
      <Text fontSize="sm" color="fg.muted">
        Di ogni società legge solo ciò che la società ha scelto di condividere.
      </Text>
      {SCOPES.map((scope) => (
        <Checkbox.Root
          key={scope.name}
          checked={field.value.includes(scope.name)}
          onCheckedChange={(d) => toggle(scope.name, d.checked === true)}
          alignItems="flex-start"
          invalid={Boolean(scopesError)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control mt="0.5" />
          <Checkbox.Label>{scope.label}</Checkbox.Label>
        </Checkbox.Root>
      ))}
      {scopesError && (
        <Text id="api-key-scopes-error" color="fg.error" fontSize="sm">
          {scopesError}
        </Text>
      )}
    </Stack>
  );
}

function KeyClubs({ clubs }: { clubs: readonly PortalAffiliation[] }) {
  const { field } = useController<KeyValues, 'clubIds'>({ name: 'clubIds' });
  const error = useFieldError('clubIds');
  const toggle = (id: string, on: boolean) => field.onChange(on ? [...field.value, id] : field.value.filter((c) => c !== id));
  return (
    <Stack gap="2" ps="6" role="group" aria-label="Società che la chiave può leggere">
      {clubs.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Nessuna società affiliata in vigore.
        </Text>
      ) : (
        clubs.map((club) => (
          <Checkbox.Root key={club.clubId} checked={field.value.includes(club.clubId)} onCheckedChange={(d) => toggle(club.clubId, d.checked === true)} alignItems="flex-start">
            <Checkbox.HiddenInput />
            <Checkbox.Control mt="0.5" />
            <Checkbox.Label>{club.clubName}</Checkbox.Label>
          </Checkbox.Root>
        ))
      )}
      {error && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
