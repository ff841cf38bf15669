// What the merge dialog says will happen (features/people/merge-plan.ts): the server's rules, in words.
import { describe, expect, it } from 'vitest';
import { differingPositions, mergePlan, type PlanPerson } from '../../client/src/features/people/merge-plan';

const person = (roles: PlanPerson['roles'], hasLinkedAccount = false): PlanPerson => ({ firstname: 'Chiara', lastname: 'Fontana', taxIdCode: 'X', hasLinkedAccount, roles });

describe('mergePlan', () => {
  it('tells, kind by kind, which role stays and what moves', () => {
    const keep = person([
      { kind: 'athlete', groups: [{ name: 'Under 14' }] },
      { kind: 'member', archivedAt: '2026-01-01T00:00:00Z', groups: [] },
      { kind: 'coach', groups: [] },
    ]);
    const merged = person(
      [
        { kind: 'athlete', groups: [{ name: 'Under 14' }, { name: 'Squadra B' }] },
        { kind: 'member', groups: [] },
        { kind: 'coach', archivedAt: '2026-01-01T00:00:00Z', groups: [{ name: 'Staff' }] },
        { kind: 'manager', groups: [{ name: 'Consiglio' }] },
      ],
      true,
    );
    const lines = mergePlan(keep, merged);
    expect(lines.slice(0, 4)).toEqual([
      "Atleta: resta un solo ruolo, che entra anche in Squadra B; documenti e dati mancanti vengono dall'altro.",
      "Socio: resta attivo il ruolo dell'altro profilo; quello archiviato viene unito a lui.",
      "Allenatore: resta un solo ruolo; il ruolo archiviato dell'altro profilo non torna attivo e i suoi gruppi non vengono ripresi.",
      'Dirigente: il ruolo passa al profilo che resta, con i gruppi (Consiglio).',
    ]);
    expect(lines).toContain('L’account collegato passa al profilo che resta.');
    expect(mergePlan(merged, keep)).not.toContain('L’account collegato passa al profilo che resta.');
  });

  it("reads the kept person's active role of a kind when an archived one precedes it (a person registered again)", () => {
    const keep = person([
      { kind: 'athlete', archivedAt: '2025-06-30T00:00:00Z', groups: [{ name: 'Under 13' }] },
      { kind: 'athlete', groups: [{ name: 'Under 14' }] },
    ]);
    const merged = person([{ kind: 'athlete', groups: [{ name: 'Squadra B' }] }]);
    expect(mergePlan(keep, merged)[0]).toBe("Atleta: resta un solo ruolo, che entra anche in Squadra B; documenti e dati mancanti vengono dall'altro.");
  });

  it('marks the characters where two codes differ', () => {
    expect([...differingPositions('RSSMRA80A01H501U', 'RSSMRA80A01H502V')]).toEqual([14, 15]);
    expect(differingPositions('RSSMRA80A01H501U', '12345678901').size).toBe(0);
  });
});
