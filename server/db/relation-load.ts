// How Prisma loads the relations a query selects. With the schema's `relationJoins` preview feature, Prisma's
// default becomes one statement per query (LATERAL joins building JSON); the app keeps Prisma's former way (one
// statement per relation, batched) everywhere, and the queries that measured better with joins ask for them
// themselves (`relationLoadStrategy: 'join'`: the people list opened on a whole kind, where a page with its profile,
// certificate and groups went from 5 statements to 1; a searched or filtered list is cut first, then joined by its
// ids: see findPeoplePage).
import type { PrismaClient } from '../generated/prisma/client.js';

/** The operations that take `relationLoadStrategy`. */
const LOADING_RELATIONS = new Set(['findUnique', 'findUniqueOrThrow', 'findFirst', 'findFirstOrThrow', 'findMany', 'create', 'update', 'upsert', 'delete']);

/** The same client, whose queries load relations by separate statements unless they ask for joins. */
export function relationsByQueryUnlessAsked(prisma: PrismaClient): PrismaClient {
  return prisma.$extends({
    query: {
      $allModels: {
        $allOperations({ operation, args, query }) {
          if (LOADING_RELATIONS.has(operation)) {
            const a = (args ?? {}) as { relationLoadStrategy?: string };
            if (a.relationLoadStrategy === undefined) return query({ ...a, relationLoadStrategy: 'query' } as never);
          }
          return query(args);
        },
      },
    },
  }) as unknown as PrismaClient;
}
