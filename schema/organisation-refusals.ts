// The refusals of the organisation portal's operations (issue 34 point 1): the operation table
// (server/access/operation-rules.ts) names one for each staff operation and the gate answers it; the services'
// message sets reuse the same words.
export const ORGANISATION_REFUSAL = {
  notStaff: 'Non fai parte dello staff di questa organizzazione.',
  webhooks: "Solo un amministratore dell'organizzazione può gestire i webhook.",
  staff: "Solo un amministratore dell'organizzazione può gestire lo staff.",
  affiliations: "Solo un amministratore dell'organizzazione può gestire le affiliazioni.",
  apiKeys: "Solo un amministratore dell'organizzazione può gestire le chiavi API.",
} as const;

/** What an unknown record named by a staff operation answers (the same for another organisation's). */
export const ORGANISATION_RECORD_NOT_FOUND = {
  webhook: 'Webhook non trovato.',
  affiliation: 'Affiliazione non trovata.',
  apiKey: 'Chiave API non trovata.',
} as const;
