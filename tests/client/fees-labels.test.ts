// The treasurer's numbers and words (client/src/features/fees/fees-labels.ts): euro typed the Italian way read into
// cents, cents shown back for editing, a charge's state on a day, the months of the chart, the plans' discount lines,
// the early-payment offer, the reminders' days in words and as the settings form holds them, IBANs in groups.
import { describe, expect, it } from 'vitest';
import {
  chargeState,
  discountLine,
  earlyOfferText,
  earlyPaymentLine,
  euro,
  euroInput,
  groupedCode,
  italianMoment,
  longMonth,
  parseEuro,
  peopleCount,
  receiptFilename,
  reminderDayLabel,
  reminderDaysSentence,
  reminderOffsetOf,
  reminderRowOf,
  shortMonth,
} from '../../client/src/features/fees/fees-labels';

describe('fees labels', () => {
  it('reads euro as the treasurer types them into cents', () => {
    expect(parseEuro('150')).toBe(15000);
    expect(parseEuro('150,50')).toBe(15050);
    expect(parseEuro('150,5')).toBe(15050);
    expect(parseEuro(' 1.234,56 € ')).toBe(123456);
    expect(parseEuro('1.234')).toBe(123400);
    expect(parseEuro('12.50')).toBe(1250);
    expect(parseEuro('€ 0,99')).toBe(99);
    expect(parseEuro('')).toBeNull();
    expect(parseEuro('   ')).toBeNull();
    for (const bad of ['abc', '-5', '1,234', '12,345', '1.23.4', '1,2,3']) expect(parseEuro(bad), bad).toBeNaN();
  });

  it('shows cents back for editing, and as euro the Italian way', () => {
    expect(euroInput(15000)).toBe('150');
    expect(euroInput(15050)).toBe('150,50');
    expect(euroInput(5)).toBe('0,05');
    for (const cents of [1, 99, 15050, 123456]) expect(parseEuro(euroInput(cents))).toBe(cents);
    expect(euro(123450)).toBe('1.234,50 €');
    expect(euro(15000)).toBe('150,00 €');
  });

  it("says where a charge stands on a day: cancelled, paid, overdue or to pay", () => {
    const today = '2026-11-15';
    expect(chargeState({ cancelled: true, openCents: 100, dueOn: '2026-10-01' }, today)).toBe('annullato');
    expect(chargeState({ cancelled: false, openCents: 0, dueOn: '2026-10-01' }, today)).toBe('pagato');
    expect(chargeState({ cancelled: false, openCents: 100, dueOn: '2026-11-14' }, today)).toBe('scaduto');
    expect(chargeState({ cancelled: false, openCents: 100, dueOn: '2026-11-15' }, today)).toBe('da_pagare');
  });

  it('names months, discounts, people and receipt files in Italian', () => {
    expect(shortMonth('2026-09')).toBe('set 26');
    expect(longMonth('2027-01')).toBe('gennaio 2027');
    expect(discountLine({ secondChildPercent: 10, thirdChildPercent: 20 })).toBe('2° figlio −10%, dal 3° figlio −20%');
    expect(discountLine({ secondChildPercent: 0, thirdChildPercent: 0 })).toBeNull();
    expect(peopleCount(1)).toBe('1 persona');
    expect(peopleCount(3)).toBe('3 persone');
    expect(receiptFilename('12/2026')).toBe('ricevuta-12-2026.pdf');
  });

  it('says the early-payment discount of a plan and what a family saves with it', () => {
    expect(earlyPaymentLine({ earlyPaymentPercent: 5, earlyPaymentBy: '2026-09-30' })).toBe('pagamento anticipato −5% entro il 30/09/2026');
    expect(earlyPaymentLine({ earlyPaymentPercent: 0, earlyPaymentBy: null })).toBeNull();
    expect(earlyOfferText({ planName: 'Corso Under 12', percent: 5, until: '2026-09-30', discountCents: 1800, payCents: 34200 })).toBe(
      "Corso Under 12: se paga 342,00 € in un'unica soluzione entro il 30/09/2026, risparmia 18,00 € (−5%)",
    );
  });

  it("says the reminders' days in words and reads them back from the form's rows", () => {
    expect(reminderDayLabel(-7)).toBe('7 giorni prima della scadenza');
    expect(reminderDayLabel(-1)).toBe('1 giorno prima della scadenza');
    expect(reminderDayLabel(0)).toBe('il giorno della scadenza');
    expect(reminderDayLabel(30)).toBe('30 giorni dopo la scadenza');
    expect(reminderDaysSentence([30, -7, 0])).toBe('7 giorni prima della scadenza, il giorno della scadenza e 30 giorni dopo');
    expect(reminderDaysSentence([7])).toBe('7 giorni dopo la scadenza');
    for (const offset of [-60, -7, 0, 1, 120]) expect(reminderOffsetOf(reminderRowOf(offset))).toBe(offset);
    expect(reminderRowOf(-7)).toEqual({ when: 'prima', days: '7' });
    expect(reminderOffsetOf({ when: 'giorno', days: 'x' })).toBe(0);
    for (const bad of ['', 'sette', '-3', '1,5', '1000']) expect(reminderOffsetOf({ when: 'dopo', days: bad }), bad).toBeNaN();
  });

  it('writes an instant as the club reads it, and IBANs in groups of four', () => {
    expect(italianMoment('2026-09-10T08:05:00Z')).toBe('10/09/2026 alle 10:05');
    expect(groupedCode('IT60X0542811101000000123456')).toBe('IT60 X054 2811 1010 0000 0123 456');
    expect(groupedCode(' it60 x054 ')).toBe('it60 x054');
  });
});
