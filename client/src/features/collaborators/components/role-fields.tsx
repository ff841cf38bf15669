// The role of a collaborator (invitation or role change): a select with a line on what the role may do and, for a
// coach (allenatore), the athlete groups they coach: at least one, else they would see nobody.
import { useQuery } from '@apollo/client/react';
import { Box, Checkbox, CheckboxGroup, Fieldset, Stack, Text } from '@chakra-ui/react';
import { useController, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { INVITABLE_ROLES } from '../../../../../schema/validation/collaborators';
import { SelectField, useFieldError } from '../../../components/form';
import { AthleteGroupsQuery } from '../collaborator-documents';
import { ROLE_INFO, type CollaboratorRoleKey } from '../collaborator-roles';

/** The roles that can be given by an invitation or a role change (the owner is made only by a transfer). */
const ROLE_OPTIONS = INVITABLE_ROLES.map((role) => ({ value: role, label: ROLE_INFO[role].label }));

export interface RoleValues {
  role: string;
  groupIds: string[];
}

/** A shared rule over the form's values as the server gets them: the groups count only for a coach. */
export const overRoleInput = <S extends z.ZodType>(schema: S) =>
  z.preprocess((values) => ({ ...(values as RoleValues), ...roleInput(values as RoleValues) }), schema);

/** The role and, for a coach, the groups: fields of the surrounding SchemaForm (values as RoleValues). */
export function RoleFields() {
  const role = useWatch<RoleValues, 'role'>({ name: 'role' });
  const info = ROLE_INFO[role as CollaboratorRoleKey];
  return (
    <>
      <SelectField name="role" label="Ruolo" required helper={info?.description} options={ROLE_OPTIONS} placeholder="Seleziona il ruolo" />
      {role === 'allenatore' && <CoachedGroups />}
    </>
  );
}

function CoachedGroups() {
  const { data, loading } = useQuery(AthleteGroupsQuery, { fetchPolicy: 'cache-and-network' });
  const groups = data?.groups.edges.map((e) => e.node) ?? [];
  const { field } = useController<RoleValues, 'groupIds'>({ name: 'groupIds' });
  // The message about the groups, whichever path it came on (`groupIds` or one of its items).
  const groupsMessage = useFieldError('groupIds');

  return (
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
            <CheckboxGroup name={field.name} value={field.value} onValueChange={field.onChange}>
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
  );
}

/** The role input as the server takes it: groups only for a coach. */
const roleInput = (values: RoleValues) => ({
  role: values.role,
  groupIds: values.role === 'allenatore' ? values.groupIds : undefined,
});
