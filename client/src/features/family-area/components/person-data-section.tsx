// "Dati" of a person in the personal area: the contacts (email, phone, address), saved at once; the key fields (name,
// tax code, birth data), which only ask the club (the change applies when the club approves, one request at a time);
// the requests sent, with their state and the club's reason. What the account may change is the server's `may` (a
// minor's own account reads them only). The forms check with the server's own rules (schema/validation/family-area.ts)
// before sending.
import { useMutation } from '@apollo/client/react';
import { Badge, Box, Button, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { FAMILY_MSG } from '../../../../../schema/messages-family';
import { GUARDIAN_RELATIONSHIP_LABELS } from '../../../../../schema/validation/families';
import { familyContactsInput, familyKeyFieldsInput } from '../../../../../schema/validation/family-area';
import { formSchema, SchemaForm, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormAlert } from '../../../components/ui/form-alert';
import type { FamilyPerson_PageQuery, UpdateMyFamilyPersonInput } from '../../../gql/graphql';
import type { FieldErrors } from '../../../lib/form-errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { UpdateFamilyPersonMutation } from '../family-area-documents';
import { changeValue, fieldLabel, italianDayOf, REQUEST_STATUS } from '../family-labels';
import { AreaEmpty, AreaItem, AreaSection, AreaSubsection } from './area-section';

export type FamilyPersonPage = NonNullable<FamilyPerson_PageQuery['myFamilyPerson']>;

const ADDRESS_KEYS = ['address', 'streetNumber', 'postalCode', 'city', 'province', 'country'] as const;
type AddressValues = Record<(typeof ADDRESS_KEYS)[number], string>;

interface ContactValues {
  emailPrimary: string;
  phonePrimary: string;
  address: AddressValues;
}

interface KeyValues {
  firstname: string;
  lastname: string;
  taxIdCode: string;
  birthday: string;
  birthplace: string;
}

const text = (v: string | null | undefined) => v ?? '';
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

const contactValuesOf = (p: FamilyPersonPage): ContactValues => ({
  emailPrimary: text(p.emailPrimary),
  phonePrimary: text(p.phonePrimary),
  address: Object.fromEntries(ADDRESS_KEYS.map((k) => [k, text(p.address?.[k])])) as AddressValues,
});

const keyValuesOf = (p: FamilyPersonPage): KeyValues => ({
  firstname: p.firstname,
  lastname: p.lastname,
  taxIdCode: text(p.taxIdCode),
  birthday: text(p.birthday),
  birthplace: text(p.birthplace),
});

/** The server names the fields inside the input (contacts.emailPrimary, keyFields.taxIdCode): the forms' own names. */
const ownFieldErrors = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([path, message]) => [path.replace(/^(contacts|keyFields)\./, ''), message]));

type Send = (input: Omit<UpdateMyFamilyPersonInput, 'personId'>) => Promise<SubmitOutcome>;

