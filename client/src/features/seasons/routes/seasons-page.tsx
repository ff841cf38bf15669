// /stagioni (issue 35 point 1): the club's seasons, the latest first, with their dates and status; a season that is
// not closed can have its label and dates changed (the server's messages shown under each field: overlapping
// another season, longer than a year, a label already used); the next season prepared from here; the way to the
// guided renewal. Reading needs members.read (the route's), changing members.write.
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import { graphql } from '../../../gql';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import type { FieldErrors } from '../../../lib/form-errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/use-access';
import { PrepareNextSeasonMutation } from '../components/season-switcher';
import { SeasonsQuery, type SeasonInfo } from '../../../lib/season-view';
import { formatSeasonDay, SEASON_STATUS_LABEL, SEASON_STATUS_PALETTE } from '../season-status';

const EditSeasonMutation = graphql(`
  mutation SeasonsPage_EditSeason($input: SaveSeasonInput!) {
    saveSeason(input: $input) {
      __typename
      ... on MutationSaveSeasonSuccess {
        data {
          message
          season {
            id
            label
            startsOn
            endsOn
            status
          }
        }
      }
      ...MutationError
      ... on ConflictError {
        fields {
          field
          message
        }
      }
    }
  }
`);

function SeasonEditForm({ season, onDone }: { season: SeasonInfo; onDone: () => void }) {
  const [values, setValues] = useState({ label: season.label, startsOn: season.startsOn, endsOn: season.endsOn });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();
  const [save, { loading }] = useMutation(EditSeasonMutation, { refetchQueries: [SeasonsQuery] });
  const id = `season-${season.id}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(undefined);
    try {
      const result = readMutationResult((await save({ variables: { input: { id: season.id, ...values } } })).data?.saveSeason);
      if (!result.ok) {
        setErrors(result.fieldErrors);
        setMessage(result.message);
        return;
      }
      notify(MESSAGE_LEVEL.success, result.data.message);
      onDone();
    } catch (err) {
      setMessage(messageOfError(err));
    }
  }

  const field = (name: keyof typeof values, label: string, type: 'text' | 'date') => (
    <FormField label={label} error={errors[name]} required>
      <Input
        type={type}
        value={values[name]}
        onChange={(e) => {
          const value = e.target.value;
          setValues((v) => ({ ...v, [name]: value }));
        }}
        id={`${id}-${name}`}
      />
    </FormField>
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={`Modifica la stagione ${season.label}`}>
      <Stack gap="4" mt="4">
      <FormAlert message={message} />
      <Flex gap="4" direction={{ base: 'column', md: 'row' }}>
        {field('label', 'Nome della stagione', 'text')}
        {field('startsOn', 'Primo giorno', 'date')}
        {field('endsOn', 'Ultimo giorno', 'date')}
      </Flex>
      <HStack gap="3">
        <Button type="submit" loading={loading}>
          Salva
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Annulla
        </Button>
      </HStack>
      </Stack>
    </form>
  );
}

function SeasonCard({ season, isCurrent, mayWrite }: { season: SeasonInfo; isCurrent: boolean; mayWrite: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <Box as="li" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }} data-testid="season-row">
      <Flex gap="3" align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <Stack gap="1" flex="1" minW="0">
          <HStack gap="2" wrap="wrap">
            <Heading as="h2" size="md">
              Stagione {season.label}
            </Heading>
            <Badge colorPalette={SEASON_STATUS_PALETTE[season.status]}>{SEASON_STATUS_LABEL[season.status]}</Badge>
            {isCurrent && <Badge variant="outline">Corrente</Badge>}
          </HStack>
          <Text color="fg.muted" fontSize="sm">
            dal {formatSeasonDay(season.startsOn)} al {formatSeasonDay(season.endsOn)}
          </Text>
        </Stack>
        {mayWrite && season.status !== 'closed' && !editing && (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Modifica la stagione ${season.label}`}>
            Modifica
          </Button>
        )}
      </Flex>
      {editing && <SeasonEditForm season={season} onDone={() => setEditing(false)} />}
    </Box>
  );
}

export default function SeasonsPage() {
  useDocumentTitle('Stagioni');
  const access = useAccess();
  const mayWrite = access.can('members.write');
  const { data, loading, error, refetch } = useQuery(SeasonsQuery, { fetchPolicy: 'cache-and-network' });
  const [prepare, { loading: preparing }] = useMutation(PrepareNextSeasonMutation, { refetchQueries: [SeasonsQuery], awaitRefetchQueries: true });

  async function prepareNext() {
    try {
      const result = readMutationResult((await prepare()).data?.saveSeason);
      notify(result.ok ? MESSAGE_LEVEL.success : MESSAGE_LEVEL.error, result.ok ? result.data.message : result.message);
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    }
  }

  let body;
  if (!data && error) body = <ListError message={messageOfError(error)} onRetry={() => void refetch().catch(() => undefined)} />;
  else if (!data && loading) body = <ListLoading label="Caricamento delle stagioni..." />;
  else if (!data?.seasons.length) body = <ListEmpty>Nessuna stagione ancora: la prima si crea da sola al primo accesso.</ListEmpty>;
  else {
    body = (
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Stagioni della società">
        {data.seasons.map((s) => (
          <SeasonCard key={s.id} season={s} isCurrent={s.id === data.currentSeason.id} mayWrite={mayWrite} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="6">
      <Flex gap="4" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
        <Stack gap="1" flex="1">
          <Heading as="h1" size="2xl">
            Stagioni
          </Heading>
          <Text color="fg.muted">Le stagioni della società, dalla più recente: quelle chiuse sono in sola lettura.</Text>
        </Stack>
        {mayWrite && (
          <Flex gap="3" wrap="wrap">
            <Button asChild variant="outline">
              <RouterLink to="/stagioni/rinnovo">Rinnovo guidato</RouterLink>
            </Button>
            <Button onClick={() => void prepareNext()} loading={preparing}>
              Prepara la prossima stagione
            </Button>
          </Flex>
        )}
      </Flex>
      {body}
    </Stack>
  );
}
