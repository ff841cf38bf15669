// Destinatari of /avvisi/nuovo (issue 39): groups, roles, a season's soci, hand-picked people and a day's called-up
// athletes, any mix of them; a coach picks among the groups they coach only.
import { useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Checkbox, CheckboxGroup, CloseButton, Fieldset, Flex, Heading, HStack, SimpleGrid, Spinner, Stack, Text, Wrap } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { PERSON_KIND_INFO, PERSON_KINDS, type PersonKindKey } from '../../../../../schema/constants';
import { SelectField, useFieldError } from '../../../components/form';
import { SearchBox } from '../../../components/ui/search-box';
import { SearchResults } from '../../../components/ui/search-results';
import { messageOfError } from '../../../lib/errors';
import { groupTypeLabel } from '../../../lib/group-types';
import { useAccess } from '../../../lib/use-access';
import { dayLabel } from '../notices-labels';
import { NoticeChoicesQuery, NoticePeopleSearchQuery, NoticeSeasonsQuery } from '../notices-documents';

const MAX_GROUPS = 100;
const MIN_SEARCH = 2;

/** The audience's part of the compose form's values. */
export interface AudienceValues {
  audience: {
    groupIds: string[];
    roleKinds: string[];
    seasonId: string;
    personIds: string[];
    callUp: { eventId: string; occursOn: string } | undefined;
  };
}

interface AudienceProps {
  coachGroups: readonly string[] | null;
  callUp: { eventId: string; occursOn: string } | undefined;
  picked: Map<string, string>;
  setPicked: (picked: Map<string, string>) => void;
}

/** Destinatari: the parts of the audience, any mix of them. */
export function Audience({ coachGroups, callUp, picked, setPicked }: AudienceProps) {
  const error = useFieldError('audience');
  const access = useAccess();
  const coach = coachGroups !== null;
  return (
    <Fieldset.Root as="section" aria-labelledby="avviso-destinatari" invalid={Boolean(error)} bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }} gap="5" minW="0">
      <Stack gap="1">
        <Heading as="h2" size="md" id="avviso-destinatari">
          Destinatari
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {coach ? 'Scegli uno o più dei gruppi che alleni.' : 'Scegli uno o più gruppi, ruoli, i soci di una stagione o singole persone: ognuno riceve l’avviso una volta sola.'}
        </Text>
      </Stack>
      {error && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {error}
        </Text>
      )}
      {callUp && <CallUpChoice callUp={callUp} />}
      <GroupsChoice coachGroups={coachGroups} />
      {!coach && (
        <>
          <RolesChoice />
          {access.can('members.read') && <SeasonChoice />}
          <PeopleChoice picked={picked} setPicked={setPicked} />
        </>
      )}
    </Fieldset.Root>
  );
}

function CallUpChoice({ callUp }: { callUp: { eventId: string; occursOn: string } }) {
  const { setValue } = useFormContext<AudienceValues>();
  const current = useWatch<AudienceValues, 'audience.callUp'>({ name: 'audience.callUp' });
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
      <Checkbox.Root checked={Boolean(current)} onCheckedChange={(d) => setValue('audience.callUp', d.checked === true ? callUp : undefined, { shouldDirty: true })} size="sm">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{`Gli atleti convocati per ${dayLabel(callUp.occursOn)}`}</Checkbox.Label>
      </Checkbox.Root>
    </Box>
  );
}

