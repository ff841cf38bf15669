// The Italian messages of notices (avvisi, issue 39), apart from MSG (messages.ts): MSG travels in the admin shell of
// every page, these only with the notices' screens and the server.
export const NOTICE_MSG = {
  titleRequired: "Scrivi l'oggetto dell'avviso (es. «Partita di sabato spostata»).",
  bodyRequired: "Scrivi il testo dell'avviso.",
  audienceRequired: 'Scegli a chi mandare l\'avviso: gruppi, ruoli, soci della stagione, convocati o persone.',
  noRecipients: 'Nessuno riceve questo avviso: controlla i destinatari scelti.',
  tooManyRecipients: (max: number) => `Un avviso raggiunge al massimo ${max.toLocaleString('it-IT')} destinatari.`,
  coachGroupsOnly: 'Puoi mandare avvisi solo ai gruppi che alleni.',
  sent: (count: number) => (count === 1 ? 'Avviso inviato a 1 destinatario.' : `Avviso inviato a ${count} destinatari.`),
  confirmed: 'Grazie: lettura confermata.',
  alreadyConfirmed: 'Avevi già confermato la lettura.',
  notUrgent: 'Questo avviso non chiede una conferma di lettura.',
} as const;
