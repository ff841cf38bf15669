// The Italian messages of the personal area of members and guardians (issue 36 points 4 and 5), apart from MSG
// (messages.ts): MSG travels in the admin shell of every staff page, these only with the area and the server.
export const FAMILY_MSG = {
  familyNoAccess: "Il tuo account non è collegato a nessuna persona di una società: chiedi alla società il link per l'area personale.",
  familyGuardianOnly: 'Per questa persona lo fa un genitore o tutore.',
  familyNothingChanged: 'Nessun dato modificato.',
  familyContactsSaved: 'Contatti aggiornati.',
  familyChangeRequested: 'Richiesta inviata alla società: i dati cambieranno quando la approverà.',
  familyContactsSavedAndChangeRequested: 'Contatti aggiornati. Le altre modifiche sono state inviate alla società: cambieranno quando le approverà.',
  familyChangePending: "C'è già una richiesta di modifica in attesa per questa persona: aspetta la risposta della società.",
  familyCertificateFileRequired: 'Carica il file del certificato (PDF, JPEG o PNG).',
  familyCertificateSubmitted: 'Certificato inviato alla società: sarà nello storico quando lo approverà.',
  familyCertificatePending: "C'è già un certificato in attesa di approvazione per questa persona.",
  familyConsentNotGiven: 'Non ci sono consensi dati da revocare per questa finalità.',
  familyRequestNotPending: 'Questa richiesta è già stata decisa.',
  familyRequestApproved: 'Richiesta approvata: i dati sono stati aggiornati.',
  familyCertificateApproved: 'Certificato approvato e aggiunto allo storico.',
  familyRequestRejected: 'Richiesta rifiutata: la famiglia riceverà il motivo per email.',
  familyReasonRequired: 'Scrivi il motivo: lo riceverà chi ha fatto la richiesta.',
  privacyNoticeAccepted: (version: number) => `Grazie: hai letto l'informativa privacy (versione ${version}).`,
  familyInvitationRole: (person: string) => `Area personale (scheda di ${person})`,
  familyJoined: (club: string) => `Area personale attivata: ora vedi i tuoi dati e quelli dei tuoi figli presso ${club}.`,
  familyInviteMail: (url: string) => `Puoi vedere i dati, le tessere e i certificati dall'area personale della società, anche dal telefono. Attiva il tuo accesso da questo link (valido 7 giorni):\n${url}`,
} as const;
