// Scalars shared by the modules: DateTime (ISO 8601 strings out, Date in) and Upload (graphql-upload-minimal).
import { GraphQLError } from 'graphql';
import { GraphQLUpload } from 'graphql-upload-minimal';
import { MSG } from '../../schema/messages';
import type { FileUpload } from 'graphql-upload-minimal';
import { builder } from './builder';

builder.scalarType('DateTime', {
  description: 'An ISO 8601 date-time, e.g. 2026-11-21T10:00:00.000Z.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError('DateTime non valida');
    return date;
  },
});

// graphql-upload-minimal's own scalar answers "Upload value invalid." in English: keep its parsing, say it in Italian.
builder.scalarType('Upload', {
  description: GraphQLUpload.description ?? undefined,
  serialize: () => {
    throw new GraphQLError('Upload is an input-only scalar');
  },
  parseValue: (value) => {
    try {
      return GraphQLUpload.parseValue(value) as Promise<FileUpload>;
    } catch {
      throw new GraphQLError(MSG.fileMissing);
    }
  },
  parseLiteral: () => {
    throw new GraphQLError(MSG.fileMissing);
  },
});

export type { FileUpload };
