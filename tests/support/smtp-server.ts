// A real SMTP server on a loopback port for the tests that follow mail out of the app (SMTP_URL pointing at it):
// every message it accepts, with its envelope recipients and raw text.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { decodeEncodedWords, decodeQuotedPrintable } from './test-app';

export interface ReceivedMail {
  to: string[];
  /** The envelope's sender (MAIL FROM): where a bounce would go. */
  from: string;
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** A received mail's subject and text, decoded as nodemailer encodes them (encoded words, quoted-printable). */
export function readMail(mail: ReceivedMail): { subject: string; text: string } {
  const raw = mail.raw.replace(/\r\n/g, '\n');
  const [head, ...body] = raw.split('\n\n');
  const unfolded = head.replace(/\n[ \t]+/g, ' ');
  return { subject: decodeEncodedWords(/^Subject: (.*)$/im.exec(unfolded)?.[1] ?? ''), text: decodeQuotedPrintable(body.join('\n\n')) };
}
