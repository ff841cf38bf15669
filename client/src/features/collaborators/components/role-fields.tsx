// The role of a collaborator (invitation or role change): a select with a line on what the role may do and, for a
// coach (allenatore), the athlete groups they coach: at least one, else they would see nobody.
import { useQuery } from '@apollo/client/react';
import { Box, Checkbox, CheckboxGroup, Fieldset, Stack, Text } from '@chakra-ui/react';
import { FormField } from '../../../components/ui/form-field';
import { SelectInput } from '../../../components/ui/select-field';
import type { FieldErrors } from '../../../lib/form-errors';
import { INVITABLE_ROLES } from '../../../../../schema/validation/collaborators';
import { AthleteGroupsQuery } from '../collaborator-documents';
import { ROLE_INFO, type CollaboratorRoleKey } from '../collaborator-roles';

/** The roles that can be given by an invitation or a role change (the owner is made only by a transfer). */
const ROLE_OPTIONS = INVITABLE_ROLES.map((role) => ({ value: role, label: ROLE_INFO[role].label }));

export interface RoleValues {
  role: string;
  groupIds: string[];
}

/** The message about the groups, whichever path it came on (`groupIds` or one of its items). */
export const groupsError = (errors: FieldErrors): string | undefined =>
  errors.groupIds ?? Object.entries(errors).find(([field]) => field.startsWith('groupIds'))?.[1];

export function RoleFields({ values, onChange, errors }: { values: RoleValues; onChange: (values: RoleValues) => void; errors: FieldErrors }) {
  const coach = values.role === 'allenatore';
  const { data, loading } = useQuery(AthleteGroupsQuery, { skip: !coach, fetchPolicy: 'cache-and-network' });
  const groups = data?.groups.edges.map((e) => e.node) ?? [];
  const info = ROLE_INFO[values.role as CollaboratorRoleKey];
  const groupsMessage = groupsError(errors);

  return (
    <>
      <FormField label="Ruolo" required error={errors.role} helper={info?.description}>
        <SelectInput
          name="role"
          value={values.role}
          onChange={(e) => onChange({ ...values, role: e.target.value })}
          options={ROLE_OPTIONS}
          placeholder="Seleziona il ruolo"
        />
      </FormField>
      {coach && (
        <Fieldset.Root invalid={Boolean(groupsMessage)}>
          <Fieldset.Legend fontSize="sm" fontWeight="medium">
            Gruppi allenati
          </Fieldset.Legend>
          <Fieldset.HelperText fontSize="xs">Le categorie di atleti che allena: almeno una.</Fieldset.HelperText>
          <Fieldset.Content>
            {!data && loading ? (
              <Text fontSize="sm" color="fg.muted" role="status">
                Caricamento dei gruppi...
              </Text>
            ) : groups.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                Non ci sono ancora categorie di atleti: creane una dalla pagina Categorie.
              </Text>
            ) : (
              <Box maxH="56" overflowY="auto" borderWidth="1px" borderRadius="md" px="3" py="2">
                <CheckboxGroup name="groupIds" value={values.groupIds} onValueChange={(groupIds) => onChange({ ...values, groupIds })}>
                  <Stack gap="2">
                    {groups.map((g) => (
                      <Checkbox.Root key={g.id} value={g.id} size="sm">
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{g.name}</Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </Stack>
                </CheckboxGroup>
              </Box>
            )}
          </Fieldset.Content>
          {groupsMessage && <Fieldset.ErrorText fontSize="xs">{groupsMessage}</Fieldset.ErrorText>}
        </Fieldset.Root>
      )}
    </>
  );
}

/** The role input as the server takes it: groups only for a coach. */
export const roleInput = (values: RoleValues) => ({
  role: values.role,
  groupIds: values.role === 'allenatore' ? values.groupIds : undefined,
});
