// `@db.Date` columns: Prisma hands them over as midnight UTC, and takes a calendar day the same way. One pair of
// conversions for the services and faces that read and write them as YYYY-MM-DD.

/** YYYY-MM-DD of a date column's value (null stays null). */
export const dayOf = (d: Date | null | undefined): string | null => (d ? d.toISOString().slice(0, 10) : null);

/** A calendar day (YYYY-MM-DD) as a date column's value. */
export const dateColumn = (day: string): Date => new Date(`${day}T00:00:00.000Z`);
