// Italian texts of the spec (§5, §8), word for word, plus the product's own where the spec is silent.
// One table so the server, the legacy envelope and the forms say the same thing. Where the spec's own text is not
// correct Italian, MSG says it correctly (GraphQL, the screen) and LEGACY_SPEC_WORDING below keeps the spec's words
// for the legacy REST API (docs/api/rest.md, "Spec wording").

export const MSG = {
  // §8 generic
  unexpected: 'Spiacenti si è verificato un errore non previsto',
  noConnection: "Impossibile procedere, non c'è nessuna connessione ad internet",
  saveFailed: 'Impossibile eseguire il salvataggio',
  loadFailed: 'Impossibile eseguire il caricamento',
  operationFailed: "Impossibile completare l'operazione",
  unexpectedEmpty: 'Errore imprevisto',
  invalidFields: 'Alcuni campi non sono validi',
  changesSaved: 'Modifiche salvate',

  // login
  loginFailed: 'Impossibile accedere con i dati inseriti!',
  logoutFailed: 'Errore nel logout',

  // sign-up (§5)
  signupStep1: 'Tutti i campi sono obbligatori.',
  signupStep2: 'Tutti i campi obbligatori devono essere compilati.',
  credentialsRequired: 'Email e password sono obbligatorie.',
  emailInvalid: "Inserisci un'email valida.",
  passwordTooShort: 'La password deve contenere almeno 8 caratteri.',
  passwordsDiffer: 'Le due password devono esser uguali.',
  signupDone: 'Registrazione completata con successo',

  // forgot password (§5, §8)
  forgotEmailRequired: 'Inserisci la tua email',
  forgotCodeRequired: 'Inserisci il codice di 6 cifre.',
  forgotFieldsRequired: 'Compila tutti i campi.',
  forgotPasswordsDiffer: 'Le password non coincidono.',
  codeSent: 'Codice inviato alla tua email',
  codeVerified: 'Codice verificato',
  passwordUpdated: 'Password aggiornata con successo',

  // product's own (spec silent)
  emailTaken: 'Esiste già un account con questa email.',
  invalidRole: 'Seleziona un ruolo valido.',
  invalidSport: 'Seleziona uno sport valido.',
  invalidFoundation: "Inserisci un anno di fondazione valido.",
  invalidVat: "Inserisci la partita IVA (11 cifre) o, se la società non ce l'ha, il suo codice fiscale.",
  invalidBirthday: 'Inserisci una data di nascita valida.',
  invalidTaxCode: 'Il codice fiscale deve contenere 16 caratteri alfanumerici.',
  // The codice fiscale checked beyond its shape (issue 12 point 4, issue 14 point 1).
  taxCodeLayout: 'Il codice fiscale non è valido: lettere e cifre non sono nelle posizioni previste (es. RSSMRA80A01H501U).',
  taxCodeCheckCharacter: 'Il codice fiscale non è valido: il carattere di controllo non corrisponde.',
  taxCodeBirthDate: 'Il codice fiscale non è valido: la data di nascita che contiene non esiste.',
  taxCodeProvisionalCheckDigit: 'Il codice fiscale provvisorio (11 cifre) non è valido: la cifra di controllo non corrisponde.',
  codeInvalid: 'Codice non valido o scaduto.',
  codeTooManyAttempts: 'Troppi tentativi errati: richiedi un nuovo codice.',
  resetTokenInvalid: 'La richiesta di reimpostazione non è più valida: ricomincia dal primo passo.',
  notAuthenticated: 'Sessione scaduta o non valida: accedi di nuovo.',
  clubHeaderMissing: 'Società non indicata: manca l\'intestazione X-Club.',
  clubForbidden: 'Non hai accesso a questa società.',
  permissionDenied: 'Il tuo ruolo in questa società non consente questa operazione.',
  healthWriteDenied:
    "Il tuo ruolo in questa società non consente di modificare i dati sanitari (certificato medico, allergie, intolleranze, condizione dell'atleta, tessera sanitaria).",
  rateLimited: (minutes: number) =>
    `Troppi tentativi. Riprova tra ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}.`,
  malformedJson: 'Richiesta non valida: il corpo non è un JSON valido.',
  bodyTooLarge: 'Richiesta troppo grande.',
  unsupportedMediaType: 'Formato della richiesta non supportato.',
  paginationInvalid: 'Paginazione non valida: controlla first, last, after e before.',
  textUnstorable: 'Il testo contiene caratteri non ammessi (ad esempio il carattere nullo).',
  inputUnstorable: 'Alcuni dati inviati non sono validi (caratteri non ammessi, numeri fuori intervallo o valori del tipo sbagliato).',
  xsrfMismatch: 'Token di sicurezza non valido: ricarica la pagina e riprova.',
  notFound: 'Risorsa non trovata.',
  routeNotFound: 'Indirizzo non trovato.',

  // club registry: person, group, category and post forms (§5), word for word
  firstnameRequired: 'Nome obbligatorio',
  lastnameRequired: 'Cognome obbligatorio',
  taxCodeRequired: 'Codice fiscale obbligatorio',
  phonePrimaryDigits: 'Telefono primario deve contenere solo numeri',
  minAge: "L'età deve essere di almeno 3 anni",
  groupNameRequired: 'Nome obbligatorio',
  groupTypeRequired: 'Tipologia gruppo obbligatoria', // spec: 'Tipologia gruppo obbligatorio' (LEGACY_SPEC_WORDING)
  postTitleRequired: 'Titolo obbligatorio',
  postCaptionRequired: 'Caption obbligatorio',

  // club registry: success messages (§8), word for word
  athleteCreated: 'Nuovo atleta salvato correttamente',
  memberCreated: 'Nuovo socio salvato correttamente',
  volunteerCreated: 'Nuovo volontario salvato correttamente',
  groupCreated: 'Nuovo gruppo salvato correttamente',
  managerCreated: 'Nuovo manager salvato correttamente',
  coachCreated: 'Nuovo allenatore salvato correttamente',
  postCreated: 'Nuovo post salvato correttamente',
  categoryCreated: 'Nuova categoria salvata correttamente', // spec: 'Nuovo categoria salvato correttamente' (LEGACY_SPEC_WORDING)
  staffSaved: 'Staff salvato correttamente',

  // club registry: product's own (spec silent)
  genderRequired: 'Genere obbligatorio',
  genderInvalid: 'Seleziona un genere valido.',
  phoneSecondaryDigits: 'Telefono secondario deve contenere solo numeri',
  dateInvalid: 'Inserisci una data valida.',
  birthdayInFuture: 'La data di nascita non può essere nel futuro.',
  validityEndBeforeStart: 'La fine della validità non può precedere l\'inizio.',
  numberInvalid: 'Inserisci un numero valido.',
  textTooLong: 'Testo troppo lungo.',
  priorityInvalid: 'Seleziona una priorità valida.',
  idInvalid: 'Identificativo non valido.',
  kindInvalid: 'Tipologia di persona non valida.',
  // dashboard filters (product's own)
  periodInvalid: 'Periodo non valido: usa oggi o settimana.',
  certificateStatusInvalid: 'Stato del certificato non valido.',
  certificateAthletesOnly: 'Il filtro sul certificato medico vale solo per gli atleti.',
  // people lists' sorts and pages (issue 15)
  peopleOrderInvalid: 'Ordinamento non valido.',
  certificateOrderAthletesOnly: "L'ordinamento per certificato medico vale solo per gli atleti.",
  listOffsetInvalid: 'Posizione nella lista non valida.',
  listOffsetWithCursor: 'Usa la posizione oppure il cursore, non entrambi.',
  // Medical certificates (issue 14).
  certificateTypeRequired: 'Tipo di certificato obbligatorio',
  certificateIssuedOnRequired: 'Data di rilascio obbligatoria',
  certificateIssuedInFuture: 'La data di rilascio non può essere nel futuro',
  certificateExpiresOnRequired: 'Data di scadenza obbligatoria',
  certificateExpiryBeforeIssue: 'La scadenza deve essere successiva alla data di rilascio',
  certificateExpiryTooLate: (type: string, months: number) => `Un certificato ${type.toLowerCase()} vale al massimo ${months} mesi dal rilascio`,
  certificateNotAthlete: 'I certificati medici si registrano per gli atleti: la persona non è un atleta del club.',
  certificateSaved: 'Certificato medico salvato correttamente',
  certificateDeleted: 'Certificato medico eliminato',
  reminderDaysInvalid: 'Indica da 1 a 6 giorni diversi, tra 0 e 365.',
  reminderSettingsSaved: 'Impostazioni dei promemoria salvate',
  eligibilityTooLarge: (max: number) =>
    `Il gruppo ha più di ${max} atleti: l'idoneità si consulta per squadra o categoria. Per tutti gli atleti usa il filtro del certificato nell'elenco.`,
  archiveConfirm:
    'Una volta archiviato, il record non potrà più essere associato ad altri gruppi e il profilo collegato riceverà una notifica. Vuoi continuare?',
  groupArchiveConfirm:
    'Una volta archiviato, il gruppo non comparirà più negli elenchi e non potrà più essere associato a persone o post. Vuoi continuare?',
  postArchiveConfirm: 'Una volta archiviato, il post non sarà più visibile nel feed. Vuoi continuare?',
  archived: 'Record archiviato correttamente',
  assigned: 'Associazione salvata',
  unassigned: 'Associazione rimossa',
  archivedNotAssignable: 'Un record archiviato non può più essere associato ad altri gruppi.',
  groupArchivedNotAssignable: 'Il gruppo è archiviato: non si possono associare persone.',
  groupKindMismatch: 'Il gruppo non è della tipologia di questa persona.',
  alreadyAssigned: 'La persona fa già parte di questo gruppo.',
  notAssigned: 'La persona non fa parte di questo gruppo.',
  /** Bulk actions on the people lists (issue 15): the selection sent, at most BULK_MAX_IDS rows. */
  bulkSelectionEmpty: 'Seleziona almeno una persona.',
  bulkAlreadyArchived: 'Alcune persone selezionate sono già archiviate: aggiorna l\'elenco e riprova.',
  bulkSelectionTooLarge: (max: number) => `Troppe persone selezionate: al massimo ${max} per volta.`,
  roleExists: (singular: string) => `Questa persona è già registrata come ${singular.toLowerCase()}.`,
  /** The import's answer for a row whose only role of the kind is archived (the import never un-archives). */
  roleArchivedExists: (singular: string) =>
    `Questa persona è archiviata come ${singular.toLowerCase()}: per registrarla di nuovo usa «Registra di nuovo» nell'archivio.`,
  // Coming back (issue 15): an archived person registered again with a new role; the archived one stays as it is.
  reregisterConfirm: (name: string, singular: string) =>
    `Verrà creata una nuova registrazione di ${name} come ${singular.toLowerCase()}, che riprende i dati del record archiviato; questo resta invariato nello storico della persona. Vuoi continuare?`,
  reregistered: (singular: string) => `Nuova registrazione come ${singular.toLowerCase()} salvata: il record archiviato resta nello storico.`,
  reregisterActiveExists: (singular: string) =>
    `Questa persona ha già un record attivo come ${singular.toLowerCase()}: non serve registrarla di nuovo.`,
  reregisterNotArchived: 'Il record non è archiviato: si può registrare di nuovo solo un record archiviato.',
  /** The person form, when the tax code names a profile whose only role of the kind is archived. */
  roleArchivedWillReregister: (singular: string) =>
    `Questa persona è archiviata come ${singular.toLowerCase()}: salvando verrà registrata di nuovo e il record archiviato resterà nello storico.`,
  archivedReadOnly: 'Il record è archiviato e non può essere modificato.',
  groupNameTaken: 'Esiste già un gruppo con questo nome e questa tipologia.',
  groupTypeLocked: 'Il gruppo ha già delle persone associate: non se ne può cambiare la tipologia.',
  fileTooLarge: 'Il file supera la dimensione massima di 5 MB.',
  fileTypeNotAllowed: 'Formato del file non supportato: sono ammessi PDF, PNG, JPEG e WebP.',
  fileEmpty: 'Il file è vuoto.',
  fileMissing: 'Il file non è arrivato: riprova il caricamento.',
  tooManyFiles: 'Troppi file in una sola richiesta: al massimo 10.',
  malformedMultipart: 'Richiesta non valida: il caricamento dei file non è leggibile.',
  filesNotAccepted: 'Questa richiesta non accetta file.',
  uploadsBusy: 'Troppi caricamenti in corso: riprova tra qualche istante.',
  archivedNotificationTitle: (club: string) => `${club}: la tua scheda è stata archiviata`,
  archivedNotificationBody: (club: string, singular: string) =>
    `${club} ha archiviato la tua scheda di ${singular.toLowerCase()}: non comparirai più nei suoi elenchi e non potrai essere associato a nuovi gruppi. Per chiarimenti contatta la società.`,
  taxCodeTaken: 'Un\'altra persona della società ha già questo codice fiscale.',

  // linking a person record to the person's own account (issue 10): the product's own
  personLinkNoEmail: 'La scheda non ha un indirizzo email: aggiungilo per inviare l\'invito.',
  personLinkInviteSent: (email: string) => `Invito inviato a ${email}: il link vale 7 giorni.`,
  personLinkInvalid: 'Il link non è valido o è scaduto: chiedi alla società di inviarne uno nuovo.',
  personLinkAccepted: (club: string) => `Profilo collegato: riceverai gli avvisi di ${club} sulla tua scheda.`,
  personLinkMailSubject: (club: string) => `${club} ti invita a collegare la tua scheda al tuo account CampoBase`,
  personLinkMailBody: (club: string, person: string, url: string) =>
    `Ciao ${person},\n\n${club} usa CampoBase per gestire i suoi tesserati e ti chiede di collegare la tua scheda al tuo ` +
    `account CampoBase, così riceverai i suoi avvisi sulla tua scheda.\n\nPer confermare apri questo link (vale 7 giorni, ` +
    `una sola volta) e accedi o registrati:\n${url}\n\nSe non conosci questa società o non vuoi collegare la scheda, ` +
    `ignora questo messaggio: non succede nulla.\n\nIl team CampoBase\n`,
  clubTokenRotated: 'Nuovo token della società generato: il precedente non è più valido.',
  clubArchived: 'Società archiviata: nessun collaboratore può più accedervi. I dati sono conservati.',
  clubArchiveConfirm:
    'Archiviando la società, tu e tutti i collaboratori non potrete più accedervi e sparirà dai vostri elenchi. I dati non vengono cancellati. Vuoi continuare?',

  // collaborators (issue 11): the product's own
  collaboratorEmailRequired: "Inserisci l'email del collaboratore.",
  collaboratorRoleInvalid: 'Scegli un ruolo valido.',
  collaboratorGroupsRequired: "Scegli almeno un gruppo per l'allenatore.",
  collaboratorGroupsInvalid: 'Uno dei gruppi scelti non esiste o non è un gruppo di atleti.',
  collaboratorAlready: 'Questa persona collabora già con la società.',
  collaboratorInviteSent: (email: string) => `Invito inviato a ${email}: il link vale 7 giorni.`,
  collaboratorInviteRevoked: 'Invito annullato.',
  collaboratorInviteInvalid: "L'invito non è valido, è già stato usato o è scaduto: chiedi alla società di inviarne uno nuovo.",
  collaboratorJoined: (club: string) => `Ora collabori con ${club}.`,
  collaboratorRoleChanged: 'Ruolo aggiornato.',
  coachCannotRegister: 'Come allenatore modifichi gli atleti dei tuoi gruppi: per registrare una nuova persona rivolgiti alla segreteria della società.',
  coachPostGroupsOnly: 'Puoi pubblicare solo per i gruppi che alleni: sceglili tra i destinatari.',
  collaboratorRemoved: 'Collaboratore rimosso: non ha più accesso alla società.',
  collaboratorLeft: 'Hai lasciato la società.',
  collaboratorLastOwner: 'La società deve avere almeno un titolare: trasferisci prima la titolarità a un altro collaboratore.',
  collaboratorOwnerByTransfer: 'Il ruolo di titolare si assegna solo trasferendo la titolarità.',
  ownershipTransferred: (name: string) => `Titolarità trasferita a ${name}.`,
  collaboratorMailSubject: (club: string) => `${club} ti invita a collaborare su CampoBase`,
  collaboratorMailBody: (club: string, inviter: string, role: string, url: string) =>
    `Ciao,\n\n${inviter} ti invita a collaborare con ${club} su CampoBase con il ruolo ${role}.\n\n` +
    `Per accettare apri questo link (vale 7 giorni, una sola volta) e accedi, oppure registrati con questo indirizzo email:\n${url}\n\n` +
    `Se non ti aspettavi questo invito, ignora il messaggio: non succede nulla.\n\nIl team CampoBase\n`,

  // The invitation door (issue 34 point 2): one page for every kind of invitation (collaborators, organisation
  // staff; members and guardians next), before and after signing in.
  invitationUnknown: 'Questo link di invito non è valido: controlla di averlo copiato per intero, oppure chiedi un nuovo invito.',
  invitationUsed: 'Questo invito è già stato usato: accedi con il tuo account per entrare.',
  invitationExpired: 'Questo invito è scaduto: chiedi di inviartene uno nuovo (ogni invito vale 7 giorni).',
  invitationRevoked: 'Questo invito è stato annullato o sostituito da uno più recente: usa il link dell’ultima email, oppure chiedi un nuovo invito.',
  invitationNameRequired: 'Nome e cognome sono obbligatori.',
  invitationPasswordRequired: 'Scegli una password.',
  invitationAccountExists: 'Esiste già un account con questo indirizzo: accedi con la tua password per accettare l’invito.',
  invitationSignedUp: (target: string) => `Account creato: ora fai parte di ${target}.`,
  joinByInvitationHelp:
    'Apri il link nell’email di invito che ti ha mandato la società (o l’organizzazione): lì crei il tuo account, già collegato a lei con il tuo ruolo. Se non la trovi, chiedi di inviartene una nuova.',
  noClubHelp:
    'Il tuo account non fa ancora parte di nessuna società. Se collabori con una società (allenatore, segreteria, dirigente), chiedi al titolare o a un amministratore di invitarti da Collaboratori, poi apri il link che ricevi per email.',
  invitationOtherAddress: (email: string) =>
    `L’invito è stato inviato a ${email}: puoi accettarlo anche con questo account, oppure esci e accedi con quello giusto.`,

  // leads: the contact-request form (§4, §5); the spec names the fields, the messages are the product's own
  leadNameRequired: 'Nome e cognome obbligatori',
  leadEmailRequired: 'Email obbligatoria',
  leadPhoneRequired: 'Telefono obbligatorio',
  leadPhoneInvalid: 'Il telefono deve contenere solo numeri (ed eventualmente il + iniziale).',
  leadClubRequired: 'Nome della società obbligatorio',
  leadRoleRequired: 'Seleziona il tuo ruolo nella società',
  leadMembersRequired: 'Seleziona il numero di tesserati',
  leadRegionInvalid: 'Seleziona una regione valida',
  leadSent: 'Richiesta inviata: ti contatteremo entro 24 ore.',
  operatorsOnly: 'Solo gli operatori di CampoBase possono consultare le richieste di contatto.',

  // the account's own pages: profile, security (password and sessions), feedback; the product's own (spec silent)
  currentPasswordRequired: 'Inserisci la password attuale.',
  currentPasswordWrong: 'La password attuale non è corretta.',
  passwordUnchanged: 'La nuova password deve essere diversa da quella attuale.',
  sessionNotFound: 'Sessione non trovata o già terminata.',
  sessionRevoked: 'Sessione terminata.',
  otherSessionsRevoked: (count: number) =>
    count === 0 ? 'Non ci sono altre sessioni attive.' : count === 1 ? 'Terminata 1 altra sessione.' : `Terminate ${count} altre sessioni.`,
  feedbackTopicRequired: 'Seleziona il tipo di feedback.',
  feedbackMessageRequired: 'Scrivi il tuo messaggio.',
  feedbackMessageTooLong: (max: number) => `Il messaggio può contenere al massimo ${max} caratteri.`,
  feedbackSent: 'Grazie! Il tuo feedback è stato inviato.',

  // two-factor sign-in (issue 11): the product's own
  twoFactorChallenge: "Inserisci il codice a 6 cifre dell'app di autenticazione per completare l'accesso.",
  twoFactorCodeRequired: "Inserisci il codice a 6 cifre dell'app di autenticazione.",
  twoFactorLoginCodeRequired: 'Inserisci il codice a 6 cifre oppure un codice di recupero.',
  twoFactorCodeInvalid: "Codice non valido o già usato: inserisci il codice che l'app mostra adesso.",
  twoFactorRecoveryCodeInvalid: 'Codice di recupero non valido o già usato.',
  twoFactorChallengeExpired: "La verifica dell'accesso è scaduta: accedi di nuovo con email e password.",
  twoFactorAlreadyOn: 'La verifica in due passaggi è già attiva su questo account.',
  twoFactorNotOn: 'La verifica in due passaggi non è attiva su questo account.',
  twoFactorSetupMissing: "Il codice QR non è più valido: riavvia l'attivazione.",
  twoFactorEnabled: "Verifica in due passaggi attivata: le altre sessioni dell'account sono state chiuse. Conserva i codici di recupero in un luogo sicuro.",
  twoFactorDisabled: 'Verifica in due passaggi disattivata.',
  twoFactorProofRequired: "Inserisci la password o il codice a 6 cifre dell'app di autenticazione.",
  twoFactorProofWrong: 'Password o codice non corretti.',
  recoveryCodesRegenerated: 'Nuovi codici di recupero generati: quelli precedenti non valgono più.',
  twoFactorRequiredByClub:
    "Questa società richiede la verifica in due passaggi a chi può vedere i dati sanitari: attivala nella pagina Sicurezza del tuo account oppure, se è già attiva, esci e accedi di nuovo con il codice.",
  twoFactorLegacyCodeRequired:
    "Questo account usa la verifica in due passaggi: invia anche il codice a 6 cifre dell'app di autenticazione (campo code) o un codice di recupero.",
  clubTwoFactorOwnFirst:
    "Prima attiva la verifica in due passaggi sul tuo account e accedi con il codice: altrimenti perderesti subito l'accesso alla società.",
  clubTwoFactorRequired: 'Da ora chi può vedere i dati sanitari deve accedere con la verifica in due passaggi.',
  clubTwoFactorNotRequired: 'La verifica in due passaggi non è più obbligatoria per i collaboratori.',

  // the club's own data (/club, /modifica-club, /impostazioni): §8 success message word for word, the rest the product's own
  clubUpdated: 'Dati club aggiornati con successo',
  clubNameRequired: 'Nome della società obbligatorio',
  clubTypeInvalid: 'Seleziona un tipo di società valido.',
  vatFormat: 'La partita IVA deve contenere 11 cifre.',
  vatChecksum: 'Partita IVA non valida: la cifra di controllo non corrisponde.',
  clubFiscalCodeInvalid: 'Codice fiscale non valido: 11 cifre (ente) o 16 caratteri (persona).',
  colorInvalid: 'Colore non valido: usa il formato esadecimale #rrggbb.',
  seasonLabelInvalid: 'Stagione non valida: usa il formato 2025/26 (anni consecutivi).',
  logoTooLarge: 'Il logo supera la dimensione massima di 2 MB.',
  logoTypeNotAllowed: 'Formato del logo non supportato: sono ammessi PNG, JPEG e WebP.',
  logoUnreadable: "Il logo non è un'immagine leggibile: il file è danneggiato o incompleto.",

  // GraphQL query limits and database statement timeout (issue 10): the product's own
  queryTooLong: (max: number) => `Richiesta troppo lunga: al massimo ${max} elementi (token) per richiesta.`,
  queryTooDeep: (max: number) => `Richiesta troppo annidata: al massimo ${max} livelli di campi.`,
  queryTooManyAliases: (max: number) => `Richiesta con troppi alias: al massimo ${max} per richiesta.`,
  queryTooManyDirectives: (max: number) => `Richiesta con troppe direttive: al massimo ${max} per richiesta.`,
  queryTooComplex: (cost: number, max: number) =>
    `Richiesta troppo onerosa (costo ${cost}, massimo ${max}): chiedi meno righe per pagina o meno elenchi annidati.`,
  introspectionSignedInOnly: "Lo schema GraphQL si può consultare solo dopo l'accesso.",
  // Organisations' API (issue 13): keys, reads, limits.
  apiKeyInvalid: 'Chiave API non valida, revocata o scaduta.',
  staffInviteInvalid: "L'invito non è valido, è già stato usato o è scaduto: chiedi all'organizzazione di inviarne uno nuovo.",
  apiKeyReadOnly: "Una chiave API può solo leggere: le modifiche si fanno dall'app della società.",
  apiKeyRequired: "Questa richiesta è riservata alle chiavi API delle organizzazioni (intestazione Authorization: Bearer cbk_…).",
  apiKeyClubOnly: "Una chiave API legge solo i dati delle società affiliate (campi organisationClubs, organisationPeople e seguenti): questa richiesta è riservata all'app della società.",
  apiScopeRefused: (scope: string) => `La società non condivide questi dati con la tua organizzazione, o la chiave non ha l'ambito ${scope}.`,
  apiPageSize: (max: number) => `Indica first, da 1 a ${max} righe per pagina.`,
  apiTaxCodeInvalid: 'Codice fiscale non valido: 16 caratteri (o 11 cifre per una società).',
  apiBudgetExhausted: (seconds: number) => `Budget di richieste della chiave esaurito: riprova tra ${seconds} secondi.`,
  queryTimeout: 'La richiesta ha impiegato troppo tempo ed è stata interrotta: riprova con filtri più precisi o meno dati.',
  // The database could not take the request in time (a crowd of writes): nothing was written, the form keeps its data.
  serverBusy: 'Il server è molto occupato: riprova tra qualche secondo. I dati inseriti non sono andati persi.',

  // Access log (issue 11)
  accessLogFilterInvalid: 'Filtro non valido.',
  accessLogPeriodInvalid: 'La data finale non può precedere quella iniziale.',

  // Possible duplicates and merging two profiles (issue 14 point 2)
  mergeSamePerson: 'Scegli due profili diversi da unire.',
  mergeTwoAccounts:
    "I due profili sono collegati a due account diversi: non si possono unire. Scollega uno dei due account o chiedi all'assistenza.",
  mergeKindDenied: 'Il tuo ruolo non consente di unire questi profili: uno dei due ha un ruolo che non puoi modificare o archiviare.',
  mergedWith: (name: string, taxIdCode: string) => `Unito con ${name} (${taxIdCode})`,
  merged: (name: string) => `Profili uniti: ora ${name} ha un solo profilo.`,

  // Seasons, the membership register (libro soci) and cards (issue 35 points 1-2)
  seasonLabelFormat: 'Indica la stagione nella forma 2025/26 (o 2026 se dura un anno solare).',
  seasonStartsOnRequired: 'Indica la data di inizio della stagione.',
  seasonEndsOnRequired: 'Indica la data di fine della stagione.',
  seasonEndsBeforeStart: 'La fine della stagione deve venire dopo il suo inizio.',
  seasonTooLong: 'Una stagione dura al massimo un anno.',
  seasonOverlaps: (label: string) => `Le date si sovrappongono alla stagione ${label}.`,
  seasonLabelTaken: 'Esiste già una stagione con questo nome.',
  seasonClosedReadOnly: 'La stagione è chiusa: è in sola lettura.',
  seasonStatusInvalid: 'Scegli lo stato della stagione: in preparazione, aperta o chiusa.',
  seasonSaved: 'Stagione salvata correttamente.',
  seasonPrepared: (label: string) => `Stagione ${label} in preparazione.`,
  memberAdmittedOnRequired: "Indica la data di ammissione.",
  memberAlreadyAdmitted: 'Questa persona è già nel libro soci: registra prima la sua uscita.',
  memberBoardDecisionBeforeAdmission: "La delibera non può venire dopo l'ammissione.",
  memberAdmitted: (number: number) => `Socio ammesso con il numero ${number} del libro soci.`,
  memberExitOnRequired: "Indica la data di uscita.",
  memberExitCauseRequired: "Indica la causa dell'uscita: recesso, decadenza, esclusione o decesso.",
  memberExitBeforeAdmission: "L'uscita non può precedere l'ammissione.",
  memberAlreadyExited: "Per questo socio l'uscita è già registrata.",
  memberExitRecorded: 'Uscita registrata: il socio resta nel libro soci con il suo numero.',
  memberExitedNoRenewal: 'Il socio è uscito: non può rinnovare.',
  memberRenewedOnRequired: 'Indica la data del rinnovo.',
  memberAlreadyRenewed: 'Il socio ha già rinnovato per questa stagione.',
  memberRenewalBeforeAdmission: "Il rinnovo non può precedere l'ammissione.",
  memberRenewed: (label: string) => `Rinnovo per la stagione ${label} registrato.`,
  quotaInvalid: 'Indica la quota in centesimi di euro, un numero intero non negativo.',
  quotaInEuro: 'Indica la quota in euro, ad esempio 25 oppure 25,50.',
  registerNumberInvalid: 'Il numero del libro soci deve essere un numero intero da 1 in su.',
  cardBodyRequired: "Indica l'ente o la federazione della tessera.",
  cardNumberRequired: 'Indica il numero della tessera.',
  cardStartsOnRequired: 'Indica la data di inizio della tessera.',
  cardExpiresOnRequired: 'Indica la scadenza della tessera.',
  cardExpiresBeforeStart: 'La scadenza della tessera deve venire dopo il suo inizio.',
  cardNumberTaken: 'Esiste già una tessera con questo numero per questo ente e questa stagione.',
  cardSaved: 'Tessera salvata correttamente.',
  cardDeleted: 'Tessera eliminata.',

  // Families: guardians of minors (issue 36 point 1)
  guardianRelationshipInvalid: 'Scegli il legame: genitore, tutore o altro.',
  guardianMissing: 'Scegli una persona già presente oppure indica nome e cognome del genitore o tutore.',
  guardianSelf: 'Una persona non può essere genitore o tutore di sé stessa.',
  guardianExists: 'Questa persona è già indicata come genitore o tutore.',
  guardianSaved: 'Genitore o tutore salvato correttamente.',
  guardianRemoved: 'Genitore o tutore rimosso.',

  // Consents and the privacy notice (issue 36 point 2)
  privacyNoticeTitleRequired: "Indica il titolo dell'informativa.",
  privacyNoticeTextRequired: "Scrivi il testo dell'informativa.",
  privacyNoticePublished: (version: number) => `Informativa privacy pubblicata: versione ${version}.`,
  privacyNoticeMissing: "La società non ha ancora pubblicato un'informativa privacy: pubblicala prima di registrare i consensi.",
  consentPurposeInvalid: 'Scegli per cosa è il consenso.',
  consentAnswerRequired: 'Indica se il consenso è dato o negato.',
  consentGivenOnInvalid: 'Indica la data del consenso, non futura.',
  consentGuardianRequired: 'Per un minore di 14 anni il consenso lo dà un genitore o tutore: sceglilo.',
  consentGuardianRequiredForPurpose: 'Per questo consenso di un minore serve un genitore o tutore fino ai 18 anni.',
  consentGiverNotGuardian: 'Chi dà il consenso deve essere un genitore o tutore registrato della persona.',
  consentAdultSelf: 'Una persona maggiorenne dà il consenso da sé.',
  consentRecorded: 'Consenso registrato.',
  consentWithdrawn: 'Consenso revocato.',
  consentAlreadyWithdrawn: 'Questo consenso è già stato revocato.',
  // Online registration by link (issue 36 point 3)
  registrationTitleRequired: 'Indica il titolo del modulo.',
  registrationSeasonRequired: 'Scegli la stagione del modulo.',
  registrationStatusInvalid: 'Scegli lo stato del modulo: bozza, aperto o chiuso.',
  registrationAskInvalid: 'Scegli se il dato è richiesto, facoltativo o non chiesto.',
  registrationQuestionInvalid: 'Domanda non valida: controlla tipo e identificativo.',
  registrationQuestionLabelRequired: 'Scrivi il testo della domanda.',
  registrationOptionRequired: 'Scrivi il testo della scelta.',
  registrationOptionsRequired: 'Una domanda a scelta ha almeno due opzioni.',
  registrationTooManyOptions: 'Al massimo 20 opzioni per domanda.',
  registrationTooManyQuestions: 'Al massimo 20 domande per modulo.',
  registrationFormSaved: 'Modulo di iscrizione salvato.',
  registrationGroupInvalid: 'Il gruppo scelto non è un gruppo di atleti attivo della società.',
  registrationSeasonClosed: 'La stagione scelta è chiusa: scegli una stagione aperta.',
  registrationFormNotFound: 'Modulo di iscrizione non trovato: controlla il link ricevuto dalla società.',
  registrationFormClosed: 'Le iscrizioni con questo modulo sono chiuse. Contatta la società.',
  registrationNoticeMissing: "La società non ha ancora pubblicato l'informativa privacy: le iscrizioni online non sono disponibili.",
  registrationWhoInvalid: 'Indica se iscrivi te stesso o i tuoi figli.',
  registrationEmailRequired: "Indica l'email: riceverai il codice per firmare.",
  registrationPeopleRequired: 'Aggiungi almeno una persona da iscrivere.',
  registrationTooManyPeople: (max: number) => `Al massimo ${max} persone per iscrizione.`,
  registrationProvisionalTaxCode: 'Serve il codice fiscale definitivo di 16 caratteri.',
  registrationAdultChild: "Questa persona è maggiorenne: si iscrive da sé con l'iscrizione personale.",
  registrationMinorSelf: 'Un minorenne è iscritto da un genitore o tutore.',
  registrationSamePerson: 'La stessa persona compare due volte.',
  registrationFieldRequired: 'Campo obbligatorio.',
  registrationAnswerRequired: 'Rispondi a questa domanda.',
  registrationAnswerInvalid: 'Risposta non valida.',
  registrationNoticeRequired: "Per iscriversi bisogna dichiarare di aver letto l'informativa privacy.",
  registrationDataConsentRequired: 'Senza il consenso al trattamento dei dati la società non può accettare l\'iscrizione.',
  registrationDocumentRequired: (label: string) => `Carica il documento richiesto: ${label.toLowerCase()}.`,
  registrationDocumentUploaded: 'Documento caricato.',
  registrationDocumentsFull: 'Il modulo sta ricevendo troppi documenti in questo momento: riprova tra qualche ora o contatta la società.',
  registrationDocumentUnexpected: 'Documento non richiesto da questo modulo.',
  registrationCertificateDataRequired: 'Indica tipo, data di rilascio e scadenza del certificato caricato.',
  registrationCodeSent: (masked: string) => `Ti abbiamo inviato un codice di 6 cifre a ${masked}: inseriscilo per firmare.`,
  registrationSignerRequired: 'Scrivi nome e cognome per firmare.',
  registrationSignerMismatch: 'Scrivi il tuo nome e cognome come indicati nel modulo.',
  registrationCodeInvalid: 'Codice non valido: controlla le 6 cifre ricevute per email.',
  registrationCodeExpired: 'Il codice è scaduto o è stato usato troppe volte: chiedine uno nuovo.',
  registrationLinkInvalid: 'Iscrizione non trovata o già firmata.',
  registrationSigned: 'Iscrizione firmata e inviata alla società. Riceverai una email quando sarà approvata.',
  registrationNotPending: 'Questa iscrizione non è più in attesa di approvazione.',
  registrationApproved: (count: number) => (count === 1 ? 'Iscrizione approvata.' : `${count} iscrizioni approvate.`),
  registrationChangesRequested: 'Richiesta di modifiche inviata.',
  registrationRejected: 'Iscrizione rifiutata.',
  registrationReasonRequired: 'Scrivi il motivo: lo riceverà chi ha fatto l\'iscrizione.',
  registrationMergeInvalid: 'La persona scelta per l\'unione non corrisponde a questo codice fiscale.',
  registrationTooManyAtOnce: (max: number) => `Al massimo ${max} iscrizioni alla volta.`,

  // A field's message with the value that was refused (issue 35 point 4: the import quotes the file's cell back)
  withValue: (message: string, value: string) => `${message.replace(/[.!]$/, '')}: «${value}».`,
} as const;

/**
 * The spec's texts that are not correct Italian (§5 'Tipologia gruppo obbligatorio': tipologia is feminine; §8's
 * 'Nuovo gruppo / manager / allenatore / post / categoria salvato correttamente' read for categoria). The legacy
 * REST API answers them word for word, as the spec's clients may compare them (server/compat/envelope.ts); GraphQL
 * and the screen say MSG's correct Italian.
 */
export const LEGACY_SPEC_WORDING = {
  groupTypeRequired: 'Tipologia gruppo obbligatorio',
  categoryCreated: 'Nuovo categoria salvato correttamente',
} as const satisfies Partial<Record<keyof typeof MSG, string>>;

const LEGACY_BY_MESSAGE: ReadonlyMap<string, string> = new Map(
  Object.entries(LEGACY_SPEC_WORDING).map(([key, legacy]) => [MSG[key as keyof typeof LEGACY_SPEC_WORDING], legacy]),
);

/** A message as the legacy REST API says it: the spec's own words where MSG corrects them, else unchanged. */
export const legacyWording = (message: string): string => LEGACY_BY_MESSAGE.get(message) ?? message;
