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
  scheduled: (count: number, when: string) => `Avviso programmato per ${count === 1 ? '1 destinatario' : `${count} destinatari`}: partirà ${when}.`,
  sendAtInvalid: "Scegli data e ora dell'invio programmato.",
  sendAtPast: "L'invio programmato deve essere nel futuro.",
  sendAtTooFar: (days: number) => `Un avviso si può programmare al massimo ${days} giorni prima.`,
  dailyLimit: (limit: number, left: number) =>
    `Hai raggiunto il limite di invio: in 24 ore gli avvisi della società raggiungono al massimo ${limit.toLocaleString('it-IT')} destinatari (ne restano ${left.toLocaleString('it-IT')}). Riprova più tardi o riduci i destinatari.`,
  cancelled: 'Invio annullato: nessuno riceverà questo avviso.',
  alreadySent: "L'avviso è già partito: non si può più annullare.",
  quietHoursInvalid: 'Indica un orario valido (da 00:00 a 23:59).',
  quietHoursBoth: 'Indica sia l\'inizio sia la fine delle ore di silenzio, o nessuno dei due.',
  settingsSaved: 'Impostazioni degli avvisi salvate.',
  confirmed: 'Grazie: lettura confermata.',
  alreadyConfirmed: 'Avevi già confermato la lettura.',
  notUrgent: 'Questo avviso non chiede una conferma di lettura.',
  unsubscribed: (club: string) =>
    `Non riceverai più per e-mail gli avvisi non obbligatori di ${club}. Quelli obbligatori e urgenti continueranno ad arrivare; li trovi anche nella tua area.`,
  resubscribed: (club: string) => `Riceverai di nuovo per e-mail gli avvisi di ${club}.`,
  mailSettingsSaved: 'Preferenze sugli avvisi salvate.',
  blockCleared: 'Indirizzo sbloccato: la posta tornerà a essere inviata a questo indirizzo.',
  notBlocked: 'Questo indirizzo non è bloccato.',
  pushInvalid: 'Questo browser non ha dato un abbonamento alle notifiche valido: riprova, o usa un altro browser.',
  pushSaved: 'Notifiche attivate su questo dispositivo.',
  pushRemoved: 'Notifiche disattivate su questo dispositivo.',
} as const;
