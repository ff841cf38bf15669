// What the club shares with an organisation: one checkbox per data scope (with what it reveals) and, with the
// contacts, whether minors' contacts go too. Used to apply, to approve a request and to change the consent.
import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { ORGANISATION_SCOPE_LABELS, ORGANISATION_SCOPES, scopeEnumName } from '../../../../../schema/organisation-scopes';
import type { OrganisationScope } from '../../../gql/graphql';

export interface ConsentValue {
  scopes: OrganisationScope[];
  minorsContacts: boolean;
}

const SCOPES = ORGANISATION_SCOPES.map((scope) => ({ name: scopeEnumName(scope) as OrganisationScope, label: ORGANISATION_SCOPE_LABELS[scope] }));

/** The label of a scope as GraphQL names it (CLUB_PROFILE). */
export const scopeLabel = (name: string) => SCOPES.find((s) => s.name === name)?.label ?? name;

export function ConsentFields({ value, onChange, idPrefix }: { value: ConsentValue; onChange: (next: ConsentValue) => void; idPrefix: string }) {
  const toggle = (name: OrganisationScope, on: boolean) =>
    onChange({ ...value, scopes: on ? SCOPES.map((s) => s.name).filter((n) => n === name || value.scopes.includes(n)) : value.scopes.filter((n) => n !== name) });
  const contacts = value.scopes.includes('PEOPLE_CONTACTS');
  return (
    <Stack gap="2" role="group" aria-labelledby={`${idPrefix}-scopes`}>
      <Text id={`${idPrefix}-scopes`} fontWeight="medium">
        Dati condivisi
      </Text>
      {SCOPES.map((scope) => (
        <Checkbox.Root key={scope.name} checked={value.scopes.includes(scope.name)} onCheckedChange={(d) => toggle(scope.name, d.checked === true)} colorPalette="brand" alignItems="flex-start">
          <Checkbox.HiddenInput />
          <Checkbox.Control mt="0.5" />
          <Checkbox.Label>{scope.label}</Checkbox.Label>
        </Checkbox.Root>
      ))}
      {contacts && (
        <Checkbox.Root checked={value.minorsContacts} onCheckedChange={(d) => onChange({ ...value, minorsContacts: d.checked === true })} colorPalette="brand" ms="6">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Anche i contatti dei minorenni</Checkbox.Label>
        </Checkbox.Root>
      )}
    </Stack>
  );
}
