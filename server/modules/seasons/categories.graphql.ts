// GraphQL face of the categories by age (issue 35 point 3): the reference day and the bands. Thin adapter.
import { builder } from '../../graphql/builder';
import { ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import type { ClubSeason } from '../../generated/prisma/client.js';
import { dayOf } from '../../lib/date-columns';
import { categorySettings, saveCategorySettings, type CategoryBandRow, type CategorySettings } from './categories.service';

/** A season as the categories and the renewal name it (the Season type lives with the seasons' own face). */
export const SeasonSummary = builder.objectRef<ClubSeason>('SeasonSummary').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    label: t.exposeString('label'),
    startsOn: t.string({ resolve: (s) => dayOf(s.startsOn)! }),
    endsOn: t.string({ resolve: (s) => dayOf(s.endsOn)! }),
    status: t.string({ description: 'preparing, open or closed.', resolve: (s) => s.status }),
  }),
});

export const CategoryBand = builder.objectRef<CategoryBandRow>('CategoryBand').implement({
  description: "A category (group of type athlete) with its age band and the birth dates it holds in the season.",
  fields: (t) => ({
    groupId: t.exposeID('id'),
    name: t.exposeString('name'),
    isActive: t.exposeBoolean('isActive'),
    ageMin: t.exposeInt('ageMin', { nullable: true }),
    ageMax: t.exposeInt('ageMax', { nullable: true, description: '"Under 10" is 9.' }),
    bornFrom: t.exposeString('bornFrom', { nullable: true, description: 'YYYY-MM-DD, the earliest birth date held; null: no upper age.' }),
    bornTo: t.exposeString('bornTo', { nullable: true, description: 'YYYY-MM-DD, the latest birth date held; null: no lower age.' }),
  }),
});

const CategorySettingsRef = builder.objectRef<CategorySettings>('CategorySettings').implement({
  description: "How the club's categories count ages: the age reached on the reference day of the season.",
  fields: (t) => ({
    referenceMonth: t.exposeInt('referenceMonth', { nullable: true, description: '1-12; null with referenceDay: the season\'s first day.' }),
    referenceDay: t.exposeInt('referenceDay', { nullable: true }),
    inEndYear: t.exposeBoolean('inEndYear', { description: 'The reference day falls in the calendar year the season ends (else starts).' }),
    season: t.field({ type: SeasonSummary, resolve: (s) => s.season }),
    referenceDate: t.exposeString('referenceDate', { description: "YYYY-MM-DD, the reference day of the current season." }),
    categories: t.field({ type: [CategoryBand], description: 'The categories not archived, youngest first.', resolve: (s) => s.categories }),
  }),
});

const CategoryBandInput = builder.inputType('CategoryBandInput', {
  fields: (t) => ({ groupId: t.id({ required: true }), ageMin: t.int(), ageMax: t.int() }),
});

const SaveCategorySettingsInput = builder.inputType('SaveCategorySettingsInput', {
  description: 'referenceMonth and referenceDay both set, or both null (the season\'s first day). bands: the categories whose band changes.',
  fields: (t) => ({
    referenceMonth: t.int(),
    referenceDay: t.int(),
    inEndYear: t.boolean(),
    bands: t.field({ type: [CategoryBandInput] }),
  }),
});

const SaveCategorySettingsPayload = builder.objectRef<{ message: string; settings: CategorySettings }>('SaveCategorySettingsPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    settings: t.field({ type: CategorySettingsRef, resolve: (p) => p.settings }),
  }),
});

builder.queryFields((t) => ({
  categorySettings: t.field({
    type: CategorySettingsRef,
    description: "The club's reference day for ages and its categories' bands in the current season.",
    resolve: (_root, _args, ctx) => categorySettings(ctx),
  }),
}));

builder.mutationFields((t) => ({
  saveCategorySettings: t.field({
    type: SaveCategorySettingsPayload,
    description: 'Saves the reference day and the bands sent, in one transaction.',
    args: { input: t.arg({ type: SaveCategorySettingsInput, required: true }) },
    errors: { types: [ValidationError, NotFoundError, ForbiddenError, UnauthenticatedError] },
    resolve: async (_root, { input }, ctx) => {
      const { message } = await saveCategorySettings(ctx, input);
      return { message, settings: await categorySettings(ctx) };
    },
  }),
}));
