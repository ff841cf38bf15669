// How mail reaching a person is said (client/src/components/mail-status/mail-status-labels.ts): the staff's alert on a
// blocked address with the last failure and its day, the person's own, and the notes shown only when they apply.
import { describe, expect, it } from 'vitest';
import { lastFailureLine, ownBlockedText, staffBlockedText, staffMailNotes, type MailStatusView } from '../../client/src/components/mail-status/mail-status-labels';

const fine: MailStatusView = {
  personId: 'p1',
  email: 'ada@example.it',
  noticesByEmail: true,
  blocked: false,
  blockedAt: null,
  failures: 0,
  lastFailure: null,
  lastFailureAt: null,
  lastFailurePermanent: null,
  complainedAt: null,
};
const blocked: MailStatusView = {
  ...fine,
  blocked: true,
  blockedAt: '2026-09-10T08:05:00Z',
  failures: 3,
  lastFailure: '550 5.1.1 User unknown',
  lastFailureAt: '2026-09-10T08:05:00Z',
  lastFailurePermanent: true,
};

describe('mail status labels', () => {
  it('says a blocked address with its failures and the last one, to the staff and to the person', () => {
    expect(lastFailureLine(blocked)).toBe('550 5.1.1 User unknown, 10 settembre 2026');
    expect(staffBlockedText(blocked)).toBe('Indirizzo e-mail bloccato: 3 mancate consegne (ultima: 550 5.1.1 User unknown, 10 settembre 2026).');
    expect(staffBlockedText({ ...blocked, lastFailure: null, lastFailureAt: null })).toBe('Indirizzo e-mail bloccato: 3 mancate consegne.');
    expect(ownBlockedText(blocked)).toBe("Le e-mail a questo indirizzo non arrivano: 550 5.1.1 User unknown. Se hai risolto, sblocca l'indirizzo.");
  });

  it('notes only what applies: failures short of a block, a temporary one, notices by e-mail turned off', () => {
    expect(staffMailNotes(fine)).toEqual([]);
    expect(staffMailNotes(blocked)).toEqual([]);
    expect(staffMailNotes({ ...fine, failures: 1 })).toEqual(['La posta a questo indirizzo non è stata recapitata 1 volta']);
    expect(staffMailNotes({ ...fine, failures: 2, lastFailurePermanent: false })).toEqual([
      'La posta a questo indirizzo non è stata recapitata 2 volte',
      'Ultima mancata consegna temporanea (es. casella piena)',
    ]);
    expect(staffMailNotes({ ...fine, noticesByEmail: false })).toEqual(['Non riceve gli avvisi non obbligatori per e-mail']);
    expect(staffMailNotes({ ...fine, noticesByEmail: false, complainedAt: '2026-09-10T08:05:00Z' })).toEqual(['Non riceve gli avvisi non obbligatori per e-mail su segnalazione di spam']);
  });
});
