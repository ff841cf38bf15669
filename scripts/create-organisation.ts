// `npm run organisation:create -- --name "<nome>" --kind <federation|eps|committee|league> --admin <email> [--parent <codice>]`
// creates an organisation above clubs (issue 13) with an existing account as its first admin, under the organisation
// whose code is given; `-- --list` prints every organisation as a tree. Uses the same settings as the server
// (DATABASE_URL, or the embedded database in DATA_DIR). Exit codes: 0 done, 1 refused or failed, 2 usage.
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { ValidationError } from '../server/lib/errors';
import { ORGANISATION_KIND_LABELS } from '../schema/organisation-kinds';
import { createOrganisation, describeTree, organisationTree } from '../server/modules/organisations/organisations.service';
import { openOperatorDatabase } from './operator-database';

const USAGE = `Uso:
  npm run organisation:create -- --name "<nome>" --kind <tipo> --admin <email> [--parent <codice>]
      crea un'organizzazione (tipo: federation, eps, committee, league) con un account esistente come amministratore,
      sotto l'organizzazione del codice indicato
  npm run organisation:create -- --list
      elenca le organizzazioni ad albero`;

type Command = { list: true } | { list: false; name: string; kind: string; admin: string; parent?: string };

function parse(args: string[]): Command | null {
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { name: { type: 'string' }, kind: { type: 'string' }, admin: { type: 'string' }, parent: { type: 'string' }, list: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length) return null;
    if (values.list) return values.name || values.kind || values.admin || values.parent ? null : { list: true };
    if (!values.name || !values.kind || !values.admin) return null;
    return { list: false, name: values.name, kind: values.kind, admin: values.admin, parent: values.parent };
  } catch {
    return null;
  }
}

export async function main(args: string[], out = console.log, err = console.error): Promise<number> {
  const command = parse(args);
  if (!command) {
    err(USAGE);
    return 2;
  }
  const db = await openOperatorDatabase(err);
  if (!db) return 1;
  try {
    await db.migrated;
    if (command.list) {
      const lines = describeTree(await organisationTree(db.prisma));
      out(lines.length ? `Organizzazioni:\n${lines.map((l) => `  ${l}`).join('\n')}` : 'Nessuna organizzazione.');
      return 0;
    }
    const created = await createOrganisation(db.prisma, { name: command.name, kind: command.kind, adminEmail: command.admin, parentCode: command.parent });
    out(`Creata: ${created.name} (${ORGANISATION_KIND_LABELS[created.kind]}), codice ${created.code}; amministratore ${command.admin.trim().toLowerCase()}.`);
    return 0;
  } catch (e) {
    err(e instanceof ValidationError ? e.message : `Operazione non riuscita: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    await db.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main(process.argv.slice(2));
}
