// GraphQL face of the dashboard's season figures (issue 35 point 1): a season and the previous one in one query.
// Thin adapter over dashboard/season-statistics.service.ts.
import { builder } from '../../graphql/builder';
import { seasonStatistics, type CardBodyCount, type SeasonFigures, type SeasonStatistics } from '../dashboard/season-statistics.service';

const CardBodyCountRef = builder.objectRef<CardBodyCount>('CardBodyCount').implement({
  description: "A season's cards of one body (federation or EPS).",
  fields: (t) => ({
    body: t.exposeString('body'),
    count: t.exposeInt('count'),
  }),
});

const SeasonFiguresRef = builder.objectRef<SeasonFigures>('SeasonFigures').implement({
  description: "One season's figures. Who is in a season is defined once (seasons/season-filter.ts) for lists, exports and these figures.",
  fields: (t) => ({
    // The whole row is at hand: the Season type exposes no relation, so the planned selection needs nothing more.
    season: t.prismaField({ type: 'ClubSeason', resolve: (_query, f) => f.season }),
    members: t.exposeInt('members', { description: 'Soci in the register during the season: admitted by its last day, not left before its first.' }),
    renewals: t.exposeInt('renewals', { description: 'Renewals recorded for the season.' }),
    admissions: t.exposeInt('admissions', { description: 'Admissions to the register dated in the season.' }),
    exits: t.exposeInt('exits', { description: 'Exits from the register dated in the season.' }),
    cards: t.field({ type: [CardBodyCountRef], description: 'Cards of the season by body, the most first.', resolve: (f) => f.cards }),
  }),
});

const SeasonStatisticsRef = builder.objectRef<SeasonStatistics>('SeasonStatistics').implement({
  description: 'A season\'s figures and the previous season\'s, for the dashboard\'s comparison.',
  fields: (t) => ({
    season: t.field({ type: SeasonFiguresRef, resolve: (s) => s.season }),
    previous: t.field({ type: SeasonFiguresRef, nullable: true, description: 'The season before (null for the first one).', resolve: (s) => s.previous }),
  }),
});

builder.queryField('seasonStatistics', (t) =>
  t.field({
    type: SeasonStatisticsRef,
    nullable: true,
    description: 'The figures of a season (the current one without seasonId) and of the previous one; null for an unknown season or another club\'s.',
    args: { seasonId: t.arg.id() },
    resolve: (_root, { seasonId }, ctx) => seasonStatistics(ctx, seasonId),
  }),
);
