// StoredFile as GraphQL sees it: metadata and the URL it is served from, never its bytes.
import { builder } from '../../graphql/builder';
import { fileUrl } from './files.service';

// Select mode: only the columns the query asks for are loaded, so lists of files never read `content`.
builder.prismaObject('StoredFile', {
  description: 'An uploaded file. `url` (/files/<id>) answers only with the Authorization and X-Club headers of the owning club.',
  select: { id: true },
  fields: (t) => ({
    id: t.exposeID('id'),
    filename: t.exposeString('filename'),
    mimeType: t.exposeString('mimeType'),
    size: t.exposeInt('size'),
    url: t.string({ resolve: (file) => fileUrl(file.id) }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});
