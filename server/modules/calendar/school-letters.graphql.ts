// GraphQL face of the school-absence letters (issue 38 point 5): the club's template and an athlete's school. The
// letters themselves are a PDF download (GET /api/convocazioni/lettere-scuola.pdf, calendar.http.ts).
import { builder } from '../../graphql/builder';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { savePersonSchool, saveSchoolLetterTemplate, schoolLetterTemplate } from './school-letters.service';

const writeErrors = [ValidationError, ConflictError, NotFoundError, ForbiddenError, UnauthenticatedError];

const TemplateRef = builder.objectRef<{ template: string; custom: boolean; message?: string }>('SchoolLetterTemplate').implement({
  fields: (t) => ({
    template: t.exposeString('template', { description: 'The text with its {placeholders}: atleta, nascita, evento, data, luogo, ritrovo, inizio, fine, societa.' }),
    custom: t.exposeBoolean('custom', { description: "The club's own text (false: the default)." }),
  }),
});

builder.queryField('schoolLetterTemplate', (t) => t.field({ type: TemplateRef, errors: { types: [ForbiddenError, UnauthenticatedError] }, resolve: (_r, _a, ctx) => schoolLetterTemplate(ctx) }));

builder.mutationFields((t) => ({
  saveSchoolLetterTemplate: t.field({
    type: builder.objectRef<{ message: string; template: string; custom: boolean }>('SaveSchoolLetterTemplatePayload').implement({
      fields: (f) => ({ message: f.exposeString('message'), template: f.exposeString('template'), custom: f.exposeBoolean('custom') }),
    }),
    description: "The club's own school-letter text; empty: back to the default. It must contain {atleta}.",
    args: { template: t.arg.string({ required: true }) },
    errors: { types: writeErrors },
    resolve: (_r, { template }, ctx) => saveSchoolLetterTemplate(ctx, template),
  }),
  savePersonSchool: t.field({
    type: builder.objectRef<{ message: string; personId: string; school: string | null }>('SavePersonSchoolPayload').implement({
      fields: (f) => ({ message: f.exposeString('message'), personId: f.exposeID('personId'), school: f.exposeString('school', { nullable: true }) }),
    }),
    description: 'The school an athlete attends, for the letters; an empty name removes it.',
    args: { personId: t.arg.id({ required: true }), school: t.arg.string({ required: true }) },
    errors: { types: writeErrors },
    resolve: (_r, { personId, school }, ctx) => savePersonSchool(ctx, personId, school),
  }),
}));
