// What merging two profiles will do, in the words the confirmation dialog shows: the same rules as the server's
// merge (server/modules/people/merge-people.service.ts), told from the two profiles on screen. Pure.
import { PERSON_KIND_INFO, type PersonKindKey } from '../../../../schema/constants';

export interface PlanRole {
  kind: PersonKindKey;
  archivedAt?: string | null;
  groups: readonly { name: string }[];
}

export interface PlanPerson {
  firstname: string;
  lastname: string;
  taxIdCode: string;
  hasLinkedAccount: boolean;
  roles: readonly PlanRole[];
}

export const personName = (p: Pick<PlanPerson, 'firstname' | 'lastname'>) => `${p.firstname} ${p.lastname}`.trim();

const groupList = (groups: readonly { name: string }[]) => groups.map((g) => g.name).join(', ');

/** One sentence per role of the profile that goes, then what always happens. */
export function mergePlan(keep: PlanPerson, merged: PlanPerson): string[] {
  const lines: string[] = [];
  for (const role of merged.roles) {
    const kind = PERSON_KIND_INFO[role.kind].singular;
    // As the server: the kept person's active role of the kind first (an archived one may precede it).
    const own = keep.roles.find((r) => r.kind === role.kind && !r.archivedAt) ?? keep.roles.find((r) => r.kind === role.kind);
    if (!own) {
      lines.push(`${kind}: il ruolo passa al profilo che resta${role.groups.length ? `, con i gruppi (${groupList(role.groups)})` : ''}.`);
    } else if (own.archivedAt && !role.archivedAt) {
      lines.push(`${kind}: resta attivo il ruolo dell'altro profilo; quello archiviato viene unito a lui.`);
    } else if (!own.archivedAt && !role.archivedAt) {
      const joining = role.groups.filter((g) => !own.groups.some((o) => o.name === g.name));
      lines.push(
        `${kind}: resta un solo ruolo${joining.length ? `, che entra anche in ${groupList(joining)}` : ''}; documenti e dati mancanti vengono dall'altro.`,
      );
    } else {
      lines.push(`${kind}: resta un solo ruolo; il ruolo archiviato dell'altro profilo non torna attivo e i suoi gruppi non vengono ripresi.`);
    }
  }
  lines.push('Certificati medici, notifiche e inviti passano al profilo che resta.');
  lines.push('I campi vuoti vengono completati con i dati dell’altro profilo: nessun dato già presente viene sovrascritto.');
  if (merged.hasLinkedAccount && !keep.hasLinkedAccount) lines.push('L’account collegato passa al profilo che resta.');
  lines.push('Lo storico delle modifiche dei due profili resta visibile; l’unione viene registrata nel registro accessi.');
  return lines;
}

/** Positions (0-based) where two codes of the same length differ: the characters to highlight. */
export function differingPositions(a: string, b: string): Set<number> {
  const out = new Set<number>();
  if (a.length !== b.length) return out;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) out.add(i);
  return out;
}
