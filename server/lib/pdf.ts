// PDFs with pdfmake, Roboto embedded from its own package (Medium as bold), so accents and the euro sign come out
// exactly; it reads only those font files from disk and nothing from the network.
import { createRequire } from 'node:module';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);

function pdfmake() {
  const maker = require('pdfmake') as typeof import('pdfmake');
  const font = (file: string) => require.resolve(`pdfmake/fonts/Roboto/${file}`);
  const fonts = { normal: font('Roboto-Regular.ttf'), bold: font('Roboto-Medium.ttf'), italics: font('Roboto-Italic.ttf'), bolditalics: font('Roboto-MediumItalic.ttf') };
  maker.setFonts({ Roboto: fonts });
  const allowed = new Set(Object.values(fonts));
  maker.setLocalAccessPolicy((path) => allowed.has(path));
  maker.setUrlAccessPolicy(() => false);
  return maker;
}

let maker: ReturnType<typeof pdfmake> | undefined;

/** The PDF's bytes. CPU-bound: a long document (thousands of rows) belongs in a worker, not on a request's thread. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  maker ??= pdfmake();
  return maker.createPdf(definition).getBuffer();
}
