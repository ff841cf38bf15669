// "Genitori e tutori" on the person page (issue 36 point 1): the person's guardians from one query, each with the
// relationship, the contacts (mailto:/tel: links), the three choices as badges and a hint when the tax code is not
// known; and, for a parent, the minors they are guardian of. Shown to families.read; families.write adds, edits and
// removes (the guardian stays in the registry).
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Heading, HStack, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { GUARDIAN_RELATIONSHIP_LABELS } from '../../../../../schema/validation/families';
import { MailIcon, PhoneIcon, PlusIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListError } from '../../../components/ui/list-status';
import type { PersonFamily_FamilyQuery } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { useConfirmedAction } from '../../../lib/use-confirmed-action';
import { useAccess } from '../../../lib/use-access';
import { PersonFamilyQuery, RemoveGuardianshipMutation } from '../families-documents';
import { GuardianFormDialog, type EditedGuardianship } from './guardian-form-dialog';

type Family = NonNullable<PersonFamily_FamilyQuery['personFamily']>;
type Guardianship = Family['guardians'][number];
type Ward = Family['guardianOf'][number];

const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`;

const DAY = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
/** A calendar day (YYYY-MM-DD) as 01/03/2026; UTC so no time zone moves it. */
const formatDay = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

interface GuardianActions {
  onEdit: (g: Guardianship) => void;
  onRemove: (g: Guardianship) => void;
}

function GuardianItem({ guardianship, actions }: { guardianship: Guardianship; actions: GuardianActions | undefined }) {
  const { guardian } = guardianship;
  const name = fullName(guardian);
  const choices = [guardianship.canPickUp && 'Può ritirare', guardianship.receivesCommunications && 'Riceve le comunicazioni', guardianship.pays && 'Paga le quote'].filter(
    (c): c is string => Boolean(c),
  );
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" p="3">
      <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
        <Stack gap="1" minW="0" flex="1 1 14rem">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" overflowWrap="anywhere">
              {name}
            </Text>
            <Badge size="sm" variant="outline">
              {GUARDIAN_RELATIONSHIP_LABELS[guardianship.relationship]}
            </Badge>
          </HStack>
          {guardian.emailPrimary && (
            <Link href={`mailto:${guardian.emailPrimary}`} fontSize="sm" overflowWrap="anywhere" alignSelf="flex-start">
              <MailIcon boxSize="4" />
              {guardian.emailPrimary}
            </Link>
          )}
          {guardian.phonePrimary && (
            <Link href={`tel:${guardian.phonePrimary.replace(/\s+/g, '')}`} fontSize="sm" alignSelf="flex-start">
              <PhoneIcon boxSize="4" />
              {guardian.phonePrimary}
            </Link>
          )}
          {!guardian.emailPrimary && !guardian.phonePrimary && (
            <Text fontSize="sm" color="fg.muted">
              Nessun recapito indicato
            </Text>
          )}
          {guardian.taxIdCode === null || guardian.taxIdCode === undefined ? (
            <Text fontSize="xs" color="fg.muted">
              Senza codice fiscale
            </Text>
          ) : (
            <Text fontSize="xs" color="fg.muted" fontFamily="mono" letterSpacing="wide">
              {guardian.taxIdCode.toUpperCase()}
            </Text>
          )}
          {choices.length > 0 && (
            <Wrap gap="1" role="group" aria-label={`Scelte di ${name}`}>
              {choices.map((choice) => (
                <Badge key={choice} size="sm" colorPalette="green">
                  {choice}
                </Badge>
              ))}
            </Wrap>
          )}
        </Stack>
        {actions && (
          <HStack gap="1">
            <Button size="xs" variant="ghost" onClick={() => actions.onEdit(guardianship)} aria-label={`Modifica ${name}`}>
              Modifica
            </Button>
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => actions.onRemove(guardianship)} aria-label={`Rimuovi ${name}`}>
              Rimuovi
            </Button>
          </HStack>
        )}
      </Flex>
    </Box>
  );
}

/** The minors this person is guardian of: names only (the person page's address names a role, not a person). */
function WardItem({ ward }: { ward: Ward }) {
  return (
    <Box as="li" fontSize="sm">
      <Text as="span" fontWeight="medium">
        {fullName(ward.minor)}
      </Text>
      <Text as="span" color="fg.muted">
        {` (${GUARDIAN_RELATIONSHIP_LABELS[ward.relationship].toLowerCase()}${ward.minor.birthday ? `, nato/a il ${formatDay(ward.minor.birthday)}` : ''})`}
      </Text>
    </Box>
  );
}

export interface PersonFamilySectionProps {
  personId: string;
  personName: string;
  /** The person page's card frame (its title, an action beside it). */
  Frame: (props: { title: string; action?: ReactNode; children: ReactNode }) => ReactNode;
}

/** Shown to families.read (the page checks); families.write adds, edits and removes guardians. */
export function PersonFamilySection({ personId, personName, Frame }: PersonFamilySectionProps) {
  const canWrite = useAccess().can('families.write');
  const { data, error, refetch } = useQuery(PersonFamilyQuery, { variables: { personId }, fetchPolicy: 'cache-and-network' });
  const [editing, setEditing] = useState<Guardianship | null | undefined>(undefined);
  const [remove] = useMutation(RemoveGuardianshipMutation, { refetchQueries: ['PersonFamily_Family', 'PersonChanges_List'], awaitRefetchQueries: true });
  const removing = useConfirmedAction<Guardianship>(async (g) => (await remove({ variables: { id: g.id } })).data?.removeGuardianship);

  const family = data?.personFamily;
  const guardians = family?.guardians ?? [];
  const wards = family?.guardianOf ?? [];
  const actions: GuardianActions | undefined = canWrite ? { onEdit: setEditing, onRemove: removing.ask } : undefined;

  return (
    <Frame
      title="Genitori e tutori"
      action={
        canWrite &&
        family && (
          <Button size="sm" onClick={() => setEditing(null)}>
            <PlusIcon />
            Aggiungi genitore o tutore
          </Button>
        )
      }
    >
      {!data ? (
        error ? (
          <ListError message={messageOfError(error)} onRetry={() => void refetch().catch(() => undefined)} />
        ) : (
          <Text color="fg.muted" role="status">
            Caricamento dei genitori e tutori...
          </Text>
        )
      ) : (
        <Stack gap="5">
          {guardians.length > 0 ? (
            <Stack as="ul" gap="2" listStyleType="none" aria-label={`Genitori e tutori di ${personName}`}>
              {guardians.map((g) => (
                <GuardianItem key={g.id} guardianship={g} actions={actions} />
              ))}
            </Stack>
          ) : (
            <Text color="fg.muted">Nessun genitore o tutore indicato.</Text>
          )}
          {wards.length > 0 && (
            <Stack gap="2">
              <Heading as="h3" size="xs" textTransform="uppercase" letterSpacing="wide" color="fg.muted">
                Genitore o tutore di
              </Heading>
              <Stack as="ul" gap="1" listStyleType="none" aria-label="Genitore o tutore di">
                {wards.map((w) => (
                  <WardItem key={w.id} ward={w} />
                ))}
              </Stack>
            </Stack>
          )}
        </Stack>
      )}
      {canWrite && (
        <>
          <GuardianFormDialog
            edited={editing satisfies EditedGuardianship | null | undefined}
            minorId={personId}
            minorName={personName}
            onClose={() => setEditing(undefined)}
          />
          <ConfirmDialog
            open={removing.target !== null}
            title="Rimuovere il genitore o tutore?"
            message={removing.target ? `${fullName(removing.target.guardian)} non sarà più indicato come genitore o tutore di ${personName}; resta nell'anagrafica.` : ''}
            confirmLabel="Rimuovi"
            loading={removing.busy}
            onConfirm={removing.confirm}
            onCancel={removing.cancel}
          />
        </>
      )}
    </Frame>
  );
}
