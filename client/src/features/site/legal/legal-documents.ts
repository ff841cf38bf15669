// Texts of the legal pages. Plain data rendered by legal-page.tsx: a string is a paragraph, {list} a bullet list,
// {table} a small table. Tokens in braces ({name}, {address}, {vat}, {email}, {pec}) are the data controller's
// details, which come from the server's configuration (GET /api/site-config), never from this file; so do the
// founding-tester offer's months ({offerFreeUntil}, {offerLockedFrom}, {offerLockedUntil}: OFFER_* settings).
import type { LegalDocKey } from './legal-routes';

export type LegalBlock =
  | string
  | { list: readonly string[] }
  | { table: { head: readonly string[]; rows: readonly (readonly string[])[] } }
  | { action: 'cookie-preferences' };

export interface LegalSection {
  title: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  updated: string;
  /** Show the controller's card at the top. */
  controllerCard: boolean;
  sections: readonly LegalSection[];
}

const UPDATED = '1 settembre 2025';

export const LEGAL_DOCUMENTS: Record<LegalDocKey, LegalDocument> = {
  privacy: {
    title: 'Informativa sulla privacy',
    intro:
      'Come CampoBase tratta i dati personali di chi visita il sito, di chi registra una società e delle persone che le società sportive gestiscono con CampoBase: atleti, anche minorenni, tecnici, soci e volontari. Informativa resa ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 (GDPR) e del Codice in materia di protezione dei dati personali (D.Lgs. 196/2003).',
    updated: UPDATED,
    controllerCard: true,
    sections: [
      {
        title: '1. Chi tratta i tuoi dati',
        blocks: [
          'Il titolare del trattamento è {name}, con sede in {address}, P.IVA {vat}, contattabile all’indirizzo {email} o via PEC a {pec}.',
          'CampoBase ha due ruoli diversi, a seconda dei dati:',
          {
            list: [
              'è titolare del trattamento per i dati di chi visita il sito, di chi chiede informazioni, di chi registra una società e dei suoi collaboratori che accedono alla piattaforma (dati di account);',
              'è responsabile del trattamento, ai sensi dell’art. 28 GDPR, per i dati che ogni società sportiva inserisce in CampoBase sui propri tesserati, soci, tecnici e volontari. Per questi dati il titolare è la società sportiva: a lei vanno rivolte le richieste, e CampoBase la assiste nel rispondere.',
            ],
          },
        ],
      },
      {
        title: '2. Responsabile della protezione dei dati (DPO)',
        blocks: [
          'Abbiamo nominato un responsabile della protezione dei dati, che puoi contattare per ogni questione sul trattamento dei tuoi dati scrivendo a {email} con oggetto «Attenzione DPO», oppure via PEC a {pec}.',
        ],
      },
      {
        title: '3. Quali dati trattiamo',
        blocks: [
          {
            list: [
              'Dati di navigazione: indirizzo IP, tipo di browser, pagine visitate, data e ora, raccolti dai server per sicurezza e funzionamento.',
              'Dati di contatto delle richieste di informazioni: nome, email, telefono, nome della società, ruolo, regione e numero di tesserati.',
              'Dati di account: nome, cognome, codice fiscale, data di nascita, email, ruolo nel direttivo, credenziali (la password è conservata solo in forma cifrata con funzione di hash).',
              'Dati della società: denominazione, codice fiscale e partita IVA, sede, rappresentante legale, recapiti.',
              'Dati che la società gestisce sui propri tesserati: anagrafica, codice fiscale, recapiti, dati del genitore o tutore per i minori, tesseramenti, gruppi e categorie, quote e pagamenti, documenti e, se la società li inserisce, dati relativi alla salute come il certificato medico di idoneità sportiva, allergie e intolleranze.',
            ],
          },
        ],
      },
      {
        title: '4. Perché li trattiamo e su quale base giuridica',
        blocks: [
          {
            table: {
              head: ['Finalità', 'Base giuridica'],
              rows: [
                ['Fornire il servizio alla società registrata e gestire l’account', 'Esecuzione del contratto (art. 6.1.b GDPR)'],
                ['Rispondere alle richieste di informazioni e ricontattarti', 'Misure precontrattuali su tua richiesta (art. 6.1.b)'],
                ['Verificare entro 24 ore che la società esista, anche con una telefonata', 'Legittimo interesse a prevenire abusi e registrazioni false (art. 6.1.f)'],
                ['Adempiere agli obblighi fiscali e contabili', 'Obbligo di legge (art. 6.1.c)'],
                ['Proteggere il servizio da accessi abusivi e attacchi', 'Legittimo interesse alla sicurezza (art. 6.1.f)'],
                ['Statistiche aggregate sulle visite al sito pubblico', 'Consenso, revocabile in ogni momento (art. 6.1.a)'],
                ['Trattare i dati dei tesserati per conto della società', 'Istruzioni della società titolare (art. 28), secondo le sue basi giuridiche'],
              ],
            },
          },
          'Non usiamo i dati dei tesserati per finalità nostre, non li vendiamo e non li usiamo per pubblicità.',
        ],
      },
      {
        title: '5. Minori',
        blocks: [
          'Molti tesserati delle società sportive sono minorenni. In Italia, per i servizi della società dell’informazione offerti direttamente a un minore, il consenso del minore è valido dai 14 anni; sotto i 14 anni serve il consenso di chi esercita la responsabilità genitoriale (art. 8 GDPR e art. 2-quinquies del Codice privacy).',
          {
            list: [
              'CampoBase non offre il servizio direttamente ai minori di 14 anni: i loro dati sono inseriti dalla società sportiva, che raccoglie l’autorizzazione e, dove serve, il consenso del genitore o tutore, anche con il modulo di iscrizione online firmato digitalmente.',
              'L’accesso all’app per un minore di 14 anni avviene solo tramite l’account del genitore o tutore.',
              'Le informative rivolte ai minori sono scritte in un linguaggio semplice, come chiede l’art. 12 GDPR.',
            ],
          },
        ],
      },
      {
        title: '6. Dati relativi alla salute',
        blocks: [
          'Il certificato medico di idoneità sportiva, le allergie e le intolleranze sono dati relativi alla salute, cioè categorie particolari di dati (art. 9 GDPR). La società li tratta per adempiere agli obblighi in materia di tutela sanitaria dell’attività sportiva (art. 9.2.b e 9.2.g GDPR e normativa sulla certificazione medico-sportiva) o, per le informazioni non obbligatorie come allergie e intolleranze, con il consenso esplicito dell’interessato o del genitore (art. 9.2.a).',
          'In CampoBase questi dati sono visibili solo ai ruoli che la società autorizza, sono cifrati, non compaiono negli elenchi generali e non vengono mai usati per altre finalità.',
        ],
      },
      {
        title: '7. Dove sono conservati i dati',
        blocks: [
          'I dati sono ospitati esclusivamente su server situati in Italia, e in Italia si trovano anche le copie di backup. Non trasferiamo i dati delle società e dei tesserati fuori dallo Spazio economico europeo.',
          'Solo se accetti i cookie statistici, i dati di navigazione raccolti da Google Analytics possono essere trasferiti negli Stati Uniti da Google, che aderisce all’EU-U.S. Data Privacy Framework (decisione di adeguatezza della Commissione europea del 10 luglio 2023).',
        ],
      },
      {
        title: '8. Per quanto tempo',
        blocks: [
          {
            list: [
              'Dati di account e della società: per tutta la durata del contratto; alla chiusura puoi esportarli, poi sono cancellati entro 90 giorni.',
              'Dati dei tesserati: per il tempo deciso dalla società titolare e al massimo fino alla chiusura del suo account, più 90 giorni per l’esportazione.',
              'Documenti fiscali e contabili: 10 anni, come previsto dall’art. 2220 del Codice civile.',
              'Richieste di informazioni: 24 mesi dall’ultimo contatto, se non diventi cliente.',
              'Log di sicurezza e di accesso: 12 mesi.',
              'Backup: ruotano ogni 35 giorni; un dato cancellato scompare anche dai backup entro questo periodo.',
              'Cookie statistici: 14 mesi (vedi la cookie policy).',
            ],
          },
        ],
      },
      {
        title: '9. A chi comunichiamo i dati',
        blocks: [
          'I dati sono trattati dal nostro personale autorizzato e formato, con accesso limitato a quanto serve. Ci avvaliamo di fornitori nominati responsabili (sub-responsabili) del trattamento:',
          {
            list: [
              'fornitore di infrastruttura cloud con data center in Italia (hosting, database, backup);',
              'servizio di invio email transazionali con server nell’Unione europea (codici di accesso, avvisi);',
              'fornitore di firma digitale certificata, qualificato AgID, solo per i documenti che la società invia in firma;',
              'Google Ireland Ltd, solo per le statistiche del sito pubblico e solo con il tuo consenso.',
            ],
          },
          'L’elenco aggiornato dei sub-responsabili è disponibile su richiesta a {email}; alle società clienti comunichiamo in anticipo ogni nuovo sub-responsabile. I dati possono essere comunicati alle autorità quando la legge lo impone.',
        ],
      },
      {
        title: '10. I tuoi diritti',
        blocks: [
          'Puoi chiedere in ogni momento di accedere ai tuoi dati, rettificarli, cancellarli, limitarne il trattamento, riceverli in un formato portabile e opporti al trattamento basato sul legittimo interesse (artt. 15-22 GDPR). Puoi revocare il consenso ai cookie statistici da «Gestisci cookie» in fondo a ogni pagina, senza conseguenze sul servizio.',
          'Scrivi a {email}: rispondiamo entro 30 giorni. Se i tuoi dati sono stati inseriti da una società sportiva, rivolgiti prima a lei; se scrivi a noi, inoltriamo la richiesta alla società senza ritardo.',
          'Hai inoltre il diritto di proporre reclamo al Garante per la protezione dei dati personali (www.garanteprivacy.it).',
        ],
      },
      {
        title: '11. Altre informazioni',
        blocks: [
          'Il conferimento dei dati di account è necessario per usare il servizio; quello dei dati facoltativi (per esempio la regione nella richiesta di informazioni) no. Non prendiamo decisioni basate unicamente su trattamenti automatizzati, compresa la profilazione.',
          'Se modifichiamo questa informativa, la data in alto cambia e, per le modifiche importanti, avvisiamo le società registrate via email.',
        ],
      },
    ],
  },

  terms: {
    title: 'Termini e condizioni',
    intro:
      'Le condizioni che regolano l’uso di CampoBase da parte delle società e associazioni sportive. Registrando una società le accetti a nome della società che rappresenti.',
    updated: UPDATED,
    controllerCard: true,
    sections: [
      {
        title: '1. Il servizio',
        blocks: [
          'CampoBase è un servizio online, fornito da {name} (il «Fornitore»), per la gestione di società e associazioni sportive: tesserati, staff, soci, volontari, gruppi, documenti, quote e comunicazioni. Il servizio è rivolto a enti sportivi (ASD, SSD, polisportive, centri sportivi, gruppi scolastici, leghe e federazioni), non ai consumatori.',
        ],
      },
      {
        title: '2. Registrazione e verifica della società',
        blocks: [
          'Chi registra la società dichiara di averne i poteri (per esempio come presidente o membro del direttivo) e che i dati forniti sono veri. Entro 24 ore dalla registrazione verifichiamo che la società esista e telefoniamo al richiedente; se la verifica non va a buon fine possiamo sospendere l’account.',
          'Le credenziali sono personali: ogni collaboratore deve avere il proprio accesso. Avvisaci subito a {email} se sospetti un uso non autorizzato.',
        ],
      },
      {
        title: '3. Piani e prezzi',
        blocks: [
          {
            list: [
              'Gratis, 0 €/mese: 1 utente, 5GB, progetti pubblici, supporto della community.',
              'Pro, 9 €/mese: fino a 5 utenti, 5GB, progetti privati illimitati, supporto dedicato, dominio collegato gratuito.',
              'Club, 49 €/mese: utenti illimitati, 5GB, supporto prioritario, domini collegabili illimitati, report mensili.',
            ],
          },
          'I prezzi sono mensili e si intendono IVA esclusa. Puoi cambiare piano in ogni momento: il nuovo piano vale dal mese successivo.',
        ],
      },
      {
        title: '4. Offerta tester fondatori',
        blocks: [
          'Le società che si registrano durante il programma tester fondatori usano gratuitamente il piano scelto fino alla fine di {offerFreeUntil}. Da {offerLockedFrom} a {offerLockedUntil} pagano il prezzo del piano in vigore al momento della registrazione, anche se il listino aumenta. Prima del primo addebito inviamo un avviso con almeno 30 giorni di anticipo; se non confermi un metodo di pagamento, l’account passa al piano Gratis senza perdita di dati.',
        ],
      },
      {
        title: '5. Dati dei tesserati',
        blocks: [
          'Per i dati che inserisce su tesserati, soci, tecnici e volontari la società è titolare del trattamento e CampoBase è responsabile del trattamento ai sensi dell’art. 28 GDPR: l’accordo sul trattamento dei dati è parte integrante di questi termini. La società si impegna in particolare a:',
          {
            list: [
              'fornire agli interessati la propria informativa e avere una base giuridica per ogni trattamento;',
              'raccogliere, per i minori di 14 anni, l’autorizzazione o il consenso di chi esercita la responsabilità genitoriale;',
              'inserire dati relativi alla salute, come i certificati medici, solo quando necessari e nel rispetto dell’art. 9 GDPR;',
              'assegnare ai collaboratori profili di accesso adeguati al loro ruolo e revocarli quando non servono più.',
            ],
          },
        ],
      },
      {
        title: '6. I dati restano della società',
        blocks: [
          'I dati inseriti restano della società, che può esportarli in ogni momento in Excel, CSV o XML. Alla chiusura dell’account restano esportabili per 90 giorni, poi sono cancellati.',
        ],
      },
      {
        title: '7. Disponibilità e assistenza',
        blocks: [
          'Facciamo il possibile perché CampoBase sia sempre disponibile; gli interventi di manutenzione programmata sono annunciati e svolti preferibilmente di notte. L’assistenza è fornita secondo il piano: community, dedicata o prioritaria.',
        ],
      },
      {
        title: '8. Uso corretto',
        blocks: [
          'È vietato usare CampoBase per attività illecite, per inviare comunicazioni non richieste a persone estranee alla società o per tentare di accedere a dati di altre società. In questi casi possiamo sospendere l’account, dopo averlo comunicato salvo urgenza.',
        ],
      },
      {
        title: '9. Responsabilità',
        blocks: [
          'Il Fornitore risponde dei danni causati da dolo o colpa grave. Salvo questi casi, la responsabilità complessiva del Fornitore è limitata a quanto pagato dalla società nei 12 mesi precedenti l’evento. La società resta responsabile dei contenuti che inserisce.',
        ],
      },
      {
        title: '10. Durata, recesso e modifiche',
        blocks: [
          'Il contratto è a tempo indeterminato e la società può recedere in ogni momento dall’area riservata. Possiamo modificare questi termini con un preavviso di 30 giorni via email; se non sei d’accordo puoi recedere prima dell’entrata in vigore.',
        ],
      },
      {
        title: '11. Legge applicabile e foro',
        blocks: ['Questi termini sono regolati dalla legge italiana. Per ogni controversia è competente il foro della sede del Fornitore.'],
      },
    ],
  },

  informativa: {
    title: 'Note legali',
    intro: 'Informazioni sul gestore di questo sito, ai sensi dell’art. 7 del D.Lgs. 70/2003 sul commercio elettronico.',
    updated: UPDATED,
    controllerCard: true,
    sections: [
      {
        title: 'Gestore del sito',
        blocks: ['Il sito e il servizio CampoBase sono gestiti da {name}, {address}, P.IVA {vat}. Email {email}, PEC {pec}.'],
      },
      {
        title: 'Hosting',
        blocks: ['Il sito e i dati del servizio sono ospitati su server situati in Italia.'],
      },
      {
        title: 'Proprietà intellettuale',
        blocks: [
          'Testi, illustrazioni, marchio e software di CampoBase sono protetti dal diritto d’autore e dalle norme sulla proprietà industriale. È consentito citarli con indicazione della fonte; ogni altro uso richiede il nostro permesso scritto. I loghi e i contenuti caricati dalle società restano delle società.',
        ],
      },
      {
        title: 'Contenuti e collegamenti',
        blocks: [
          'Curiamo con attenzione i contenuti del sito, ma possono contenere imprecisioni: segnalacele a {email}. I collegamenti a siti esterni, come i nostri profili social, portano a pagine di cui non siamo responsabili.',
        ],
      },
      {
        title: 'Privacy e cookie',
        blocks: [
          'Il trattamento dei dati personali è descritto nell’informativa sulla privacy; l’uso dei cookie nella cookie policy.',
        ],
      },
    ],
  },

  'cookie-policy': {
    title: 'Cookie policy',
    intro:
      'Quali cookie e strumenti simili usa il sito di CampoBase, a cosa servono e come scegliere. Redatta secondo l’art. 122 del Codice privacy e le Linee guida del Garante sui cookie del 10 giugno 2021.',
    updated: UPDATED,
    controllerCard: false,
    sections: [
      {
        title: 'Cookie tecnici, sempre attivi',
        blocks: [
          'Servono a far funzionare il sito e il servizio e non richiedono consenso. Oltre ai cookie, usiamo la memoria locale del browser (localStorage), che non viene inviata ai nostri server se non quando serve.',
          {
            table: {
              head: ['Nome', 'Tipo', 'Scopo', 'Durata'],
              rows: [
                ['XSRF-TOKEN', 'Cookie', 'Protegge i moduli da richieste contraffatte', 'Sessione'],
                ['campobase.session', 'localStorage', 'Mantiene l’accesso all’area riservata', 'Fino all’uscita, al massimo 30 giorni'],
                ['campobase.club', 'localStorage', 'Ricorda la società su cui stai lavorando', 'Fino all’uscita'],
                ['campobase.plan', 'localStorage', 'Ricorda il piano scelto fino alla registrazione', 'Fino alla registrazione'],
                ['campobase.consent', 'localStorage', 'Ricorda la tua scelta sui cookie', '6 mesi, poi te lo chiediamo di nuovo'],
              ],
            },
          },
        ],
      },
      {
        title: 'Cookie statistici, solo con il tuo consenso',
        blocks: [
          'Se accetti, il sito pubblico carica Google Analytics 4 (Google Ireland Ltd) con indirizzo IP anonimizzato, per contare in forma aggregata visite e pagine più utili. Prima della tua scelta, e se rifiuti, lo script di Google non viene nemmeno scaricato. Non è mai attivo nell’area riservata.',
          {
            table: {
              head: ['Nome', 'Fornitore', 'Scopo', 'Durata'],
              rows: [
                ['_ga', 'Google', 'Distingue i visitatori in forma anonima', '14 mesi'],
                ['_ga_<id>', 'Google', 'Mantiene lo stato della sessione di visita', '14 mesi'],
              ],
            },
          },
        ],
      },
      {
        title: 'Come scegliere',
        blocks: [
          'Alla prima visita un banner ti chiede se accettare o rifiutare i cookie statistici; chiudendolo con Esc non accetti nulla. Puoi cambiare idea quando vuoi:',
          { action: 'cookie-preferences' },
          'Puoi anche cancellare cookie e dati dei siti dalle impostazioni del browser. Per i dati di navigazione trattati da Google vedi l’informativa di Google sulla privacy.',
        ],
      },
      {
        title: 'Titolare',
        blocks: ['Il titolare del trattamento è {name}, {address}, email {email}. Tutti i dettagli sono nell’informativa sulla privacy.'],
      },
    ],
  },

  sicurezza: {
    title: 'Sicurezza',
    intro:
      'Le società ci affidano dati delicati: dati di minori, certificati medici, pagamenti. Ecco come li proteggiamo, e come segnalarci un problema.',
    updated: UPDATED,
    controllerCard: false,
    sections: [
      {
        title: 'Dati in Italia',
        blocks: ['Database, file e backup sono ospitati solo in data center situati in Italia, con accesso fisico controllato.'],
      },
      {
        title: 'Cifratura',
        blocks: [
          {
            list: [
              'Tutte le comunicazioni con CampoBase viaggiano cifrate (HTTPS con TLS 1.2 o superiore).',
              'Database, documenti e backup sono cifrati a riposo.',
              'Le password sono conservate solo come hash Argon2id: nessuno, nemmeno noi, può leggerle.',
              'I token di sessione sono valori casuali a 256 bit, conservati solo come hash, revocabili e con scadenza.',
            ],
          },
        ],
      },
      {
        title: 'Accessi',
        blocks: [
          {
            list: [
              'Ogni collaboratore ha il proprio accesso, con permessi limitati al suo ruolo nella società.',
              'Ogni società vede solo i propri dati: ogni richiesta è verificata sul server, sempre.',
              'Tentativi di accesso ripetuti vengono bloccati temporaneamente.',
              'Gli accessi sono registrati e i log conservati per 12 mesi.',
              'Il nostro personale accede ai dati di una società solo per assistenza richiesta dalla società stessa.',
            ],
          },
        ],
      },
      {
        title: 'Backup e continuità',
        blocks: ['Backup cifrati giornalieri, conservati per 35 giorni; il ripristino viene provato periodicamente.'],
      },
      {
        title: 'Applicazione web',
        blocks: [
          'Intestazioni di sicurezza e Content Security Policy restrittiva, protezione dalle richieste contraffatte (XSRF), dimensione delle richieste limitata, messaggi di errore che non rivelano dettagli interni, aggiornamenti di sicurezza applicati con regolarità.',
        ],
      },
      {
        title: 'Violazioni dei dati',
        blocks: [
          'Se si verificasse una violazione dei dati personali, avviseremo le società interessate senza ingiustificato ritardo, così che possano notificarla al Garante entro 72 ore (art. 33 GDPR) e, se necessario, informare le persone coinvolte (art. 34).',
        ],
      },
      {
        title: 'Segnala una vulnerabilità',
        blocks: [
          'Hai trovato un problema di sicurezza? Scrivici a {email} con oggetto «Sicurezza», descrivendo come riprodurlo. Ti rispondiamo entro 3 giorni lavorativi, ti teniamo aggiornato sulla correzione e non intraprendiamo azioni contro chi segnala in buona fede, senza accedere ai dati di altri e senza interrompere il servizio.',
        ],
      },
    ],
  },
};
