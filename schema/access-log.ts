// The access log's vocabulary, shared by the server (what it writes and filters) and the client (what it shows).

/** Rows older than this are pruned; younger ones cannot be deleted (the access_log migration's trigger says the same). */
export const ACCESS_LOG_RETENTION_MONTHS = 24;

/** Every action the log records, with its Italian label. */
export const ACCESS_LOG_ACTIONS = {
  sign_in: 'Accesso',
  sign_in_failed: 'Accesso non riuscito',
  create: 'Creazione',
  update: 'Modifica',
  archive: 'Archiviazione',
  restore: 'Ripristino',
  delete: 'Eliminazione',
  /** Two profiles of one person joined (mergePeople): logged on the kept one, the merged one's id as entity_id. */
  merge: 'Unione di profili',
  health_read: 'Lettura dati sanitari',
  import: 'Importazione',
  export: 'Esportazione',
  collaborator_invited: 'Collaboratore invitato',
  collaborator_invitation_revoked: 'Invito revocato',
  collaborator_joined: 'Collaboratore entrato',
  collaborator_removed: 'Collaboratore rimosso',
  collaborator_left: 'Collaboratore uscito',
  role_changed: 'Ruolo cambiato',
  ownership_transferred: 'Titolarità trasferita',
  club_archived: 'Società archiviata',
  two_factor_enabled: 'Verifica in due passaggi attivata',
  two_factor_disabled: 'Verifica in due passaggi disattivata',
} as const;

export type AccessLogAction = keyof typeof ACCESS_LOG_ACTIONS;
export const ACCESS_LOG_ACTION_KEYS = Object.keys(ACCESS_LOG_ACTIONS) as AccessLogAction[];

/** The changes of a record (the person page's "Modifiche"): writes only, never reads or sign-ins. */
export const CHANGE_ACTIONS: readonly AccessLogAction[] = ['create', 'update', 'archive', 'restore', 'delete', 'merge'];

/** What an entry is about, in Italian (entity_type). */
export const ACCESS_LOG_ENTITIES: Record<string, string> = {
  person: 'Persona',
  group: 'Gruppo',
  post: 'Comunicazione',
  club: 'Società',
  file: 'File',
  collaborator: 'Collaboratore',
  invitation: 'Invito',
  personLink: 'Collegamento profilo',
  accessLog: 'Registro accessi',
  leads: 'Richieste di contatto',
  feedback: 'Feedback',
  account: 'Account',
  import: 'Importazione',
};

/** A page of the log screen and of the GraphQL connection. */
export const ACCESS_LOG_PAGE_SIZE = 25;
