// The person form's birth data from the codice fiscale: once a valid code is entered, the empty birth fields are
// filled from it (and said so), and typed ones that disagree get a warning with a button to take the code's values.
// The mismatch is worked out from the fields as they are (watched in the form), so a date changed afterwards is warned about too.
import { Alert, Box, Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { normalizeTaxCode } from '../../../../../schema/validation/tax-code';
import { setFieldValue, type SchemaFormReturn } from '../../../components/form';
import type { SavePersonInput } from '../../../gql/graphql';
import type { PersonFormFields } from '../person-form-values';
import { applyBirth, BIRTH_LABELS, birthFromTaxCode, describeBirth, type BirthFromCode, type BirthKey } from '../tax-code-birth';

interface BirthCheck {
  code: string;
  birth: BirthFromCode;
  filled: BirthKey[];
}

const ORDER = Object.keys(BIRTH_LABELS) as BirthKey[];
/** The fields' labels, in the form's order. */
const listOf = (keys: readonly BirthKey[]) => ORDER.filter((k) => keys.includes(k)).map((k) => BIRTH_LABELS[k]).join(', ');

/** Checks a code's birth data against the form (`check` on the code's blur); `reset` forgets it (a new form). */
export function useTaxCodeBirth(form: SchemaFormReturn<PersonFormFields, SavePersonInput>) {
  const [checked, setChecked] = useState<BirthCheck | null>(null);
  const [taxIdCode, birthday, typeGenderId, birthplace, birthNation] = useWatch({
    control: form.control,
    name: ['profile.taxIdCode', 'profile.birthday', 'profile.typeGenderId', 'profile.birthplace', 'profile.birthNation'],
  });
  // Filled or taken from the code: a change of the user's, which the panel asks about before closing.
  const take = (keys: readonly BirthKey[], birth: BirthFromCode) => {
    for (const key of keys) setFieldValue(form, `profile.${key}`, birth[key] ?? '');
  };

  async function check(input: string) {
    const code = normalizeTaxCode(input);
    if (checked?.code === code) return;
    const birth = await birthFromTaxCode(code);
    // typed on meanwhile: the next blur checks the new code
    if (normalizeTaxCode(form.getValues('profile.taxIdCode')) !== code) return;
    if (!birth) return setChecked(null);
    const { filled } = applyBirth(form.getValues('profile'), birth);
    take(filled, birth);
    setChecked({ code, birth, filled });
  }

  const current = checked && normalizeTaxCode(taxIdCode) === checked.code ? checked : null;
  const mismatched = current ? applyBirth({ birthday, typeGenderId, birthplace, birthNation }, current.birth).mismatched : [];

  function takeCodeValues() {
    if (!current) return;
    take(mismatched, current.birth);
    setChecked({ ...current, filled: [...new Set([...current.filled, ...mismatched])] });
  }

  return { check, reset: () => setChecked(null), note: current && { birth: current.birth, filled: current.filled, mismatched, takeCodeValues } };
}

export function TaxCodeBirthNote({ note }: { note: ReturnType<typeof useTaxCodeBirth>['note'] }) {
  if (!note) return null;
  if (note.mismatched.length)
    return (
      <Alert.Root status="warning" borderRadius="md" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>
            Il codice fiscale indica {describeBirth(note.birth)}: non corrisponde a {listOf(note.mismatched)}. Controlla i dati inseriti.
          </Alert.Description>
          <Box mt="2">
            <Button size="xs" variant="outline" onClick={note.takeCodeValues}>
              Usa i dati del codice fiscale
            </Button>
          </Box>
        </Alert.Content>
      </Alert.Root>
    );
  if (!note.filled.length) return null;
  return (
    <Alert.Root status="info" borderRadius="md" role="status">
      <Alert.Indicator />
      <Alert.Description>Compilati dal codice fiscale: {listOf(note.filled)}.</Alert.Description>
    </Alert.Root>
  );
}
