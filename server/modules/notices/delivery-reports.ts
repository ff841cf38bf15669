// What comes back to the bounce address (issue 39 point 3), read: a delivery status notification (RFC 3464,
// multipart/report with a message/delivery-status part) or a complaint (RFC 5965, message/feedback-report). The MIME
// is parsed by mailparser; the report's own fields are header blocks, read here. Which of our mails it is about comes
// from the envelope's recipient (`bounce+<mail id>@…`, see lib/mail-outbox.ts) or from the returned headers'
// Message-ID (`<mail id@domain>`).
import { simpleParser, type Attachment } from 'mailparser';

export interface RecipientFailure {
  address: string;
  /** failed (given up) or delayed (still being tried). */
  action: string;
  /** The enhanced status code, e.g. 5.1.1. */
  status: string | null;
  /** The reason, as the remote server said it (or the status's meaning). */
  reason: string;
  /** Permanent: failed with a 5.x.x status, except a full mailbox (5.2.2), which may empty. */
  permanent: boolean;
}

export type DeliveryReport =
  | { kind: 'bounce'; mailIds: string[]; failures: RecipientFailure[] }
  | { kind: 'complaint'; mailIds: string[]; address: string | null; feedbackType: string };

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** RFC 822-style field blocks (separated by blank lines), each as a map of lower-case names to unfolded values. */
function fieldBlocks(text: string): Array<Map<string, string>> {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ')
    .split(/\n\s*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** `rfc822; someone@example.it` -> `someone@example.it`. */
const typedValue = (value: string | undefined) => (value ? value.replace(/^[\w-]+\s*;\s*/, '').replace(/^<|>$/g, '').trim() : '');

const STATUS_MEANINGS: Record<string, string> = {
  '5.1.1': 'indirizzo inesistente',
  '5.1.2': 'dominio inesistente',
  '5.2.1': 'casella disattivata',
  '5.2.2': 'casella piena',
  '4.2.2': 'casella piena',
  '5.7.1': 'rifiutato dal destinatario',
};

function failureOf(fields: Map<string, string>): RecipientFailure | null {
  const address = typedValue(fields.get('final-recipient') ?? fields.get('original-recipient'));
  const action = (fields.get('action') ?? '').toLowerCase();
  if (!address || (action !== 'failed' && action !== 'delayed')) return null;
  const status = /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(fields.get('status') ?? '')?.[1] ?? null;
  const diagnostic = typedValue(fields.get('diagnostic-code'));
  const reason = (diagnostic || (status && STATUS_MEANINGS[status]) || action).slice(0, 300);
  return { address: address.toLowerCase(), action, status, reason, permanent: action === 'failed' && !!status?.startsWith('5.') && status !== '5.2.2' };
}

const textOf = (part: Attachment) => part.content.toString('utf8');

const isUuid = (text: string) => UUID.exec(text)?.[0] === text;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Our mails' ids named by the envelope recipients (`bounce+<id>@`) and by the returned message's Message-ID
 * (`<id@domain>`, our domain only: the report's own Message-ID is the reporting server's).
 */
function mailIdsOf(envelopeTo: string[], raw: string, domain: string): string[] {
  const ids = new Set<string>();
  for (const rcpt of envelopeTo) {
    const verp = /\+([^@]+)@/.exec(rcpt)?.[1];
    if (verp && isUuid(verp)) ids.add(verp.toLowerCase());
  }
  const ours = new RegExp(`^message-id:\\s*<([^>@\\s]+)@${escapeRegExp(domain)}>`, 'gim');
  for (const match of raw.matchAll(ours)) if (isUuid(match[1])) ids.add(match[1].toLowerCase());
  return [...ids];
}

/**
 * Reads a returned mail (`domain`: our Message-IDs' domain, MAIL_FROM's); null when it is neither a delivery status
 * notification nor a complaint, or names no mail of ours.
 */
export async function readDeliveryReport(raw: Buffer, envelopeTo: string[], domain: string): Promise<DeliveryReport | null> {
  const text = raw.toString('utf8');
  const mailIds = mailIdsOf(envelopeTo, text, domain);
  if (!mailIds.length) return null;
  const parsed = await simpleParser(raw, { keepDeliveryStatus: true, skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true, maxHtmlLengthToParse: 100_000 });
  const parts = parsed.attachments ?? [];
  const status = parts.find((p) => /^message\/(global-)?delivery-status$/i.test(p.contentType));
  if (status) {
    const failures = fieldBlocks(textOf(status)).map(failureOf).filter((f): f is RecipientFailure => f !== null);
    return failures.length ? { kind: 'bounce', mailIds, failures } : null;
  }
  const feedback = parts.find((p) => /^message\/feedback-report$/i.test(p.contentType));
  if (feedback) {
    const fields = fieldBlocks(textOf(feedback))[0] ?? new Map<string, string>();
    const address = typedValue(fields.get('original-rcpt-to')) || null;
    return { kind: 'complaint', mailIds, address: address?.toLowerCase() ?? null, feedbackType: (fields.get('feedback-type') ?? 'abuse').toLowerCase() };
  }
  return null;
}
