// Read replicas of the PostgreSQL database (DATABASE_REPLICA_URLS). Prisma's maintained extension
// (@prisma/extension-read-replicas) does the routing: on a client it extends, model reads made outside a transaction
// (findUnique, findFirst, findMany and their OrThrow forms, count, aggregate, groupBy) run on a replica picked at
// random; writes, interactive and batch transactions (reads inside them too) and raw SQL ($queryRaw, $executeRaw:
// it cannot tell a raw read from a raw write) stay on the primary.
//
// The extension must be the last layer of a client: it answers a read by calling the replica's own client, so a
// query extension added after it would never run for reads. It is therefore applied on top of a request's
// club-scoped client (access/request-db.ts), never under it: the club is already in the `where` it sends to the
// replica. Which requests use it, and read-your-writes, are decided there and in docs/operations.md, "Read replicas".
import { readReplicas } from '@prisma/extension-read-replicas';
import type { PrismaClient } from '../generated/prisma/client.js';

/**
 * After a request of a session that may write, that session's reads stay on the primary this long, so that a list
 * asked right after a save shows the save even if a replica lags behind (as Rails' database selector does, 2 s
 * there). Per process: another instance behind the same load balancer does not know of the write.
 */
export const READ_YOUR_WRITES_MS = 5_000;

/** Sessions remembered at most (the oldest go first); one whose window has passed is forgotten anyway. */
const MAX_WRITERS = 100_000;

export interface ReadReplicas {
  /** `client` with its reads outside transactions served by a replica: only ever the last layer of a client. */
  route(client: PrismaClient): PrismaClient;
  /** `who` (a session) is writing or has just written: its reads stay on the primary for READ_YOUR_WRITES_MS. */
  wrote(who: string): void;
  /** Whether `who`'s reads may go to a replica now (no write of theirs within READ_YOUR_WRITES_MS). */
  mayServe(who: string | undefined): boolean;
  /** Closes the replicas' connections. */
  close(): Promise<void>;
}

/** `replicas`: one client per replica, each on its own connection pool. */
export function createReadReplicas(replicas: PrismaClient[], now: () => number = Date.now): ReadReplicas {
  const extension = readReplicas({ replicas: replicas as never });
  const lastWrite = new Map<string, number>();
  return {
    route: (client) => client.$extends(extension) as unknown as PrismaClient,
    wrote(who) {
      lastWrite.delete(who); // re-inserted as the newest
      lastWrite.set(who, now());
      if (lastWrite.size > MAX_WRITERS) lastWrite.delete(lastWrite.keys().next().value!);
    },
    mayServe(who) {
      if (who === undefined) return true;
      const at = lastWrite.get(who);
      if (at === undefined) return true;
      if (now() - at < READ_YOUR_WRITES_MS) return false;
      lastWrite.delete(who);
      return true;
    },
    close: async () => {
      await Promise.all(replicas.map((replica) => replica.$disconnect()));
    },
  };
}
