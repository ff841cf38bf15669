// apollo-upload-client 19 ships JSDoc-typed .mjs files without declarations: the part the app uses.
declare module 'apollo-upload-client/UploadHttpLink.mjs' {
  import { ApolloLink } from '@apollo/client';
  export default class UploadHttpLink extends ApolloLink {
    constructor(options?: {
      uri?: string;
      useGETForQueries?: boolean;
      fetch?: typeof fetch;
      fetchOptions?: RequestInit;
      credentials?: string;
      headers?: Record<string, string>;
      includeExtensions?: boolean;
      includeUnusedVariables?: boolean;
    });
  }
}
