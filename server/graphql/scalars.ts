// Scalars shared by the modules: DateTime (ISO 8601 strings out, Date in) and Upload (graphql-upload-minimal).
import { GraphQLUpload } from 'graphql-upload-minimal';
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

builder.addScalarType('Upload', GraphQLUpload as never, {});

export type { FileUpload };
