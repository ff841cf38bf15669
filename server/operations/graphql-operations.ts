// The GraphQL operation names the metrics count one by one: those of the admin client's documents, which the build
// generates into client/src/gql (graphql-codegen). Any other name is the caller's free text, so it is counted as
// "other": a label never takes a value a client made up.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const CLIENT_DOCUMENTS = path.resolve(import.meta.dirname, '../../client/src/gql/graphql.ts');
// How codegen prints a named operation in a document's JSON AST.
const OPERATION_NAME = /"kind":"OperationDefinition","operation":"(?:query|mutation|subscription)","name":\{"kind":"Name","value":"([_A-Za-z][_0-9A-Za-z]*)"/g;

let known: ReadonlySet<string> | undefined;

/** Read once per process; empty (every operation counted as "other") when the client documents were never generated. */
export function knownOperationNames(): ReadonlySet<string> {
  return (known ??= readNames());
}

function readNames(): Set<string> {
  try {
    return new Set(Array.from(readFileSync(CLIENT_DOCUMENTS, 'utf8').matchAll(OPERATION_NAME), (m) => m[1]));
  } catch {
    return new Set(); // `npm run build` (or `npm run codegen`) generates them
  }
}
