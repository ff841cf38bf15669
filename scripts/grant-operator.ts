// `npm run operator:grant -- <email>`: makes an existing account a CampoBase operator (may list and export leads).
// `-- <email> --revoke` removes the role; `-- --list` prints the operators. Uses the same settings as the server
// (DATABASE_URL, or the embedded database in DATA_DIR). Exit codes: 0 done, 1 unknown account or failure, 2 usage.
import { fileURLToPath } from 'node:url';
import { openOperatorDatabase } from './operator-database';
import type { PrismaClient } from '../server/generated/prisma/client.js';

export type OperatorChange =
  | { outcome: 'granted' | 'revoked' | 'already-operator' | 'not-operator'; email: string }
  | { outcome: 'unknown-account'; email: string };

/** Sets Account.isOperator for the account with this email (case ignored); changes nothing else. */
export async function setOperator(db: PrismaClient, rawEmail: string, grant: boolean): Promise<OperatorChange> {
  const email = rawEmail.trim().toLowerCase();
  const account = await db.account.findUnique({ where: { email }, select: { id: true, isOperator: true } });
  if (!account) return { outcome: 'unknown-account', email };
  if (account.isOperator === grant) return { outcome: grant ? 'already-operator' : 'not-operator', email };
  await db.account.update({ where: { id: account.id }, data: { isOperator: grant } });
  return { outcome: grant ? 'granted' : 'revoked', email };
}

export async function listOperators(db: PrismaClient): Promise<string[]> {
  const rows = await db.account.findMany({ where: { isOperator: true }, select: { email: true }, orderBy: { email: 'asc' } });
  return rows.map((r) => r.email);
}

const MESSAGES: Record<OperatorChange['outcome'], (email: string) => string> = {
  granted: (e) => `${e} è ora un operatore di CampoBase: può consultare ed esportare le richieste di contatto.`,
  revoked: (e) => `${e} non è più un operatore di CampoBase.`,
  'already-operator': (e) => `${e} era già un operatore di CampoBase: nessuna modifica.`,
  'not-operator': (e) => `${e} non era un operatore di CampoBase: nessuna modifica.`,
  'unknown-account': (e) => `Nessun account registrato con l'email ${e}: l'account deve esistere (registrazione su /signup).`,
};

export function describeChange(change: OperatorChange): string {
  return MESSAGES[change.outcome](change.email);
}

const USAGE = `Uso:
  npm run operator:grant -- <email>            concede il ruolo di operatore a un account esistente
  npm run operator:grant -- <email> --revoke   lo revoca
  npm run operator:grant -- --list             elenca gli operatori`;

export async function main(args: string[], out = console.log, err = console.error): Promise<number> {
  const revoke = args.includes('--revoke');
  const list = args.includes('--list');
  const emails = args.filter((a) => !a.startsWith('--'));
  const unknownFlag = args.find((a) => a.startsWith('--') && a !== '--revoke' && a !== '--list');
  if (unknownFlag || (list ? emails.length > 0 || revoke : emails.length !== 1)) {
    err(unknownFlag ? `Opzione sconosciuta: ${unknownFlag}\n${USAGE}` : USAGE);
    return 2;
  }

  const db = await openOperatorDatabase(err);
  if (!db) return 1;
  try {
    await db.migrated;
    if (list) {
      const operators = await listOperators(db.prisma);
      out(operators.length ? `Operatori di CampoBase:\n${operators.map((e) => `  ${e}`).join('\n')}` : 'Nessun operatore.');
      return 0;
    }
    const change = await setOperator(db.prisma, emails[0], !revoke);
    (change.outcome === 'unknown-account' ? err : out)(describeChange(change));
    return change.outcome === 'unknown-account' ? 1 : 0;
  } catch (e) {
    err(`Operazione non riuscita: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    await db.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main(process.argv.slice(2));
}