function GroupsChoice({ coachGroups }: { coachGroups: readonly string[] | null }) {
  const { field } = useController<AudienceValues, 'audience.groupIds'>({ name: 'audience.groupIds' });
  const { data, loading, error } = useQuery(NoticeChoicesQuery, { variables: { first: MAX_GROUPS }, fetchPolicy: 'cache-and-network' });
  const options = useMemo(
    () =>
      (data?.groups.edges ?? [])
        .map((e) => e.node)
        .filter((g) => g.isActive && (!coachGroups || coachGroups.includes(g.id)))
        .map((g) => ({ value: g.id, label: g.name, type: groupTypeLabel(g.type) })),
    [data, coachGroups],
  );
  return (
    <Stack gap="2" role="group" aria-labelledby="avviso-gruppi">
      <Text id="avviso-gruppi" fontSize="sm" fontWeight="medium">
        Gruppi
      </Text>
      {loading && !data ? (
        <HStack gap="2" role="status">
          <Spinner size="xs" />
          <Text fontSize="sm" color="fg.muted">
            Caricamento dei gruppi...
          </Text>
        </HStack>
      ) : error && !data ? (
        <Text fontSize="sm" color="fg.error">
          {messageOfError(error)}
        </Text>
      ) : options.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {coachGroups ? 'Non alleni ancora nessun gruppo.' : 'Non ci sono ancora gruppi attivi.'}
        </Text>
      ) : (
        <Box maxH="64" overflowY="auto" borderWidth="1px" borderRadius="md" px="3" py="2">
          <CheckboxGroup name={field.name} value={field.value} onValueChange={field.onChange}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
              {options.map((o) => (
                <Checkbox.Root key={o.value} value={o.value} size="sm" minW="0">
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label overflowWrap="anywhere">
                    {o.label}{' '}
                    <Text as="span" color="fg.muted" fontWeight="normal">
                      {`· ${o.type}`}
                    </Text>
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
            </SimpleGrid>
          </CheckboxGroup>
        </Box>
      )}
    </Stack>
  );
}

function RolesChoice() {
  const { field } = useController<AudienceValues, 'audience.roleKinds'>({ name: 'audience.roleKinds' });
  return (
    <Stack gap="2" role="group" aria-labelledby="avviso-ruoli">
      <Text id="avviso-ruoli" fontSize="sm" fontWeight="medium">
        Ruoli
      </Text>
      <Text fontSize="xs" color="fg.muted" mt="-1">
        Tutte le persone della società con quel ruolo.
      </Text>
      <CheckboxGroup name={field.name} value={field.value} onValueChange={field.onChange}>
        <Wrap gap="4">
          {PERSON_KINDS.map((kind) => (
            <Checkbox.Root key={kind} value={kind} size="sm">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{PERSON_KIND_INFO[kind].plural}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Wrap>
      </CheckboxGroup>
    </Stack>
  );
}

function SeasonChoice() {
  const { data } = useQuery(NoticeSeasonsQuery, { fetchPolicy: 'cache-and-network' });
  const options = (data?.seasons ?? []).map((s) => ({ value: s.id, label: `Soci della stagione ${s.label}` }));
  return (
    <Box maxW={{ md: 'sm' }}>
      <SelectField name="audience.seasonId" label="Soci di una stagione" options={options} placeholder="Nessuna stagione" helper="I soci del libro soci di quella stagione." />
    </Box>
  );
}

const KIND_HIT_LABEL: Record<PersonKindKey, string> = Object.fromEntries(PERSON_KINDS.map((k) => [k, PERSON_KIND_INFO[k].singular])) as Record<PersonKindKey, string>;

/** Hand-picked people: searched by name among the kinds the member may read, added as chips. */
function PeopleChoice({ picked, setPicked }: { picked: Map<string, string>; setPicked: (picked: Map<string, string>) => void }) {
  const access = useAccess();
  const { field } = useController<AudienceValues, 'audience.personIds'>({ name: 'audience.personIds' });
  const [search, setSearch] = useState('');
  const text = search.trim();
  const readable = Object.fromEntries(PERSON_KINDS.map((k) => [k, access.can(`people.${k}.read`)])) as Record<PersonKindKey, boolean>;
  const active = text.length >= MIN_SEARCH && Object.values(readable).some(Boolean);
  const { data, loading, error } = useQuery(NoticePeopleSearchQuery, { variables: { search: text, ...readable }, skip: !active, fetchPolicy: 'cache-and-network' });
  const found = new Map<string, { name: string; kinds: string[] }>();
  if (active && data) {
    for (const kind of PERSON_KINDS) {
      for (const { node } of data[kind]?.edges ?? []) {
        const p = node.person;
        const row = found.get(p.id) ?? { name: `${p.firstname} ${p.lastname}`, kinds: [] };
        if (!row.kinds.includes(KIND_HIT_LABEL[kind])) row.kinds.push(KIND_HIT_LABEL[kind]);
        found.set(p.id, row);
      }
    }
  }
  const results = [...found.entries()].sort((a, b) => a[1].name.localeCompare(b[1].name, 'it'));
  const add = (id: string, name: string) => {
    if (!field.value.includes(id)) field.onChange([...field.value, id]);
    setPicked(new Map(picked).set(id, name));
  };
  const remove = (id: string) => field.onChange(field.value.filter((p) => p !== id));
  return (
    <Stack gap="2" role="group" aria-labelledby="avviso-persone">
      <Text id="avviso-persone" fontSize="sm" fontWeight="medium">
        Singole persone
      </Text>
      {field.value.length > 0 && (
        <Wrap gap="2" aria-label="Persone scelte">
          {field.value.map((id) => (
            <Badge key={id} colorPalette="brand" variant="subtle" size="lg" borderRadius="full" ps="3" pe="1" gap="1">
              {picked.get(id) ?? 'Persona'}
              <CloseButton size="2xs" variant="ghost" aria-label={`Togli ${picked.get(id) ?? 'la persona'}`} onClick={() => remove(id)} />
            </Badge>
          ))}
        </Wrap>
      )}
      <SearchBox value={search} onChange={setSearch} label="Cerca una persona" placeholder="Nome, cognome o codice fiscale" />
      <SearchResults active={active} loading={loading} failed={!!error} answered={!!data} count={results.length} empty="Nessuna persona trovata.">
        {results.map(([id, r]) => {
          const chosen = field.value.includes(id);
          return (
            <Flex as="li" key={id} justify="space-between" align="center" gap="2" borderWidth="1px" borderRadius="md" px="3" py="1.5" wrap="wrap">
              <Stack gap="0" minW="0">
                <Text fontWeight="medium" overflowWrap="anywhere">
                  {r.name}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {r.kinds.join(', ')}
                </Text>
              </Stack>
              <Button size="xs" variant="outline" disabled={chosen} onClick={() => add(id, r.name)} aria-label={chosen ? `${r.name} già aggiunto` : `Aggiungi ${r.name}`}>
                {chosen ? 'Aggiunto' : 'Aggiungi'}
              </Button>
            </Flex>
          );
        })}
      </SearchResults>
    </Stack>
  );
}
