// Whether a form holds unsaved changes (client/src/lib/use-is-dirty.ts): the deep comparison the forms use, and the
// hook keeping the values the form opened with. Node environment: the hook is rendered with react-dom/server.
import { createElement, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sameFormValue, useIsDirty } from '../../client/src/lib/use-is-dirty';

describe('sameFormValue', () => {
  it("treats '', null and undefined alike, and nothing else as blank", () => {
    expect(sameFormValue('', null)).toBe(true);
    expect(sameFormValue(undefined, '')).toBe(true);
    expect(sameFormValue(null, undefined)).toBe(true);
    expect(sameFormValue('', ' ')).toBe(false);
    expect(sameFormValue(null, 0)).toBe(false);
    expect(sameFormValue('', false)).toBe(false);
    expect(sameFormValue('0', 0)).toBe(false);
  });

  it('compares plain objects key by key, at any depth, a missing key being blank', () => {
    const opened = { name: 'Under 12', profile: { phone: null, address: { city: 'Torino', zip: '' } }, notes: undefined };
    expect(sameFormValue(opened, { name: 'Under 12', profile: { phone: '', address: { city: 'Torino' } }, notes: '' })).toBe(true);
    expect(sameFormValue(opened, { name: 'Under 12', profile: { phone: '', address: { city: 'Torino', zip: '10100' } } })).toBe(false);
    expect(sameFormValue(opened, { ...opened, name: 'Under 13' })).toBe(false);
    expect(sameFormValue({ a: 1 }, { a: 1, b: 'x' })).toBe(false);
    expect(sameFormValue({ a: 1 }, { a: 1, b: '' })).toBe(true);
  });

  it('compares arrays item by item, order included', () => {
    expect(sameFormValue(['g1', 'g2'], ['g1', 'g2'])).toBe(true);
    expect(sameFormValue(['g1', 'g2'], ['g2', 'g1'])).toBe(false);
    expect(sameFormValue(['g1'], ['g1', 'g2'])).toBe(false);
    expect(sameFormValue([], null)).toBe(false);
    expect(sameFormValue([{ id: 1, note: null }], [{ id: 1, note: '' }])).toBe(true);
  });

  it('booleans, numbers and dates by value; a file (not a plain object) only when it is the same one', () => {
    expect(sameFormValue(true, true)).toBe(true);
    expect(sameFormValue(true, false)).toBe(false);
    expect(sameFormValue(Number.NaN, Number.NaN)).toBe(true);
    expect(sameFormValue(new Date('2026-11-26'), new Date('2026-11-26'))).toBe(true);
    expect(sameFormValue(new Date('2026-11-26'), new Date('2026-11-27'))).toBe(false);
    const file = new File(['a'], 'a.pdf');
    expect(sameFormValue({ file: null }, { file })).toBe(false);
    expect(sameFormValue({ file }, { file })).toBe(true);
    expect(sameFormValue({ file }, { file: new File(['a'], 'a.pdf') })).toBe(false);
    expect(sameFormValue(new Map(), new Map())).toBe(false);
  });
});

describe('useIsDirty', () => {
  function render(probe: () => void) {
    renderToString(
      createElement(() => {
        probe();
        return null;
      }),
    );
  }

  it('false while the values are the ones the form opened with, true once they differ', () => {
    const seen: boolean[] = [];
    render(() => {
      seen.push(useIsDirty({ name: '', type: null }, { name: null, type: '' }));
    });
    render(() => {
      seen.push(useIsDirty({ name: '', groupIds: [] }, { name: 'Direttivo', groupIds: [] }));
    });
    expect(seen).toEqual([false, true]);
  });

  it('keeps the values of the first render: a later `initial` does not make typed values clean', () => {
    const seen: boolean[] = [];
    function Probe() {
      const [step, setStep] = useState(0);
      // The caller recomputes its initial values from what it shows now: the hook ignores them after opening.
      const now = step === 0 ? { name: '' } : step === 1 ? { name: 'Under 12' } : { name: '' };
      seen.push(useIsDirty(now, now));
      // Render-phase updates: react-dom/server renders the component again with the new state.
      if (step < 2) setStep(step + 1);
      return null;
    }
    renderToString(createElement(Probe));
    expect(seen).toEqual([false, true, false]);
  });
});
