// Group channels' pure helpers (client/src/components/channels/channel-labels.ts and channel-files.ts): how long ago, a
// message's time on the club's clock, where "Nuovi messaggi" goes, the older pages joined to the newest, and the text
// and files checked with the server's own messages.
import { describe, expect, it } from 'vitest';
import { attachmentsProblem, bodyProblem } from '../../client/src/components/channels/channel-files';
import { firstNewIndex, joinPages, messageTime, previewText, relativeTime, unreadLabel } from '../../client/src/components/channels/channel-labels';
import { MSG } from '../../schema/messages';
import { CHANNEL_MSG } from '../../schema/messages-channels';

// 10 September 2026, 10:00 in Rome (08:00 UTC)
const NOW = new Date('2026-09-10T08:00:00Z');

describe('relativeTime', () => {
  it('counts minutes and hours today, then says ieri, then the day', () => {
    expect(relativeTime('2026-09-10T07:59:40Z', NOW)).toBe('adesso');
    expect(relativeTime('2026-09-10T07:55:00Z', NOW)).toBe('5 min fa');
    expect(relativeTime('2026-09-10T07:00:00Z', NOW)).toBe('1 ora fa');
    expect(relativeTime('2026-09-09T22:30:00Z', NOW)).toBe('9 ore fa'); // 00:30 in Rome: today
    expect(relativeTime('2026-09-09T21:30:00Z', NOW)).toBe('ieri'); // 23:30 in Rome
    expect(relativeTime('2026-09-01T10:00:00Z', NOW)).toBe('1 set');
    expect(relativeTime('2025-12-24T10:00:00Z', NOW)).toBe('24 dic 2025');
  });
});

describe('messageTime', () => {
  it('names today and yesterday, else the day, with the Rome time', () => {
    expect(messageTime('2026-09-10T07:15:00Z', NOW)).toBe('oggi, 09:15');
    expect(messageTime('2026-09-09T16:30:00Z', NOW)).toBe('ieri, 18:30');
    expect(messageTime('2026-09-07T16:30:00Z', NOW)).toBe('7 set, 18:30');
  });
});

describe('labels', () => {
  it('counts the new messages and previews the last one on one line', () => {
    expect(unreadLabel(1)).toBe('1 nuovo');
    expect(unreadLabel(4)).toBe('4 nuovi');
    expect(previewText({ body: 'Ciao\n  a tutti', hidden: false })).toBe('Ciao a tutti');
    expect(previewText({ body: 'qualcosa', hidden: true })).toBe('Messaggio nascosto');
  });
});

describe('the conversation', () => {
  const m = (id: string, at: string, mine = false) => ({ id, createdAt: at, mine });
  const messages = [m('a', '2026-09-10T07:00:00Z'), m('b', '2026-09-10T07:10:00Z', true), m('c', '2026-09-10T07:20:00Z'), m('d', '2026-09-10T07:30:00Z')];

  it('puts "Nuovi messaggi" before the first message of someone else after the read mark', () => {
    expect(firstNewIndex(messages, '2026-09-10T07:05:00Z')).toBe(2);
    expect(firstNewIndex(messages, '2026-09-10T07:30:00Z')).toBe(-1);
    expect(firstNewIndex(messages, null)).toBe(0);
    expect(firstNewIndex([m('x', '2026-09-10T07:00:00Z', true)], null)).toBe(-1);
  });

  it('joins the older pages to the newest, each message once', () => {
    expect(joinPages([messages[0], messages[1]], [messages[1], messages[2]]).map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(joinPages([], messages).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('the composer', () => {
  const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

  it('wants a text of at most 4000 characters', () => {
    expect(bodyProblem('   ')).toBe(CHANNEL_MSG.bodyRequired);
    expect(bodyProblem('x'.repeat(4001))).toBe(CHANNEL_MSG.bodyTooLong(4000));
    expect(bodyProblem('Ciao')).toBeUndefined();
  });

  it('takes up to 5 PDFs or images, 10 MB together, in the server words', () => {
    expect(attachmentsProblem([file('a.pdf', 'application/pdf', 1000)])).toBeUndefined();
    expect(attachmentsProblem([file('note.txt', 'text/plain', 10)])).toBe(`note.txt: ${MSG.fileTypeNotAllowed}`);
    expect(attachmentsProblem(Array.from({ length: 6 }, (_, i) => file(`${i}.png`, 'image/png', 10)))).toBe(CHANNEL_MSG.tooManyAttachments(5));
    const big = 4 * 1024 * 1024;
    expect(attachmentsProblem([file('1.pdf', 'application/pdf', big), file('2.pdf', 'application/pdf', big), file('3.pdf', 'application/pdf', big)])).toBe(CHANNEL_MSG.attachmentsTooLarge(10));
  });
});
