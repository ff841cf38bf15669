// GraphQL face of possible duplicates and of merging two profiles (issue 14 point 2). Thin adapters over
// duplicates.service.ts and merge-people.service.ts: the rules, the permissions and the SQL live there.
import { getRefFromModel, type PrismaObjectRef } from '@pothos/plugin-prisma';
import type PrismaTypes from '../../generated/pothos-types';
import { builder } from '../../graphql/builder';
import { clubDb } from '../../access/request-db';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { DUPLICATES_SHOWN, possibleDuplicates, type DuplicateReason } from './duplicates.service';
import { mergePeople } from './merge-people.service';

type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;
type PersonRow = PrismaTypes['Person']['Shape'];

/** Defined by people.graphql.ts. */
const PersonRef = getRefFromModel('Person', builder, 'object') as PrismaObjectRef<BuilderTypes, PrismaTypes['Person']>;

const DuplicateReasonEnum = builder.enumType('DuplicateReason', {
  description: 'Why two profiles may be one person.',
  values: {
    SAME_NAME_BIRTHDAY: { description: 'Same first and last name (accents and case ignored) and same birth date.' },
    SIMILAR_TAX_CODE: {
      description: 'Tax codes whose first 15 characters differ in one position at most, omocodia letters read as their digits (a corrected code).',
    },
  } satisfies Record<DuplicateReason, { description: string }>,
});

interface PairShape {
  first: PersonRow;
  second: PersonRow;
  reasons: DuplicateReason[];
}

const PossibleDuplicateRef = builder.objectRef<PairShape>('PossibleDuplicate').implement({
  description: 'Two profiles of the club that may be one person.',
  fields: (t) => ({
    first: t.field({ type: PersonRef, description: 'The older profile (created first).', resolve: (pair) => pair.first }),
    second: t.field({ type: PersonRef, resolve: (pair) => pair.second }),
    reasons: t.field({ type: [DuplicateReasonEnum], resolve: (pair) => pair.reasons }),
  }),
});

const PossibleDuplicatesRef = builder.objectRef<{ totalCount: number; pairs: PairShape[] }>('PossibleDuplicates').implement({
  fields: (t) => ({
    totalCount: t.exposeInt('totalCount', { description: `Every pair found; \`pairs\` lists the first ${DUPLICATES_SHOWN}.` }),
    pairs: t.field({ type: [PossibleDuplicateRef], resolve: (list) => list.pairs }),
  }),
});

const MergePeoplePayload = builder.objectRef<{ message: string; personId: string }>('MergePeoplePayload').implement({
  fields: (t) => ({
    message: t.exposeString('message', { description: 'Italian success message.' }),
    person: t.prismaField({
      type: 'Person',
      description: 'The kept profile, with the roles of both.',
      resolve: (query, payload, _args, ctx) => clubDb(ctx).person.findUniqueOrThrow({ ...query, where: { id: payload.personId } }),
    }),
  }),
});

builder.queryFields((t) => ({
  possibleDuplicates: t.field({
    type: PossibleDuplicatesRef,
    description: `Pairs of profiles of the club that may be one person (reasons: DuplicateReason), among the people the viewer may edit; by name, at most ${DUPLICATES_SHOWN}. With personId: that person's (a person the viewer may not see is NOT_FOUND).`,
    args: { personId: t.arg.id({ description: 'Person.id (not a role id).' }) },
    resolve: async (_root, { personId }, ctx) => {
      const found = await possibleDuplicates(ctx, personId);
      const ids = [...new Set(found.pairs.flatMap((p) => [p.firstId, p.secondId]))];
      const people = ids.length ? await clubDb(ctx).person.findMany({ where: { id: { in: ids } } }) : [];
      const byId = new Map(people.map((p) => [p.id, p]));
      // A profile merged away between the two statements leaves its pairs out.
      const pairs = found.pairs.flatMap((p) => {
        const first = byId.get(p.firstId);
        const second = byId.get(p.secondId);
        return first && second ? [{ first, second, reasons: p.reasons }] : [];
      });
      return { totalCount: found.totalCount, pairs };
    },
  }),
}));

builder.mutationFields((t) => ({
  mergePeople: t.field({
    type: MergePeoplePayload,
    description:
      "Joins the profile mergeId into keepId, then deletes it: roles (one per kind: see merge-people.service.ts), groups, documents, medical certificates, notifications and invitations move to the kept profile, whose empty fields are filled from the other (no kept value is overwritten). One line in the access log; the kept person's history shows both. Refused (CONFLICT) when both are linked to different accounts.",
    args: {
      keepId: t.arg.id({ required: true, description: 'Person.id of the profile that stays.' }),
      mergeId: t.arg.id({ required: true, description: 'Person.id of the profile joined into it and deleted.' }),
    },
    errors: { types: [ValidationError, ConflictError, NotFoundError, ForbiddenError, UnauthenticatedError] },
    resolve: (_root, { keepId, mergeId }, ctx) => mergePeople(ctx, keepId, mergeId),
  }),
}));
