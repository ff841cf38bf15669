// GraphQL face of the dashboard's "primi passi": a thin adapter over getFirstSteps.
import { builder } from '../../graphql/builder';
import { getFirstSteps, type FirstStep } from './first-steps.service';

const FirstStepKeyEnum = builder.enumType('FirstStepKey', {
  description: "A new club's first steps: import its people, invite collaborators, set the season.",
  values: ['people', 'collaborators', 'season'] as const,
});

const FirstStepRef = builder.objectRef<FirstStep>('FirstStep').implement({
  fields: (t) => ({
    key: t.expose('key', { type: FirstStepKeyEnum }),
    done: t.exposeBoolean('done', { description: "Whether the club's data shows the step done (people registered, a second member or an invitation, a season label set)." }),
  }),
});

builder.queryField('firstSteps', (t) =>
  t.field({
    type: [FirstStepRef],
    description: 'The first steps of the club named by X-Club that this member may take, each with whether it is done; empty for a member who may take none.',
    resolve: (_root, _args, ctx) => getFirstSteps(ctx),
  }),
);
