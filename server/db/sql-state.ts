// Reading a database error raised through Prisma's driver adapters (PGlite or pg): shared by the refusal
// translations (input-refusals.ts, statement-timeout.ts), so neither imports the other.

export interface PrismaLikeError {
  name?: string;
  code?: string;
  meta?: { driverAdapterError?: { cause?: { originalCode?: string; code?: string } } };
}

/** The SQLSTATE behind a Prisma error raised through a driver adapter (PGlite or pg), when there is one. */
export function sqlStateOf(error: unknown): string | undefined {
  const cause = (error as PrismaLikeError)?.meta?.driverAdapterError?.cause;
  return cause?.originalCode ?? cause?.code;
}

/** A unique constraint refused the write (Prisma's P2002): a race or a duplicate the service turns into a ConflictError. */
export const isUniqueViolation = (error: unknown): boolean => (error as PrismaLikeError | null)?.code === 'P2002';
