// The Italian texts of the guided season renewal (issue 35 point 3).
export const RENEWAL_MSG = {
  alreadyRun: (from: string, to: string) => `Il rinnovo dalla stagione ${from} alla ${to} è già stato eseguito: annullalo per ripeterlo.`,
  done: (members: number, athletes: number, moved: number) =>
    `Rinnovo eseguito: ${members} ${members === 1 ? 'socio rinnovato' : 'soci rinnovati'}, ${athletes} ${athletes === 1 ? 'atleta confermato' : 'atleti confermati'}, ${moved} ${moved === 1 ? 'cambia' : 'cambiano'} categoria.`,
  targetClosed: (label: string) => `La stagione ${label} è chiusa: è in sola lettura.`,
  nothingSelected: 'Scegli almeno una persona da rinnovare.',
  quotaInvalid: 'Indica una quota in euro, da 0 in su.',
  undone: 'Rinnovo annullato: la stagione è tornata com’era prima.',
  undoOnlyLast: 'Si può annullare solo l’ultimo rinnovo eseguito.',
  undoAlreadyUndone: 'Questo rinnovo è già stato annullato.',
  undoSeasonClosed: (label: string) => `La stagione ${label} è chiusa: il rinnovo non si può più annullare.`,
  undoGroupsChanged: 'Dopo il rinnovo i gruppi e le categorie sono stati modificati: il rinnovo non si può più annullare.',
} as const;
