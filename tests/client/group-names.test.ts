// The Gruppi cell of imports and exports: names split on , or ; and a name holding one of them (or a quote) quoted
// as CSV quotes it, so every name the club can give a group survives an export and an import.
import { describe, expect, it } from 'vitest';
import { groupNames, joinGroupNames } from '../../schema/import-columns';

describe('groupNames / joinGroupNames', () => {
  it('splits on commas and semicolons, trims, drops blanks', () => {
    expect(groupNames(' Under 14, Esordienti ;Pulcini;; ')).toEqual(['Under 14', 'Esordienti', 'Pulcini']);
    expect(groupNames('')).toEqual([]);
  });

  it('reads a quoted name as one, with doubled quotes as one quote; a quote inside a plain name is kept', () => {
    expect(groupNames('"Under 16, misto"; Esordienti')).toEqual(['Under 16, misto', 'Esordienti']);
    expect(groupNames(' "Squadra ""A""; prima" , B')).toEqual(['Squadra "A"; prima', 'B']);
    expect(groupNames('D"Angelo, B')).toEqual(['D"Angelo', 'B']);
  });

  it('joins with ", " and quotes only the names that need it: every list reads back as itself', () => {
    expect(joinGroupNames(['Under 14', 'Esordienti'])).toBe('Under 14, Esordienti');
    const lists = [['Under 16, misto', 'Esordienti'], ['Squadra "A"; prima'], ['a;b', 'c,d', 'e"f'], ['Pulcini'], []];
    for (const names of lists) expect(groupNames(joinGroupNames(names))).toEqual(names);
  });
});
