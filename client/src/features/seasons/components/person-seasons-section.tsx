// "Stagioni" on the person page (issue 35 point 2): the person's history of seasons from one query (one statement on
// the server): the libro soci entries (number, admission, board decision, exit and cause), then season by season, the
// latest first, the renewal with its quota and the cards (body, number, validity, expired ones marked). Membership
// and cards stay apart, as the law keeps them: one may hold cards without being a socio. Shown to members.read;
// members.write admits, adds, edits and deletes cards (a closed season's cards are read-only).
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { PlusIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { clubDate } from '../../../../../schema/club-time';
import { ListError } from '../../../components/ui/list-status';
import type { PersonSeasons_HistoryQuery } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { useConfirmedAction } from '../../../lib/use-confirmed-action';
import { useAccess } from '../../../lib/use-access';
import { DeleteCardMutation, PersonSeasonsQuery } from '../person-seasons-documents';
import { CardFormDialog, type EditedCard } from './card-form-dialog';
import { PersonSeasonsAdmitDialog } from './person-seasons-admit-dialog';

type History = NonNullable<PersonSeasons_HistoryQuery['personSeasons']>;
type Membership = History['memberships'][number];
type Renewal = Membership['renewals'][number];
type Card = History['cards'][number];

/** One season of the history: the renewal (if any) and the cards held in it. */
interface SeasonRow {
  id: string;
  label: string;
  startsOn: string;
  renewal: Renewal | undefined;
  cards: Card[];
}

/** The seasons the person renewed in or held cards in, the latest first. Pure. */
export function seasonsOf(history: History): SeasonRow[] {
  const rows = new Map<string, SeasonRow>();
  const row = (season: { id: string; label: string; startsOn: string }) => {
    let found = rows.get(season.id);
    if (!found) rows.set(season.id, (found = { ...season, renewal: undefined, cards: [] }));
    return found;
  };
  for (const membership of history.memberships) for (const renewal of membership.renewals) row(renewal.season).renewal = renewal;
  for (const card of history.cards) row(card.season).cards.push(card);
  return [...rows.values()].sort((a, b) => b.startsOn.localeCompare(a.startsOn));
}

const EURO = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
const DAY = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
/** A calendar day (YYYY-MM-DD) as 01/03/2026; UTC so no time zone moves it. */
const formatDay = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

function MembershipItem({ membership }: { membership: Membership }) {
  const decision = membership.boardDecision
    ? `Delibera: ${membership.boardDecision}${membership.boardDecisionOn ? ` del ${formatDay(membership.boardDecisionOn)}` : ''}`
    : membership.boardDecisionOn && `Delibera del ${formatDay(membership.boardDecisionOn)}`;
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" p="3">
      <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
        <Stack gap="0.5" minW="0" flex="1 1 12rem">
          <Text fontWeight="semibold">Socio n. {membership.number}</Text>
          <Text fontSize="sm">Ammissione: {formatDay(membership.admittedOn)}</Text>
          {decision && (
            <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
              {decision}
            </Text>
          )}
          {membership.exitOn && (
            <Text fontSize="sm">
              Uscita: {formatDay(membership.exitOn)}
              {membership.exitCause ? ` (${membership.exitCause})` : ''}
            </Text>
          )}
        </Stack>
        {membership.exitOn ? <Badge colorPalette="gray">Cessato</Badge> : <Badge colorPalette="green">Attivo</Badge>}
      </Flex>
    </Box>
  );
}

interface CardActions {
  onEdit: (card: Card) => void;
  onDelete: (card: Card) => void;
}

function CardItem({ card, today, actions }: { card: Card; today: string; actions: CardActions | undefined }) {
  const expired = card.expiresOn < today;
  const readOnly = card.season.status === 'closed';
  const name = `${card.body} n. ${card.number}`;
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" px="3" py="2">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Stack gap="0" minW="0" flex="1 1 10rem">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="medium" overflowWrap="anywhere">
              Tessera {name}
            </Text>
            {expired && (
              <Badge size="sm" colorPalette="red">
                Scaduta
              </Badge>
            )}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            Dal {formatDay(card.startsOn)} al {formatDay(card.expiresOn)}
          </Text>
        </Stack>
        {actions && !readOnly && (
          <HStack gap="1">
            <Button size="xs" variant="ghost" onClick={() => actions.onEdit(card)} aria-label={`Modifica la tessera ${name}`}>
              Modifica
            </Button>
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => actions.onDelete(card)} aria-label={`Elimina la tessera ${name}`}>
              Elimina
            </Button>
          </HStack>
        )}
      </Flex>
    </Box>
  );
}

