// GraphQL face of the exports: exportList answers a list as a file (DownloadFile: decode base64, save as filename).
// A thin adapter over export-list.service.ts.
import { builder } from '../../graphql/builder';
import { DownloadFileRef } from '../../graphql/download-file';
import { CertificateStatusEnum, PersonKindEnum, PostOrderEnum, RecentPeriodEnum } from '../../graphql/enums';
import { EXPORT_FORMATS } from './export-file';
import { EXPORT_LISTS, EXPORT_MAX_ROWS, exportList } from './export-list.service';

const ExportListEnum = builder.enumType('ExportList', {
  description:
    'people: the people of `kind` (not archived) with the list\'s filters; archive: the archived people of `kind`; groups; categories (athlete groups); posts: the feed (not archived).',
  values: EXPORT_LISTS,
});

const ExportFormatEnum = builder.enumType('ExportFormat', {
  description: 'csv: UTF-8 with BOM, `;` separated (Italian Excel); xlsx: an Excel workbook.',
  values: EXPORT_FORMATS,
});

builder.queryFields((t) => ({
  exportList: t.field({
    type: DownloadFileRef,
    description:
      `Every row of a list (not one page) as a file, at most ${EXPORT_MAX_ROWS.toLocaleString('en')} rows (more: ValidationError). Needs export.run and the list's read ` +
      'permission. People are written with the import template\'s columns (dates gg/mm/aaaa, gender M/F), so the file imports back unchanged; ' +
      'cells that would start a formula (= + - @) are prefixed with an apostrophe, which the import removes. At most 60 exports an hour per account ' +
      '(200 per club), then a RATE_LIMITED error.',
    args: {
      list: t.arg({ type: ExportListEnum, required: true }),
      format: t.arg({ type: ExportFormatEnum, required: true }),
      kind: t.arg({ type: PersonKindEnum, description: 'people and archive: required.' }),
      search: t.arg.string({ description: 'The list\'s search box: every word must match (people: name or tax code; groups: name; posts: title and text).' }),
      groupIds: t.arg.idList({ description: 'people: members of any of these groups; posts: addressed to any of them. Another club\'s ids match nothing.' }),
      roleIds: t.arg.idList({ description: 'people and archive: only these rows, the list\'s selection (1 to 500 ids, else ValidationError). Another club\'s ids match nothing.' }),
      addedWithin: t.arg({ type: RecentPeriodEnum, description: 'people: only roles created today / this week; posts: only posts created today / this week.' }),
      certificate: t.arg({ type: CertificateStatusEnum, description: 'people of kind athlete: by medical certificate (needs health.read).' }),
      seasonId: t.arg.id({ description: 'people and archive: only the people in this season (the people list\'s season filter). Another club\'s season matches nobody.' }),
      priority: t.arg.int({ description: 'posts: 0 none, 1 Importante, 2 Urgente.' }),
      postOrder: t.arg({ type: PostOrderEnum, description: 'posts: the rows in the feed\'s order (default NEWEST).' }),
    },
    resolve: (_root, args, ctx) => exportList(ctx, args),
  }),
}));
