// Search boxes go into Prisma `contains` (a LIKE pattern).
/** A search word as a LIKE literal: `%`, `_` and `\` typed by the user match themselves (Prisma's contains doesn't escape them). */
export const likeLiteral = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);
