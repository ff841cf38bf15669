// The school-absence letters' pieces on the call-up screen (issue 38 point 5): a minor's school, set in place (it
// goes on the letter; none: "dell'istituto frequentato"), and the club's template of the letter (club.write), with
// its placeholders explained and the default one click away. Checked with the server's rules first.
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { z } from 'zod';
import { SCHOOL_LETTER_TEMPLATE, schoolLetterTemplateInput, schoolNameInput } from '../../../../../schema/validation/calendar';
import { PanelFormFooter, SchemaForm, TextareaField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ListError, ListLoading } from '../../../components/ui/list-status';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { SavePersonSchoolMutation, SaveSchoolLetterTemplateMutation, SchoolLetterTemplateQuery } from '../school-letters-documents';

/** "Scuola: Liceo Galilei · Modifica", or a field and Salva while editing. */
export function SchoolOfAthlete({ personId, name, school, mayWrite, onSaved }: { personId: string; name: string; school: string | null; mayWrite: boolean; onSaved: () => void }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(school ?? '');
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useMutation(SavePersonSchoolMutation);
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  // The field takes the focus when it opens (the button that opened it is gone).
  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);

  const submit = async () => {
    const checked = schoolNameInput.safeParse(value);
    if (!checked.success) return setError(checked.error.issues[0].message);
    try {
      const outcome = readMutationResult((await save({ variables: { personId, school: checked.data } })).data?.savePersonSchool);
      if (!outcome.ok) return setError(outcome.fieldErrors.school ?? outcome.message);
      notify(MESSAGE_LEVEL.success, outcome.data.message);
      setEditing(false);
      setError(null);
      onSaved();
    } catch (e) {
      setError(messageOfError(e));
    }
  };

  if (!editing)
    return (
      <Flex gap="2" align="center" wrap="wrap" fontSize="sm">
        <Text color={school ? undefined : 'fg.muted'} overflowWrap="anywhere">
          {school ? `Scuola: ${school}` : 'Scuola non indicata'}
        </Text>
        {mayWrite && (
          <Button size="xs" variant="ghost" onClick={() => setEditing(true)} aria-label={`${school ? 'Modifica' : 'Indica'} la scuola di ${name}`}>
            {school ? 'Modifica' : 'Indica la scuola'}
          </Button>
        )}
      </Flex>
    );
  return (
    <Stack
      as="form"
      gap="1"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={inputId}>
        <Text as="span" fontSize="sm" fontWeight="medium">
          {`Scuola di ${name}`}
        </Text>
      </label>
      <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
        <Input id={inputId} size="sm" value={value} maxLength={200} placeholder="es. Scuola media «G. Galilei», Torino" onChange={(e) => setValue(e.target.value)} aria-invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} ref={input} />
        <Flex gap="2" flexShrink={0}>
          <Button size="sm" type="submit" loading={saving.loading}>
            Salva
          </Button>
          <Button size="sm" variant="ghost" onClick={() => (setEditing(false), setValue(school ?? ''), setError(null))}>
            Annulla
          </Button>
        </Flex>
      </Flex>
      {error && (
        <Text id={errorId} fontSize="sm" color="fg.error">
          {error}
        </Text>
      )}
    </Stack>
  );
}

const PLACEHOLDERS: Array<[string, string]> = [
  ['{atleta}', 'nome e cognome (obbligatorio)'],
  ['{nascita}', 'data di nascita'],
  ['{evento}', 'la partita «...» contro ..., o l’evento'],
  ['{data}', 'il giorno'],
  ['{luogo}', '«, in trasferta» o «presso» l’impianto'],
  ['{ritrovo}', 'l’ora del ritrovo'],
  ['{inizio}', 'l’ora d’inizio'],
  ['{fine}', 'l’ora di fine prevista'],
  ['{societa}', 'il nome della società'],
];

const templateSchema = z.object({ template: schoolLetterTemplateInput }).transform(({ template }) => (template.trim() === SCHOOL_LETTER_TEMPLATE.trim() ? '' : template));

function TemplateForm({ template, onDone }: { template: string; onDone: () => void }) {
  const [save] = useMutation(SaveSchoolLetterTemplateMutation, { refetchQueries: ['CallUps_SchoolLetterTemplate'] });
  const form = useSchemaForm(templateSchema, { template });
  async function onSubmit(text: string): Promise<SubmitOutcome> {
    const outcome = readMutationResult((await save({ variables: { template: text } })).data?.saveSchoolLetterTemplate);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    onDone();
  }
  return (
    <SchemaForm form={form} onSubmit={onSubmit} id="modello-lettera-scuola" gap="3" aria-label="Modello della lettera per la scuola">
      <TextareaField name="template" label="Testo della lettera" rows={10} maxLength={3000} helper="Intestazione, destinatario, oggetto e firma del legale rappresentante li aggiunge CampoBase. Una riga vuota separa i paragrafi." />
      <Box>
        <Button size="xs" variant="ghost" onClick={() => form.setValue('template', SCHOOL_LETTER_TEMPLATE, { shouldDirty: true })}>
          Ripristina il testo proposto
        </Button>
      </Box>
      <Box as="dl" fontSize="sm" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="1">
        {PLACEHOLDERS.map(([key, meaning]) => (
          <Box key={key} display="contents">
            <Box as="dt" fontFamily="mono">
              {key}
            </Box>
            <Box as="dd" color="fg.muted">
              {meaning}
            </Box>
          </Box>
        ))}
      </Box>
    </SchemaForm>
  );
}

/** "Modello della lettera" and its dialog. */
export function SchoolLetterTemplateButton() {
  const [open, setOpen] = useState(false);
  const query = useQuery(SchoolLetterTemplateQuery, { skip: !open, fetchPolicy: 'network-only' });
  const result = query.data?.schoolLetterTemplate;
  const data = result?.__typename === 'QuerySchoolLetterTemplateSuccess' ? result.data : null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Modello della lettera
      </Button>
      <FormDialog open={open} title="Modello della lettera per la scuola" onClose={() => setOpen(false)} size="lg" footer={data ? <PanelFormFooter formId="modello-lettera-scuola" sending={false} submitLabel="Salva modello" /> : undefined}>
        {data ? (
          <TemplateForm template={data.template} onDone={() => setOpen(false)} />
        ) : query.error || (result && 'message' in result) ? (
          <ListError message={query.error ? messageOfError(query.error) : (result as { message: string }).message} onRetry={() => void query.refetch().catch(() => undefined)} />
        ) : (
          <ListLoading label="Caricamento del modello..." />
        )}
      </FormDialog>
    </>
  );
}