function ContactsForm({ person, readOnly, send }: { person: FamilyPersonPage; readOnly: boolean; send: Send }) {
  const schema = useMemo(
    () =>
      formSchema(familyContactsInput, (v: ContactValues) => ({
        contacts: {
          emailPrimary: orNull(v.emailPrimary),
          phonePrimary: orNull(v.phonePrimary),
          address: Object.fromEntries(ADDRESS_KEYS.map((k) => [k, orNull(v.address[k])])),
        },
      })),
    [],
  );
  const form = useSchemaForm(schema, contactValuesOf(person));
  return (
    <SchemaForm form={form} onSubmit={send} aria-label="Contatti" readOnly={readOnly}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="emailPrimary" label="Email" type="email" inputMode="email" autoComplete="email" readOnly={readOnly} />
        <TextField name="phonePrimary" label="Cellulare" type="tel" inputMode="tel" autoComplete="tel" readOnly={readOnly} />
      </SimpleGrid>
      {/* six columns: street and number, postcode and province side by side even on a phone */}
      <SimpleGrid columns={6} gap="4">
        <Box gridColumn={{ base: 'span 4', md: 'span 4' }}>
          <TextField name="address.address" label="Indirizzo" autoComplete="address-line1" readOnly={readOnly} />
        </Box>
        <Box gridColumn="span 2">
          <TextField name="address.streetNumber" label="Civico" readOnly={readOnly} />
        </Box>
        <Box gridColumn={{ base: 'span 3', md: 'span 2' }}>
          <TextField name="address.postalCode" label="CAP" inputMode="numeric" autoComplete="postal-code" readOnly={readOnly} />
        </Box>
        <Box gridColumn={{ base: 'span 3', md: 'span 1' }}>
          <TextField name="address.province" label="Provincia" readOnly={readOnly} />
        </Box>
        <Box gridColumn={{ base: 'span 6', md: 'span 3' }}>
          <TextField name="address.city" label="Città" autoComplete="address-level2" readOnly={readOnly} />
        </Box>
        <Box gridColumn={{ base: 'span 6', md: 'span 2' }}>
          <TextField name="address.country" label="Nazione" autoComplete="country-name" readOnly={readOnly} />
        </Box>
      </SimpleGrid>
      {!readOnly && (
        <Button type="submit" alignSelf={{ base: 'stretch', sm: 'flex-start' }} loading={form.formState.isSubmitting} loadingText="Salvataggio in corso...">
          Salva i contatti
        </Button>
      )}
    </SchemaForm>
  );
}

const withoutBlanks = (v: KeyValues) => ({
  ...v,
  taxIdCode: v.taxIdCode.trim() || undefined,
  birthday: v.birthday || undefined,
  birthplace: v.birthplace.trim() || undefined,
});

function KeyFieldsForm({ person, readOnly, send }: { person: FamilyPersonPage; readOnly: boolean; send: Send }) {
  // The rules' output (trimmed, the tax code upper-cased). A blank tax code or birth field is not sent (no change is
  // asked for it: the club may not know it yet); a blank name is refused, as the club's own form refuses it.
  const schema = useMemo(
    () =>
      formSchema(
        familyKeyFieldsInput,
        (v: KeyValues) => {
          const parsed = familyKeyFieldsInput.safeParse(withoutBlanks(v));
          return { keyFields: parsed.success ? parsed.data : {} };
        },
        withoutBlanks,
      ),
    [],
  );
  const form = useSchemaForm(schema, keyValuesOf(person));
  return (
    <SchemaForm form={form} onSubmit={send} aria-label="Dati anagrafici" readOnly={readOnly}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="firstname" label="Nome" autoComplete="off" readOnly={readOnly} />
        <TextField name="lastname" label="Cognome" autoComplete="off" readOnly={readOnly} />
        <TextField name="taxIdCode" label="Codice fiscale" uppercase autoCapitalize="characters" spellCheck={false} readOnly={readOnly} />
        <TextField name="birthday" label="Data di nascita" type="date" readOnly={readOnly} />
        <TextField name="birthplace" label="Luogo di nascita" readOnly={readOnly} />
      </SimpleGrid>
      {!readOnly && (
        <Button type="submit" variant="outline" alignSelf={{ base: 'stretch', sm: 'flex-start' }} loading={form.formState.isSubmitting} loadingText="Invio in corso...">
          Chiedi la modifica alla società
        </Button>
      )}
    </SchemaForm>
  );
}

