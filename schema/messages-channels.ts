// The Italian messages of group channels (issue 39 point 4), apart from MSG (messages.ts): they travel only with the
// channels' screens and the server.
export const CHANNEL_MSG = {
  bodyRequired: 'Scrivi il messaggio.',
  bodyTooLong: (max: number) => `Un messaggio può essere lungo al massimo ${max.toLocaleString('it-IT')} caratteri.`,
  tooManyAttachments: (max: number) => `Un messaggio può avere al massimo ${max} allegati.`,
  attachmentsTooLarge: (mb: number) => `Gli allegati di un messaggio non possono superare ${mb} MB in tutto.`,
  coachGroupsOnly: 'Puoi usare solo i canali dei gruppi che alleni.',
  familiesMayNotPost: 'In questo canale scrive solo lo staff della società.',
  minorWithoutGuardian: 'Potrai leggere il canale del tuo gruppo quando un tuo genitore avrà accesso alla sua area personale.',
  groupArchived: 'Il gruppo è archiviato: il suo canale si può solo leggere.',
  hidden: 'Messaggio nascosto: le famiglie non lo vedono più.',
  restored: 'Messaggio ripristinato.',
  hideReasonTooLong: 'Il motivo può essere lungo al massimo 200 caratteri.',
  postingOpened: 'Ora anche le famiglie possono scrivere nel canale.',
  postingClosed: 'Ora nel canale scrive solo lo staff.',
  muted: 'Notifiche del canale disattivate.',
  unmuted: 'Notifiche del canale attivate.',
  removedForFamilies: 'Messaggio rimosso dalla società.',
} as const;
