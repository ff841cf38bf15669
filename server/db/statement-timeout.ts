// On PostgreSQL the app's queries run under `statement_timeout` (STATEMENT_TIMEOUT_MS, a setting of the runtime
// pool in adapters.ts; the migration engine has its own pool without it). A statement the server cancels is a
// refusal of that request, QueryTimeoutError (400 with an Italian message on both faces), never a 500.
// PGlite accepts `SET statement_timeout` but never fires it: it runs inside this process's thread, with no timer
// that could interrupt a statement. There the query limits (server/graphql/limits.ts) bound what one request asks.
import { sqlStateOf } from './sql-state';

/** SQLSTATE query_canceled: statement_timeout (or an operator's pg_cancel_backend). */
const QUERY_CANCELED = '57014';

/** A statement the server cancelled: turned into QueryTimeoutError by input-refusals.ts translateDatabaseRefusals. */
export const isStatementTimeout = (error: unknown): boolean => sqlStateOf(error) === QUERY_CANCELED;
