// The notices' words (client/src/features/notices/notices-labels.ts): whom a recipient receives for (only when not
// themselves), the recipients counted, moments and days in Italian in the club's time, the call-up's day from the
// address checked.
import { describe, expect, it } from 'vitest';
import { NOTICE_MSG } from '../../schema/messages-notices';
import { dayLabel, deliveryHint, deliveryLabel, forLabel, isDay, moment, parseClockTime, recipientsLabel, sentLabel, statusLabel } from '../../client/src/features/notices/notices-labels';
import { deliveryNote, scheduledInstant, scheduleProblem } from '../../client/src/features/notices/notice-when';

describe('notices labels', () => {
  it('names whom a guardian receives for, and nothing for an adult receiving for themselves', () => {
    expect(forLabel('Anna Rossi', 'Luca Rossi, Sara Rossi')).toBe('per Luca Rossi, Sara Rossi');
    expect(forLabel('Ada Adulta', 'Ada Adulta')).toBeNull();
    expect(forLabel('Ada Adulta', ' ')).toBeNull();
  });

  it('counts the recipients', () => {
    expect(recipientsLabel(1)).toBe('1 destinatario');
    expect(recipientsLabel(0)).toBe('0 destinatari');
    expect(recipientsLabel(12)).toBe('12 destinatari');
  });

  it('writes moments in the club time zone', () => {
    // 08:05 UTC is 10:05 in Rome in September (summer time)
    expect(moment('2026-09-10T08:05:00Z')).toBe('10 set 2026, 10:05');
    expect(moment(null)).toBe('—');
    expect(sentLabel('2026-09-10T08:05:00Z')).toBe('giovedì 10 settembre 2026 alle 10:05');
    // late in the evening UTC is already the next day in Italy
    expect(sentLabel('2026-01-31T23:30:00Z')).toBe('domenica 1 febbraio 2026 alle 00:30');
    expect(dayLabel('2026-09-20')).toBe('domenica 20 settembre 2026');
  });

  it('accepts only a real YYYY-MM-DD day from the address', () => {
    expect(isDay('2026-09-20')).toBe('2026-09-20');
    expect(isDay('2026-13-40')).toBeNull();
    expect(isDay('20/09/2026')).toBeNull();
    expect(isDay(null)).toBeNull();
  });
});

describe('notices: status, delivery, times', () => {
  it('says each notice status and each mail state in Italian', () => {
    expect(statusLabel({ status: 'programmato', deliverAt: '2026-09-11T05:00:00Z' })).toBe('Programmato per 11 set 2026, 07:00');
    expect(statusLabel({ status: 'inviato', deliverAt: '2026-09-10T08:05:00Z', sentAt: '2026-09-10T08:05:00Z' })).toBe('Inviato il 10 set 2026, 10:05');
    expect(statusLabel({ status: 'annullato', deliverAt: '2026-09-10T08:05:00Z' })).toBe('Annullato');
    expect(deliveryLabel('inviata').label).toBe('Email inviata');
    expect(deliveryLabel('non_recapitata').label).toBe('Non recapitata');
    expect(deliveryLabel('senza_email').label).toBe('Senza email: solo nell’area personale');
    expect(deliveryLabel('disiscritto').label).toBe('Non vuole avvisi per e-mail');
    expect(deliveryLabel('bloccato').label).toBe('Indirizzo bloccato');
    // a bounce is non_recapitata with bouncedAt: said apart from a mail given up
    expect(deliveryLabel('non_recapitata', '2026-09-10T08:05:00Z').label).toBe('Tornata indietro');
    expect(deliveryLabel('non_recapitata', null).label).toBe('Non recapitata');
    expect(deliveryLabel('inviata', '2026-09-10T08:05:00Z').label).toBe('Email inviata');
  });

  it('sums up the mails not delivered, each figure only when there is one', () => {
    const none = { queued: 0, failed: 0, bounced: 0, skipped: 0, withoutEmail: 0, waiting: 0 };
    expect(deliveryHint(none)).toBeUndefined();
    expect(deliveryHint({ ...none, queued: 2, failed: 1, withoutEmail: 1 })).toBe('2 in invio · 1 non recapitata · 1 senza email');
    // bounces are counted in failed too: said once each
    expect(deliveryHint({ ...none, failed: 3, bounced: 1 })).toBe('2 non recapitate · 1 tornata indietro');
    expect(deliveryHint({ ...none, failed: 2, bounced: 2, skipped: 1 })).toBe('2 tornate indietro · 1 non inviata (avvisi disattivati o indirizzo bloccato)');
    expect(deliveryHint({ ...none, skipped: 3, waiting: 1 })).toBe('1 in attesa · 3 non inviate (avvisi disattivati o indirizzo bloccato)');
  });

  it('reads a time of the day', () => {
    expect(parseClockTime('22:00')).toBe(1320);
    expect(parseClockTime('7.30')).toBe(450);
    expect(parseClockTime(' ')).toBeNull();
    expect(parseClockTime('25:00')).toBeNaN();
    expect(parseClockTime('ore 7')).toBeNaN();
  });

  it('says when a notice will go, past the quiet hours unless urgent', () => {
    const quiet = { start: 1320, end: 420 };
    const now = new Date('2026-09-10T20:30:00Z'); // 22:30 in Rome
    expect(deliveryNote({ due: now, scheduled: false, urgent: false, quiet, now })).toBe('È notte per la società (ore di silenzio 22:00-07:00): partirà alle 07:00 di domani.');
    expect(deliveryNote({ due: now, scheduled: false, urgent: true, quiet, now })).toBe('È notte per la società (ore di silenzio 22:00-07:00): l’avviso è urgente e parte subito anche nelle ore di silenzio.');
    expect(deliveryNote({ due: now, scheduled: false, urgent: false, quiet: null, now })).toBe('Partirà subito.');
    const morning = new Date('2026-09-10T08:00:00Z');
    const at = scheduledInstant('2026-09-11', '18:30')!;
    expect(at.toISOString()).toBe('2026-09-11T16:30:00.000Z');
    expect(deliveryNote({ due: at, scheduled: true, urgent: false, quiet, now: morning })).toBe('Partirà alle 18:30 di domani.');
    expect(scheduledInstant('2026-09-11', '')).toBeNull();
    expect(scheduleProblem(new Date('2026-09-10T07:00:00Z'), morning)).toBe(NOTICE_MSG.sendAtPast);
    expect(scheduleProblem(new Date('2026-12-31T07:00:00Z'), morning)).toBe(NOTICE_MSG.sendAtTooFar(90));
    expect(scheduleProblem(at, morning)).toBeNull();
  });
});
