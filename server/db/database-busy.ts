// A crowd of requests can leave a write waiting for the database longer than it may (TRANSACTION_WAIT_MS): every
// PostgreSQL connection of the pool busy, or PGlite's one session taken. Prisma then gives up with its own error
// ("Transaction API error: Unable to start a transaction in the given time", P2028), and pg with "timeout exceeded
// when trying to connect". Nothing was written, so these are not the server's failures but "try again shortly": each
// face turns them into ServiceBusyError (503 with Retry-After) through appErrorOf, instead of a masked 500.
import { AppError, ServiceBusyError } from '../lib/errors';
import type { PrismaLikeError } from './sql-state';

/** Prisma's transaction manager: no connection (or turn) within maxWait, or the transaction outlived its timeout. */
const TRANSACTION_NOT_SERVED = /Unable to start a transaction in the given time|cannot be executed on an expired transaction/;
/** pg's pool: no connection within connectionTimeoutMillis (a read waiting outside any transaction). */
const POOL_TIMEOUT = /timeout exceeded when trying to connect/;

export function isDatabaseBusy(error: unknown): boolean {
  const { code, message } = (error ?? {}) as PrismaLikeError & { message?: unknown };
  if (typeof message !== 'string') return false;
  return (code === 'P2028' && TRANSACTION_NOT_SERVED.test(message)) || POOL_TIMEOUT.test(message);
}

/**
 * The expected error `error` stands for, as the faces report it: itself when it is one, ServiceBusyError (with the
 * database's error as its cause) when the database was too busy to take the request; otherwise undefined (a failure).
 */
export function appErrorOf(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (isDatabaseBusy(error)) return Object.assign(new ServiceBusyError(), { cause: error });
  return undefined;
}
