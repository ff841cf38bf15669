// What every bulk action on a selection of people answers (issue 15): shared by the people and groups modules'
// GraphQL faces (archivePeople; assignPeopleToGroup, unassignPeopleFromGroup).
import { builder } from './builder';

export const BulkPeoplePayload = builder.objectRef<{ requested: number; changed: number }>('BulkPeoplePayload').implement({
  description: 'What a bulk action on a selection of people did: all or nothing, so either every row was accepted or none.',
  fields: (t) => ({
    requested: t.exposeInt('requested', { description: 'Distinct roles in the selection.' }),
    changed: t.exposeInt('changed', { description: 'Roles actually changed (already a member, or not one, counts as unchanged).' }),
  }),
});
