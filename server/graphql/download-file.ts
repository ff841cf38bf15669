// A file answered inside a GraphQL result (an export, an import's error file, a template): small enough to travel
// as base64 (exports and error files are bounded by the import and list limits). Shared by several modules'
// faces, so it lives in the GraphQL layer.
import { builder } from './builder';

export interface DownloadFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

export const DownloadFileRef = builder.objectRef<DownloadFile>('DownloadFile').implement({
  description: 'A file to save: decode `base64` and save it as `filename`.',
  fields: (t) => ({
    filename: t.exposeString('filename'),
    contentType: t.exposeString('contentType', { description: 'text/csv; charset=utf-8, or the xlsx type.' }),
    byteSize: t.int({ resolve: (f) => f.content.byteLength }),
    base64: t.string({ resolve: (f) => f.content.toString('base64') }),
  }),
});
