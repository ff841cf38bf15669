// The treasurer's numbers and words (client/src/features/fees/fees-labels.ts): euro typed the Italian way read into
// cents, cents shown back for editing, a charge's state on a day, the months of the chart, the plans' discount line.
import { describe, expect, it } from 'vitest';
import { chargeState, discountLine, euro, euroInput, longMonth, parseEuro, peopleCount, receiptFilename, shortMonth } from '../../client/src/features/fees/fees-labels';

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
});
