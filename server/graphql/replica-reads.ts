// GraphQL's side of the read replicas (db/read-replicas.ts): a query operation only reads, so its club-scoped reads
// may go to a replica; a mutation's do not (its payload is read back right after the write, from the primary), and
// it keeps its session on the primary for the next seconds (access/request-db.ts routeRequestReads).
import { getOperationAST, OperationTypeNode, type ExecutionArgs } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { routeRequestReads } from '../access/request-db';
import type { RequestContext } from '../context';

export function useReplicaReads(): Plugin {
  return {
    onExecute({ args }) {
      const { contextValue, document, operationName } = args as ExecutionArgs;
      const ctx = contextValue as RequestContext;
      if (!ctx.deps?.replicas) return;
      const finished = routeRequestReads(ctx, getOperationAST(document, operationName)?.operation === OperationTypeNode.QUERY);
      return { onExecuteDone: () => finished() };
    },
  };
}
