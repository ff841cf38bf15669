// A file of new athletes for the people import, as a club would send it (CSV for Italian Excel, or XLSX): what the
// benchmarks that import (bench:import, bench:mixed) upload.
import * as XLSX from '@e965/xlsx';
import { importColumns } from '../../schema/import-columns';
import { createPeopleFactory } from '../../scripts/seed/fake-people';

/** A tesseramento list's and a libro soci's columns (issue 35 point 4): each athlete's card, admission and quota. */
const SEASON_HEADERS = ['Tessera n.', 'Ente', 'Data ammissione', 'Quota'];

/**
 * The athletes' file: the template's columns (Nome, Cognome, Codice fiscale, Sesso, Data di nascita...), `rows` new
 * plausible athletes (valid tax codes), the same for the same `rows`. With `cards`, also a card of the season
 * (number, body) and a register entry (admission date, quota) per athlete.
 */
export function athletesFile(rows: number, format: 'csv' | 'xlsx', { cards = false } = {}): Buffer {
  const headers = [...importColumns('athlete').map((c) => c.header), ...(cards ? SEASON_HEADERS : [])];
  const at = (key: string) => headers.indexOf(importColumns('athlete').find((c) => c.key === key)!.header);
  const factory = createPeopleFactory(rows);
  const table: Array<Array<string | null>> = [headers];
  for (let i = 0; i < rows; i++) {
    const p = factory.person({ minAge: 6, maxAge: 40 });
    const line: Array<string | null> = headers.map(() => null);
    const d = p.birthday;
    line[at('firstname')] = p.firstname;
    line[at('lastname')] = p.lastname;
    line[at('taxIdCode')] = p.taxIdCode;
    line[at('gender')] = p.typeGenderId === 1 ? 'M' : 'F';
    line[at('birthday')] = `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
    line[at('birthplace')] = p.birthplace;
    line[at('emailPrimary')] = p.emailPrimary;
    line[at('phonePrimary')] = p.phonePrimary;
    line[at('city')] = 'Roma';
    if (cards) line.splice(line.length - SEASON_HEADERS.length, SEASON_HEADERS.length, String(700_000 + i), 'UISP', '01/09/2020', '25,00');
    table.push(line);
  }
  if (format === 'csv') {
    const cell = (v: string | null) => (v === null ? '' : /[;"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    return Buffer.from(`\ufeff${table.map((r) => r.map(cell).join(';')).join('\r\n')}\r\n`);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(table), 'Dati');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
