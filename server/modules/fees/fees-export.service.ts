// The accountant's export (issue 37 point 5): the payments and refunds of a period as prima nota lines, one line per
// charge a payment settled (date, payer and tax code, method, reference, amount, whose charge, which charge, the
// receipt's number), as CSV or XLSX through the exports' own writer (formula injection neutralised, real dates).
// fees.read and export.run; logged in the access log as an export.
import { PAYMENT_METHOD_LABELS, periodInput } from '../../../schema/validation/fees';
import { logExport } from '../../access/access-log';
import { authorize, authorizeMember } from '../../access/authorize';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import { ValidationError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { dateCell, EXPORT_FORMATS, exportWriter, type ExportCell, type ExportFormat } from '../exports/export-file';
import { EXPORT_MSG } from '../exports/export-list.service';

export const LEDGER_HEADERS = ['Data', 'Movimento', 'Pagante', 'Codice fiscale pagante', 'Metodo', 'Riferimento', 'Importo (€)', 'Persona', 'Addebito', 'Ricevuta'] as const;
/** At most this many lines in one file: a year of a large club, several times over. */
const LEDGER_MAX_LINES = 100_000;

export async function feesLedger(ctx: RequestContext, rawFormat: unknown, rawFrom: unknown, rawTo: unknown): Promise<{ filename: string; format: ExportFormat; body: Buffer; lines: number }> {
  const actor = authorizeMember(ctx, 'fees.read');
  authorize(actor, 'export.run');
  const format = EXPORT_FORMATS.find((f) => f === rawFormat);
  if (!format) throw new ValidationError({ format: EXPORT_MSG.formatInvalid }, EXPORT_MSG.formatInvalid);
  const { from, to } = parseInput(periodInput, { from: rawFrom, to: rawTo });
  const db = clubDb(ctx);
  const allocations = await db.paymentAllocation.findMany({
    where: { clubId: actor.clubId, payment: { paidOn: { gte: new Date(`${from}T00:00:00Z`), lte: new Date(`${to}T00:00:00Z`) } } },
    include: {
      payment: { include: { payer: { select: { firstname: true, lastname: true, taxIdCode: true } }, receipts: { where: { cancelledAt: null }, select: { number: true, year: true, personId: true } } } },
      charge: { select: { description: true, personId: true, person: { select: { firstname: true, lastname: true } } } },
    },
    orderBy: [{ payment: { paidOn: 'asc' } }, { payment: { createdAt: 'asc' } }, { id: 'asc' }],
    take: LEDGER_MAX_LINES,
  });
  const rows: ExportCell[][] = allocations.map((a) => {
    const receipt = a.payment.receipts.find((r) => r.personId === a.charge.personId);
    return [
      dateCell(a.payment.paidOn),
      a.payment.amountCents < 0 ? 'Rimborso' : 'Incasso',
      `${a.payment.payer.firstname} ${a.payment.payer.lastname}`,
      a.payment.payer.taxIdCode,
      PAYMENT_METHOD_LABELS[a.payment.method],
      a.payment.reference,
      a.amountCents / 100,
      `${a.charge.person.firstname} ${a.charge.person.lastname}`,
      a.charge.description,
      receipt ? `${receipt.number}/${receipt.year}` : null,
    ];
  });
  const writer = exportWriter(format, LEDGER_HEADERS, 'Prima nota');
  try {
    writer.add(rows);
    const body = await writer.finish();
    logExport(ctx, { entityType: 'club', entityId: actor.clubId, detail: `Prima nota dal ${from} al ${to} (${rows.length} righe, ${format.toUpperCase()})` });
    return { filename: `prima-nota-${from}-${to}.${format}`, format, body, lines: rows.length };
  } finally {
    writer.close();
  }
}
