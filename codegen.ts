// GraphQL Code Generator: typed documents for the React client.
// Run: npx graphql-codegen --config codegen.ts  (client/src/gql is generated and gitignored: never edit it by hand)
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['client/src/**/*.{ts,tsx}', '!client/src/gql/**/*'],
  ignoreNoDocuments: true,
  generates: {
    'client/src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { enumsAsTypes: true, useTypeImports: true, scalars: { DateTime: 'string', Upload: 'File' } },
    },
    // Apollo's InMemoryCache needs the members of the abstract types the documents spread on (`... on BaseError`).
    'client/src/gql/possible-types.ts': {
      plugins: ['./scripts/codegen-possible-types.mjs'],
    },
  },
};

export default config;
