// Files of the import screen: the kind's templates (the legacy REST route, which answers only with the session and
// club headers, so a plain link cannot fetch it).
import { templateFileName, type ImportFormat } from '../../../../schema/import-columns';
import type { PersonKindKey } from '../../../../schema/constants';
import { downloadAuthorizedFile } from '../../lib/authorized-file';

export type TemplateFormat = Extract<ImportFormat, 'csv' | 'xlsx'>;

const TEMPLATE_PATH = '/api/import/download-template';

/** Saves the kind's template: the spec's CSV ({type}_template.csv) or the club's workbook ({type}_template.xlsx). */
export function downloadTemplate(kind: PersonKindKey, format: TemplateFormat): Promise<void> {
  const query = new URLSearchParams({ type: kind });
  if (format === 'xlsx') query.set('format', 'xlsx');
  const filename = format === 'xlsx' ? templateFileName(kind).replace(/\.csv$/, '.xlsx') : templateFileName(kind);
  return downloadAuthorizedFile(`${TEMPLATE_PATH}?${query.toString()}`, filename);
}

/** "1 riga" / "3 righe" and the like. */
export const count = (n: number, one: string, many: string) => `${n.toLocaleString('it-IT')} ${n === 1 ? one : many}`;