function ChangeRequests({ requests }: { requests: FamilyPersonPage['changeRequests'] }) {
  if (!requests.length) return <AreaEmpty>Nessuna richiesta di modifica inviata.</AreaEmpty>;
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Richieste di modifica">
      {requests.map((r) => {
        const status = REQUEST_STATUS[r.status];
        return (
          <AreaItem key={r.id}>
            <Flex justify="space-between" gap="2" wrap="wrap" align="center">
              <Text fontSize="sm" color="fg.muted">
                {`Inviata il ${italianDayOf(r.createdAt)}`}
              </Text>
              <Badge colorPalette={status.color}>{status.label}</Badge>
            </Flex>
            <Stack as="ul" gap="0.5" mt="2" listStyleType="none">
              {r.changes.map((c) => (
                <Text as="li" key={c.field} fontSize="sm" overflowWrap="anywhere">
                  <strong>{fieldLabel(c.field)}</strong>: {changeValue(c.field, c.from)} → {changeValue(c.field, c.to)}
                </Text>
              ))}
            </Stack>
            {r.reason && (
              <Text fontSize="sm" mt="2" overflowWrap="anywhere">
                {`Motivo della società: ${r.reason}`}
              </Text>
            )}
          </AreaItem>
        );
      })}
    </Stack>
  );
}

export function PersonDataSection({ person, onSaved }: { person: FamilyPersonPage; onSaved: () => Promise<unknown> }) {
  const [update] = useMutation(UpdateFamilyPersonMutation);
  const [saved, setSaved] = useState<{ part: 'contacts' | 'keys'; message: string } | null>(null);
  // what the account may do for the person is the server's answer (a minor's own account: neither)
  const mayContacts = person.may.contacts;
  const mayChanges = person.may.changes;
  const pending = person.changeRequests.some((r) => r.status === 'in_attesa');

  const sender =
    (part: 'contacts' | 'keys'): Send =>
    async (input) => {
      setSaved(null);
      const outcome = readMutationResult((await update({ variables: { input: { personId: person.personId, ...input } } })).data?.updateMyFamilyPerson);
      if (!outcome.ok) return { ok: false, message: outcome.message, fieldErrors: ownFieldErrors(outcome.fieldErrors) };
      notify(MESSAGE_LEVEL.success, outcome.data.message);
      await onSaved().catch(() => undefined);
      setSaved({ part, message: outcome.data.message });
    };

  // A save changes the stored values: the forms start again from them (their keys).
  const contactsKey = JSON.stringify(contactValuesOf(person));
  const keysKey = `${JSON.stringify(keyValuesOf(person))}:${pending}`;
  return (
    <AreaSection id="dati" title="Dati" description="I dati che la società ha nella sua anagrafica.">
      {!mayContacts && !mayChanges && <FormAlert status="info" message={`${FAMILY_MSG.familyGuardianOnly} Qui puoi vederli.`} />}
      {person.guardians.length > 0 && (
        <Text fontSize="sm">
          <strong>Genitori o tutori: </strong>
          {person.guardians.map((g) => `${g.name} (${GUARDIAN_RELATIONSHIP_LABELS[g.relationship].toLowerCase()})`).join(', ')}
        </Text>
      )}
      <AreaSubsection title="Contatti" description={mayContacts ? 'Email, cellulare e indirizzo: le modifiche si salvano subito.' : undefined}>
        {saved?.part === 'contacts' && <FormAlert status="success" message={saved.message} />}
        <ContactsForm key={contactsKey} person={person} readOnly={!mayContacts} send={sender('contacts')} />
      </AreaSubsection>
      <AreaSubsection
        title="Dati anagrafici"
        description={
          mayChanges
            ? 'Nome, cognome, codice fiscale e dati di nascita li cambia la società: la modifica le arriva come richiesta e i dati cambiano quando la approva.'
            : undefined
        }
      >
        {saved?.part === 'keys' && <FormAlert status="success" message={saved.message} />}
        {mayChanges && pending && saved?.part !== 'keys' && <FormAlert status="info" message={FAMILY_MSG.familyChangePending} />}
        <KeyFieldsForm key={keysKey} person={person} readOnly={!mayChanges || pending} send={sender('keys')} />
      </AreaSubsection>
      <AreaSubsection title="Richieste di modifica">
        <ChangeRequests requests={person.changeRequests} />
      </AreaSubsection>
    </AreaSection>
  );
}
