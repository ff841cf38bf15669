// The club roles as the Collaboratori page shows them: the Italian label (the same as the server's
// CLUB_ROLE_LABELS, which the client may not import) and one line on what each may do (docs/permissions.md).
// Imported by the top bar's club switcher: keep it free of heavy imports (no zod here).

export type CollaboratorRoleKey = 'owner' | 'admin' | 'segreteria' | 'tesoriere' | 'allenatore' | 'lettura';

export const ROLE_INFO: Record<CollaboratorRoleKey, { label: string; description: string; palette: string }> = {
  owner: { label: 'Titolare', description: 'Tutto, compresi archiviare la società e trasferirne la titolarità.', palette: 'purple' },
  admin: {
    label: 'Amministratore',
    description: 'Tutto, anche i dati della società e i collaboratori, tranne archiviare la società e trasferirla.',
    palette: 'blue',
  },
  segreteria: {
    label: 'Segreteria',
    description: 'Anagrafiche, dati sanitari, gruppi, feed, importazioni ed esportazioni; non i dati della società né i collaboratori.',
    palette: 'teal',
  },
  tesoriere: {
    label: 'Tesoriere',
    description: 'Quote, pagamenti e ricevute; consulta anagrafiche, gruppi e libro soci; niente dati sanitari.',
    palette: 'green',
  },
  allenatore: {
    label: 'Allenatore',
    description: 'Schede degli atleti, dati sanitari in lettura e feed, per i gruppi che allena; non soci e volontari.',
    palette: 'orange',
  },
  lettura: { label: 'Sola lettura', description: 'Consulta anagrafiche, gruppi e feed senza modificare nulla; niente dati sanitari.', palette: 'gray' },
};

export const roleLabel = (role: string): string => ROLE_INFO[role as CollaboratorRoleKey]?.label ?? role;
