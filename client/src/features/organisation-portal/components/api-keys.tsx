// "Chiavi API" (the organisation's admins): the keys with their prefix, scopes, clubs, expiry, last use and state;
// a new key (name, scopes, days, optionally only some affiliated clubs) whose secret is shown once in a dialog that
// the admin closes when it is stored; a key revoked after a confirmation, at once.
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Checkbox, Code, Flex, Input, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { MSG } from '../../../../../schema/messages';
import { PlusIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormDialog } from '../../../components/ui/form-dialog';
import { PanelCancelButton } from '../../../components/ui/unsaved-changes';
import { sameFormValue } from '../../../lib/use-is-dirty';
import { FormField } from '../../../components/ui/form-field';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import type { OrganisationPortal_ApiKeyFragment, OrganisationScope } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import type { FieldErrors } from '../../../lib/form-errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { CreateApiKeyMutation, OrganisationApiKeysQuery, RevokeApiKeyMutation } from '../organisation-portal-documents';
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

interface KeyValues {
  name: string;
  scopes: OrganisationScope[];
  days: string;
  limited: boolean;
  clubIds: string[];
}
const EMPTY: KeyValues = { name: '', scopes: [], days: String(DEFAULT_DAYS), limited: false, clubIds: [] };

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
  const [values, setValues] = useState<KeyValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const clubs = affiliations.filter((a) => a.status === 'active');
  const close = () => {
    if (loading) return;
    setValues(EMPTY);
    setErrors({});
    setFormError(undefined);
    onClose();
  };
  const days = Number(values.days);
  const expiry = Number.isInteger(days) && days >= 1 && days <= MAX_DAYS ? day(new Date(Date.now() + days * 86_400_000).toISOString()) : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const input = {
      organisationId,
      name: values.name.trim(),
      scopes: values.scopes,
      expiresInDays: values.days.trim() === '' ? null : Number(values.days),
      clubIds: values.limited ? values.clubIds : null,
    };
    if (values.limited && values.clubIds.length === 0) {
      setErrors({ clubIds: 'Scegli almeno una società, o togli il limite.' });
      setFormError(undefined);
      return;
    }
    try {
      const outcome = readMutationResult((await create({ variables: { input } })).data?.createApiKey);
      if (!outcome.ok) {
        setErrors(outcome.fieldErrors);
        setFormError(Object.values(outcome.fieldErrors).includes(outcome.message) ? undefined : outcome.message);
        return;
      }
      setValues(EMPTY);
      setErrors({});
      setFormError(undefined);
      onCreated({ name: outcome.data.key.name, secret: outcome.data.secret });
    } catch (e) {
      setFormError(messageOfError(e));
    }
  }

  const toggleScope = (name: OrganisationScope, on: boolean) =>
    setValues((v) => ({ ...v, scopes: on ? SCOPES.map((s) => s.name).filter((n) => n === name || v.scopes.includes(n)) : v.scopes.filter((n) => n !== name) }));
  const toggleClub = (id: string, on: boolean) => setValues((v) => ({ ...v, clubIds: on ? [...v.clubIds, id] : v.clubIds.filter((c) => c !== id) }));
  const scopesError = errors.scopes ?? Object.entries(errors).find(([k]) => k.startsWith('scopes.'))?.[1];

  return (
    <FormDialog
      open={open}
      dirty={!sameFormValue(EMPTY, values)}
      onClose={close}
      title="Nuova chiave API"
      size="md"
      footer={
        <>
          <PanelCancelButton disabled={loading}>Annulla</PanelCancelButton>
          <Button type="submit" form={CREATE_FORM} loading={loading} loadingText="Creazione...">
            Crea la chiave
          </Button>
        </>
      }
    >
      <form id={CREATE_FORM} noValidate onSubmit={(e) => void submit(e)}>
        <Stack gap="5">
          <FormAlert message={formError} />
          <FormField label="Nome" required error={errors.name} helper="Per riconoscerla: ad esempio il gestionale che la usa.">
            <Input name="name" value={values.name} onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))} maxLength={100} autoComplete="off" placeholder="es. Gestionale tesseramento" />
          </FormField>
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
                checked={values.scopes.includes(scope.name)}
                onCheckedChange={(d) => toggleScope(scope.name, d.checked === true)}
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
          <FormField label="Durata in giorni" error={errors.expiresInDays} helper={expiry ? `Da 1 a ${MAX_DAYS} giorni: scade il ${expiry}.` : `Da 1 a ${MAX_DAYS} giorni.`}>
            <Input
              name="expiresInDays"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_DAYS}
              value={values.days}
              onChange={(e) => setValues((v) => ({ ...v, days: e.target.value }))}
              maxW="40"
            />
          </FormField>
          <Stack gap="2">
            <Checkbox.Root checked={values.limited} onCheckedChange={(d) => setValues((v) => ({ ...v, limited: d.checked === true }))} alignItems="flex-start">
              <Checkbox.HiddenInput />
              <Checkbox.Control mt="0.5" />
              <Checkbox.Label>Solo alcune società affiliate</Checkbox.Label>
            </Checkbox.Root>
            {values.limited && (
              <Stack gap="2" ps="6" role="group" aria-label="Società che la chiave può leggere">
                {clubs.length === 0 ? (
                  <Text fontSize="sm" color="fg.muted">
                    Nessuna società affiliata in vigore.
                  </Text>
                ) : (
                  clubs.map((club) => (
                    <Checkbox.Root key={club.clubId} checked={values.clubIds.includes(club.clubId)} onCheckedChange={(d) => toggleClub(club.clubId, d.checked === true)} alignItems="flex-start">
                      <Checkbox.HiddenInput />
                      <Checkbox.Control mt="0.5" />
                      <Checkbox.Label>{club.clubName}</Checkbox.Label>
                    </Checkbox.Root>
                  ))
                )}
                {errors.clubIds && (
                  <Text color="fg.error" fontSize="sm" role="alert">
                    {errors.clubIds}
                  </Text>
                )}
              </Stack>
            )}
          </Stack>
        </Stack>
      </form>
    </FormDialog>
  );
}
