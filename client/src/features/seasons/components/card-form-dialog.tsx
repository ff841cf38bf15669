// "Aggiungi tessera" / "Modifica tessera" on the person page (issue 35 point 2): the body (the usual federations and
// EPS offered, any other typed), the number, the season (the current one by default; closed seasons are read-only,
// so not offered), the first and the last valid day (the season's own while the user has not typed others). The
// shared rules check the form first; the server's messages go under their fields, its success message in a toast.
import { useMutation, useQuery } from '@apollo/client/react';
import { Center, HStack, SimpleGrid, Spinner } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { saveCardInput } from '../../../../../schema/validation/seasons';
import { formSchema, PanelFormFooter, SchemaForm, SelectField, setFieldValue, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { SaveCardInput } from '../../../gql/graphql';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { CardSeasonsQuery, SaveCardMutation } from '../person-seasons-documents';

/** The federations and promotion bodies (EPS) Italian clubs card their people with most: offered, not imposed. */
export const CARD_BODIES = ['FIGC', 'FIGC-LND', 'FIPAV', 'FIP', 'FIN', 'FIDAL', 'CSI', 'UISP', 'AICS', 'ASI', 'US ACLI', 'OPES', 'CSEN', 'ENDAS', 'PGS', 'Libertas'] as const;

/** A card being edited: what the form starts from. */
export interface EditedCard {
  id: string;
  body: string;
  number: string;
  startsOn: string;
  expiresOn: string;
  season: { id: string };
}

interface CardFormValues {
  body: string;
  number: string;
  seasonId: string;
  startsOn: string;
  expiresOn: string;
}

interface SeasonOption {
  id: string;
  label: string;
  startsOn: string;
  endsOn: string;
}

/** The shared rules on the values with the person (and the card, on an edit); the output is the mutation's input. */
const cardFormSchema = (personId: string, cardId: string | undefined) => {
  const toInput = (values: CardFormValues): SaveCardInput => ({ ...values, personId, ...(cardId ? { id: cardId } : {}) });
  return formSchema(saveCardInput, toInput, toInput);
};

interface FormProps {
  personId: string;
  card: EditedCard | null;
  seasons: SeasonOption[];
  currentSeasonId: string;
  formId: string;
  save: (input: SaveCardInput) => Promise<SubmitOutcome>;
  onDirtyChange: (dirty: boolean) => void;
}

function CardForm({ personId, card, seasons, currentSeasonId, formId, save, onDirtyChange }: FormProps) {
  const schema = useMemo(() => cardFormSchema(personId, card?.id), [personId, card?.id]);
  const season = (id: string) => seasons.find((s) => s.id === id);
  const firstSeason = season(currentSeasonId) ?? seasons[0];
  const form = useSchemaForm(
    schema,
    card
      ? { body: card.body, number: card.number, seasonId: card.season.id, startsOn: card.startsOn, expiresOn: card.expiresOn }
      : { body: '', number: '', seasonId: firstSeason?.id ?? '', startsOn: firstSeason?.startsOn ?? '', expiresOn: firstSeason?.endsOn ?? '' },
  );
  const bodiesId = useId();

  // A new card's dates follow the season chosen until the user types dates of their own.
  const datesTyped = useRef(card !== null);
  useEffect(() => {
    const { unsubscribe } = form.watch((values, { name, type }) => {
      if (type !== 'change') return;
      if (name === 'startsOn' || name === 'expiresOn') datesTyped.current = true;
      const chosen = name === 'seasonId' && !datesTyped.current ? seasons.find((s) => s.id === values.seasonId) : undefined;
      if (chosen) {
        setFieldValue(form, 'startsOn', chosen.startsOn);
        setFieldValue(form, 'expiresOn', chosen.endsOn);
      }
    });
    return unsubscribe;
  }, [form, seasons]);

  return (
    <SchemaForm id={formId} form={form} onDirtyChange={onDirtyChange} onSubmit={save}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField name="body" label="Ente o federazione" required list={bodiesId} helper="Ad esempio FIGC, UISP, CSI." />
        <datalist id={bodiesId}>
          {CARD_BODIES.map((body) => (
            <option key={body} value={body} />
          ))}
        </datalist>
        <TextField name="number" label="Numero tessera" required />
        <SelectField name="seasonId" label="Stagione" required options={seasons.map((s) => ({ value: s.id, label: s.label }))} />
        <TextField name="startsOn" label="Inizio validità" required type="date" />
        <TextField name="expiresOn" label="Scadenza" required type="date" />
      </SimpleGrid>
    </SchemaForm>
  );
}

export interface CardFormDialogProps {
  /** A new card (null) or the one to edit; the dialog is open while this is not undefined. */
  card: EditedCard | null | undefined;
  personId: string;
  personName: string;
  onClose: () => void;
}

export function CardFormDialog({ card, personId, personName, onClose }: CardFormDialogProps) {
  const open = card !== undefined;
  const formId = useId();
  const { data } = useQuery(CardSeasonsQuery, { skip: !open, fetchPolicy: 'cache-and-network' });
  const [saveCard, { loading: sending }] = useMutation(SaveCardMutation, { refetchQueries: ['PersonSeasons_History', 'PersonChanges_List'], awaitRefetchQueries: true });
  const [dirty, setDirty] = useState(false);
  // A closed season's cards are read-only: it is not offered, except as the edited card's own (the server refuses it).
  const seasons = data?.seasons.filter((s) => s.status !== 'closed' || s.id === card?.season.id) ?? [];

  const save = async (input: SaveCardInput): Promise<SubmitOutcome> => {
    const outcome = readMutationResult((await saveCard({ variables: { input } })).data?.saveCard);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    onClose();
  };

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      title={card ? `Modifica tessera ${card.body} n. ${card.number}` : `Nuova tessera di ${personName}`}
      onClose={() => {
        if (!sending) onClose();
      }}
      footer={
        <HStack gap="3" w="100%" justify="flex-end">
          <PanelFormFooter formId={formId} sending={sending} />
        </HStack>
      }
    >
      {data && card !== undefined ? (
        <CardForm personId={personId} card={card} seasons={seasons} currentSeasonId={data.currentSeason.id} formId={formId} save={save} onDirtyChange={setDirty} />
      ) : (
        <Center py="8" role="status">
          <Spinner size="md" aria-label="Caricamento delle stagioni..." />
        </Center>
      )}
    </FormDialog>
  );
}
