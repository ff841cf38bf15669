// The bounce listener (issue 39 point 3): an SMTP server (smtp-server) on BOUNCE_SMTP_PORT, in the process that runs
// the jobs, where MAIL_BOUNCE_ADDRESS's domain delivers. It takes mail only for that address and its `+<mail id>`
// forms (every other recipient is refused: it relays nothing), at most MAX_REPORT_BYTES each, reads it
// (delivery-reports.ts) and records what it says (mail-bounces.ts). A report it cannot read is accepted and dropped
// (a sender would only retry it), logged; one the database could not take is refused for now (451).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { AppDeps } from '../../context';
import { readDeliveryReport } from './delivery-reports';
import { recordDeliveryReport } from './mail-bounces';

/** A delivery status notification quotes headers, at most the whole message: larger ones are refused. */
const MAX_REPORT_BYTES = 2 * 1024 * 1024;

export interface BounceListener {
  port: number;
  close(): Promise<void>;
}

/** The domain of MAIL_FROM, whose Message-IDs the outbox writes (`<id@domain>`). */
const messageIdDomain = (from: string) => /@([\w.-]+)/.exec(from)?.[1] ?? 'campobase.local';

export async function startBounceListener(deps: AppDeps, port: number, host: string): Promise<BounceListener> {
  const bounce = deps.config.mailBounceAddress?.toLowerCase();
  const [local, domain] = bounce ? bounce.split('@') : ['', ''];
  const accepts = (address: string) => {
    const [rcptLocal, rcptDomain] = address.toLowerCase().split('@');
    return rcptDomain === domain && (rcptLocal === local || rcptLocal.startsWith(`${local}+`));
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    banner: 'CampoBase bounces',
    size: MAX_REPORT_BYTES,
    maxClients: 20,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!bounce || !accepts(address.address)) return callback(Object.assign(new Error('Destinatario sconosciuto'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          return callback(Object.assign(new Error('Messaggio troppo grande'), { responseCode: 552 }));
        }
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        // Recorded before the answer: a report the database could not take is refused for now (451), so the
        // sending server tries it again later.
        void readDeliveryReport(Buffer.concat(chunks), envelopeTo, messageIdDomain(deps.config.mailFrom))
          .catch((err: unknown) => {
            deps.log.info({ err, envelopeTo }, 'bounce listener: a mail that could not be read, dropped');
            return null;
          })
          .then(async (report) => {
            if (!report) {
              deps.log.info({ envelopeTo }, 'bounce listener: a mail that is no report on a mail of ours, dropped');
              return callback();
            }
            const outcome = await recordDeliveryReport(deps, report);
            deps.log.info({ kind: report.kind, mailIds: report.mailIds, ...outcome }, 'bounce listener: report recorded');
            callback();
          })
          .catch((err: unknown) => {
            deps.log.warn({ err, envelopeTo }, 'bounce listener: report not recorded');
            callback(Object.assign(new Error('Riprova più tardi'), { responseCode: 451 }));
          });
      });
    },
  });
  server.on('error', (err) => deps.log.warn({ err }, 'bounce listener: connection error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  deps.log.info({ port: address.port, host }, 'bounce listener: ready');
  return { port: address.port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
