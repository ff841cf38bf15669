// Dates written in Italian prose (the certificate reminders' mails). A date column holds a calendar day at UTC
// midnight (lib/date-columns.ts), hence the UTC zone: the day written is the day stored.

const LONG_DATE = new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', dateStyle: 'long' });

/** "31 marzo 2027", "1 marzo 2027": the day as a number, the month's name in lower case. */
export const longDate = (d: Date): string => LONG_DATE.format(d);

/**
 * "il 31 marzo 2027", "l'8 marzo 2027", "l'11 marzo 2027": the article as Italian elides it before a vowel sound,
 * i.e. before "otto" and "undici" (no other day of a month starts with one; "il 1 marzo" is read "il primo").
 */
export const onDate = (d: Date): string => `${[8, 11].includes(d.getUTCDate()) ? "l'" : 'il '}${longDate(d)}`;
