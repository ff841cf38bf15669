import { lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from './schema';

const HEADER = '# Generated from the Pothos schema by `npm run schema:print`. Do not edit by hand.\n\n';

export function printSchemaSDL(): string {
  return HEADER + printSchema(lexicographicSortSchema(schema)) + '\n';
}