function SeasonItem({ season, today, isMember, actions }: { season: SeasonRow; today: string; isMember: boolean; actions: CardActions | undefined }) {
  const closed = season.cards.some((c) => c.season.status === 'closed');
  return (
    <Box as="li">
      <HStack gap="2" mb="2" wrap="wrap">
        <Heading as="h3" size="sm">
          Stagione {season.label}
        </Heading>
        {closed && (
          <Badge size="sm" variant="outline">
            Chiusa, sola lettura
          </Badge>
        )}
      </HStack>
      <Stack gap="2">
        {season.renewal ? (
          <Text fontSize="sm">
            Rinnovo del {formatDay(season.renewal.renewedOn)}
            {season.renewal.quotaCents !== null && season.renewal.quotaCents !== undefined ? `, quota ${EURO.format(season.renewal.quotaCents / 100)}` : ', quota non indicata'}
          </Text>
        ) : (
          isMember && (
            <Text fontSize="sm" color="fg.muted">
              Nessun rinnovo registrato
            </Text>
          )
        )}
        {season.cards.length > 0 && (
          <Stack as="ul" gap="2" listStyleType="none" aria-label={`Tessere della stagione ${season.label}`}>
            {season.cards.map((card) => (
              <CardItem key={card.id} card={card} today={today} actions={actions} />
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

export interface PersonSeasonsSectionProps {
  personId: string;
  personName: string;
  /** The person page's card frame (its title, an action beside it). */
  Frame: (props: { title: string; action?: ReactNode; children: ReactNode }) => ReactNode;
}

/** Shown to members.read (the page checks); members.write admits, adds, edits and deletes cards. */
export function PersonSeasonsSection({ personId, personName, Frame }: PersonSeasonsSectionProps) {
  const canWrite = useAccess().can('members.write');
  const { data, error, refetch } = useQuery(PersonSeasonsQuery, { variables: { personId }, fetchPolicy: 'cache-and-network' });
  const [editing, setEditing] = useState<EditedCard | null | undefined>(undefined);
  const [admitting, setAdmitting] = useState(false);
  const [remove] = useMutation(DeleteCardMutation, { refetchQueries: ['PersonSeasons_History', 'PersonChanges_List'], awaitRefetchQueries: true });
  const deleting = useConfirmedAction<Card>(async (card) => (await remove({ variables: { id: card.id } })).data?.deleteCard);
  const today = clubDate(new Date());

  const history = data?.personSeasons;
  const seasons = history ? seasonsOf(history) : [];
  const memberships = history?.memberships ?? [];
  const isMember = memberships.length > 0;
  const inRegister = memberships.some((m) => !m.exitOn);
  const actions: CardActions | undefined = canWrite ? { onEdit: setEditing, onDelete: deleting.ask } : undefined;

  return (
    <Frame
      title="Stagioni"
      action={
        canWrite &&
        history && (
          <HStack gap="2" wrap="wrap">
            {!inRegister && (
              <Button size="sm" variant="outline" onClick={() => setAdmitting(true)}>
                Ammetti nel libro soci
              </Button>
            )}
            <Button size="sm" onClick={() => setEditing(null)}>
              <PlusIcon />
              Aggiungi tessera
            </Button>
          </HStack>
        )
      }
    >
      {!data ? (
        error ? (
          <ListError message={messageOfError(error)} onRetry={() => void refetch().catch(() => undefined)} />
        ) : (
          <Text color="fg.muted" role="status">
            Caricamento delle stagioni...
          </Text>
        )
      ) : !isMember && !seasons.length ? (
        <Text color="fg.muted">Non è socio e non ha tessere.</Text>
      ) : (
        <Stack gap="5">
          {isMember && (
            <Stack gap="2">
              <Heading as="h3" size="xs" textTransform="uppercase" letterSpacing="wide" color="fg.muted">
                Libro soci
              </Heading>
              <Stack as="ul" gap="2" listStyleType="none" aria-label="Iscrizioni al libro soci">
                {memberships.map((m) => (
                  <MembershipItem key={m.id} membership={m} />
                ))}
              </Stack>
            </Stack>
          )}
          {seasons.length > 0 ? (
            <Stack as="ul" gap="4" listStyleType="none" aria-label="Storico delle stagioni">
              {seasons.map((season) => (
                <SeasonItem key={season.id} season={season} today={today} isMember={isMember} actions={actions} />
              ))}
            </Stack>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              Nessun rinnovo e nessuna tessera registrati.
            </Text>
          )}
        </Stack>
      )}
      {canWrite && (
        <>
          <CardFormDialog card={editing} personId={personId} personName={personName} onClose={() => setEditing(undefined)} />
          <PersonSeasonsAdmitDialog open={admitting} personId={personId} personName={personName} onDone={() => setAdmitting(false)} />
          <ConfirmDialog
            open={deleting.target !== null}
            title="Eliminare la tessera?"
            message={deleting.target ? `La tessera ${deleting.target.body} n. ${deleting.target.number} della stagione ${deleting.target.season.label} sarà eliminata.` : ''}
            confirmLabel="Elimina"
            loading={deleting.busy}
            onConfirm={deleting.confirm}
            onCancel={deleting.cancel}
          />
        </>
      )}
    </Frame>
  );
}
