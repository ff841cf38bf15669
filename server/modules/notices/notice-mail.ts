// The mail of a notice (issue 39 point 2): text and HTML, in the club's name and colour, with the recipient's own
// link to read it (and to confirm the reading of an urgent one) without signing in.

export interface NoticeMailInput {
  clubName: string;
  /** The club's primary colour as stored (a CSS hex colour, or anything else: then the product's own). */
  clubColor: string | null;
  title: string;
  body: string;
  urgent: boolean;
  recipientName: string;
  /** The people of the audience the recipient receives for, when not (only) themselves. */
  forNames: string | null;
  link: string;
  /** The reminder of an urgent notice not yet confirmed. */
  reminder?: boolean;
  /** The page that turns notices by e-mail off (none for a required notice). */
  unsubscribeLink?: string | null;
  /** Linked, not attached: thousands of copies of a few MB would weigh on every mailbox and on the SMTP server. */
  attachments?: Array<{ filename: string; url: string }>;
}

const UNSUBSCRIBE_TEXT = 'Non vuoi più ricevere per e-mail gli avvisi non obbligatori?';

const DEFAULT_COLOR = '#1d4ed8';
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

export function noticeMail(m: NoticeMailInput): { subject: string; text: string; html: string } {
  const wrote = m.forNames ? `${m.clubName} ti scrive per ${m.forNames}.` : `${m.clubName} ti scrive.`;
  const intro = m.reminder ? `${wrote} Non hai ancora confermato di aver letto questo avviso.` : wrote;
  const action = m.urgent ? 'Conferma di aver letto questo avviso' : "Leggi l'avviso online";
  const files = m.attachments ?? [];
  const color = m.clubColor && /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(m.clubColor) ? m.clubColor : DEFAULT_COLOR;
  const paragraphs = m.body
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return {
    subject: `${m.reminder ? 'Promemoria: ' : ''}${m.urgent ? 'URGENTE: ' : ''}${m.title} · ${m.clubName}`,
    text: [`Gentile ${m.recipientName},`, '', intro, '', m.title, '', m.body, '',
      ...(files.length ? ['Allegati:', ...files.map((f) => `- ${f.filename}: ${f.url}`), ''] : []),
      `${action}: ${m.link}`, '', m.clubName,
      ...(m.unsubscribeLink ? ['', `${UNSUBSCRIBE_TEXT} Disiscriviti: ${m.unsubscribeLink}`] : [])].join('\n'),
    html: `<!doctype html><html lang="it"><body style="margin:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${color};color:#ffffff;padding:16px 20px;font-size:18px;font-weight:bold">${escapeHtml(m.clubName)}</td></tr>
<tr><td style="padding:20px">
${m.urgent ? '<p style="margin:0 0 12px;color:#b91c1c;font-weight:bold">URGENTE</p>' : ''}
<p style="margin:0 0 12px">Gentile ${escapeHtml(m.recipientName)},<br>${escapeHtml(intro)}</p>
<h1 style="margin:0 0 12px;font-size:20px">${escapeHtml(m.title)}</h1>
${paragraphs}
${files.length ? `<p style="margin:12px 0 4px;font-weight:bold">Allegati</p><ul style="margin:0 0 12px;padding-left:20px">${files.map((f) => `<li><a href="${escapeHtml(f.url)}" style="color:${color}">${escapeHtml(f.filename)}</a></li>`).join('')}</ul>` : ''}
<p style="margin:20px 0 0"><a href="${escapeHtml(m.link)}" style="display:inline-block;background:${color};color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:bold">${action}</a></p>
</td></tr>${m.unsubscribeLink ? `
<tr><td style="padding:12px 20px;font-size:12px;color:#52525b;border-top:1px solid #e4e4e7">${UNSUBSCRIBE_TEXT} <a href="${escapeHtml(m.unsubscribeLink)}" style="color:#52525b">Disiscriviti</a></td></tr>` : ''}</table></td></tr></table></body></html>`,
  };
}
