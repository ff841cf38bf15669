// The help centre's questions (/aiuto), grouped by screen. Plain data: the page renders and searches it.
import { IMPORT_UNDO_DAYS } from '../../../../schema/import-columns';

export interface FaqEntry {
  question: string;
  answer: string[];
}

export interface FaqSection {
  id: string;
  title: string;
  entries: FaqEntry[];
}

export const HELP_FAQ: FaqSection[] = [
  {
    id: 'dashboard',
    title: 'Dashboard e navigazione',
    entries: [
      {
        question: 'Cosa trovo nella dashboard?',
        answer: [
          "La dashboard è la pagina che vedi dopo l'accesso: ti dà il benvenuto e ricorda quale società stai gestendo e la stagione in corso.",
          'Dal menu laterale raggiungi tutte le sezioni; sul telefono il menu si apre con il pulsante in alto a sinistra, su schermi grandi puoi ridurlo alle sole icone.',
        ],
      },
      {
        question: 'Dove trovo il mio profilo, la sicurezza e le impostazioni?',
        answer: [
          'Nel menu del profilo, in alto a destra (il cerchio con le tue iniziali): Profilo, Sicurezza, Club, Impostazioni, Lascia un feedback, Centro assistenza ed Esci.',
        ],
      },
    ],
  },
  {
    id: 'persone',
    title: 'Atleti, staff, soci e volontari',
    entries: [
      {
        question: 'Come aggiungo un atleta, un allenatore o un socio?',
        answer: [
          "Apri l'elenco che ti interessa (Atleti, Dirigenti, Allenatori, Accompagnatori, Soci o Volontari) e premi «Nuovo». Il modulo si apre nel pannello laterale.",
          "Nome, cognome e codice fiscale sono obbligatori; il telefono accetta solo numeri e, se indichi la data di nascita, l'età deve essere di almeno 3 anni.",
        ],
      },
      {
        question: 'La stessa persona può avere più ruoli?',
        answer: [
          'Sì. La scheda anagrafica è una sola per società, riconosciuta dal codice fiscale: se inserisci un codice fiscale già presente, CampoBase ti propone di riusare i dati esistenti (per esempio un allenatore che è anche socio).',
        ],
      },
      {
        question: 'Come cerco una persona?',
        answer: [
          'Scrivi nella casella di ricerca una parte del nome, del cognome o del codice fiscale: le lettere accentate non contano («nicolo» trova Nicolò) e devono comparire tutte le parole che scrivi.',
          'Con i filtri sopra la tabella mostri solo chi appartiene a un gruppo; «Cancella filtri» toglie ricerca e filtri. Gli elenchi mostrano 8 persone per pagina.',
        ],
      },
      {
        question: 'Come modifico o associo una persona a un gruppo?',
        answer: [
          'Dal menu azioni della riga scegli «Visualizza» per aprire la pagina della persona (dati, ruoli, certificati medici, documenti e modifiche), «Modifica» per aprire la scheda, oppure «Associa» per aggiungerla a un gruppo o a una categoria del suo tipo.',
        ],
      },
    ],
  },
  {
    id: 'gruppi',
    title: 'Gruppi e categorie',
    entries: [
      {
        question: 'Che differenza c’è tra gruppi e categorie?',
        answer: [
          'Le categorie raggruppano gli atleti (per esempio Under 12 o Senior). I gruppi raccolgono le altre persone: dirigenti, allenatori, staff, soci e volontari.',
        ],
      },
      {
        question: 'Come creo un gruppo o una categoria?',
        answer: [
          'In Gruppi premi «Nuovo gruppo» e scegli nome e tipologia; in Categorie premi «Nuova categoria»: basta il nome. «Apri» mostra l’elenco delle persone del gruppo.',
        ],
      },
    ],
  },
  {
    id: 'feed',
    title: 'Feed e avvisi',
    entries: [
      {
        question: 'A cosa serve il feed?',
        answer: [
          'Il feed raccoglie gli avvisi della società. Ogni post ha un titolo, un testo, una priorità (nessuna, Importante o Urgente) e i gruppi a cui è rivolto.',
          'Puoi cercare tra i post, modificarli e archiviarli quando non servono più.',
        ],
      },
    ],
  },
  {
    id: 'archivio',
    title: 'Archivio',
    entries: [
      {
        question: 'Cosa succede quando archivio una persona?',
        answer: [
          "L'archiviazione è definitiva: la persona esce dagli elenchi, non può più essere associata ad altri gruppi e il profilo collegato riceve una notifica.",
          'Le persone archiviate restano consultabili nella pagina Archiviati, divisa per tipologia, in sola lettura.',
        ],
      },
    ],
  },
  {
    id: 'importazione',
    title: 'Importazione',
    entries: [
      {
        question: 'Posso importare le persone da un file?',
        answer: [
          "Sì: dalla lista (Atleti, Allenatori, Soci...) premi «Importa». Puoi trascinare o scegliere un file CSV, XLS o XLSX; se parti da zero scarica il modello CSV o Excel. Le colonne obbligatorie sono Nome, Cognome e Codice fiscale.",
          "Prima di importare vedi un'anteprima: quante persone sono nuove, aggiornate, invariate o non valide, quali campi cambiano e perché una riga non va (con un file degli errori da scaricare e correggere). Scegli se toccare le persone già presenti (stesso codice fiscale): solo nuove, completa i campi vuoti o sovrascrivi.",
          `L'importazione è tutto o niente e resta nello storico della pagina, da cui puoi annullarla entro ${IMPORT_UNDO_DAYS} giorni: chi è stato modificato nel frattempo resta com'è.`,
        ],
      },
    ],
  },
  {
    id: 'club',
    title: 'Club e impostazioni',
    entries: [
      {
        question: 'Dove vedo e modifico i dati della società?',
        answer: [
          'Nella pagina Club (dal menu laterale o dal menu del profilo) trovi nome, tipologia, sport, anno di fondazione, dati fiscali, contatti e logo della società.',
        ],
      },
      {
        question: 'Come cambio la stagione o i colori della società?',
        answer: [
          'In Impostazioni, dal menu del profilo, puoi indicare la stagione mostrata nella barra in alto (per esempio 2025/26) e i colori della società.',
        ],
      },
    ],
  },
  {
    id: 'account',
    title: 'Account e sicurezza',
    entries: [
      {
        question: 'Come modifico i miei dati personali?',
        answer: [
          'Dal menu del profilo scegli «Profilo»: puoi cambiare nome, cognome, soprannome, data di nascita e codice fiscale e premere «Salva modifiche».',
          "L'email con cui accedi non si modifica da lì: se devi cambiarla, scrivici con «Lascia un feedback».",
        ],
      },
      {
        question: 'Come cambio la password?',
        answer: [
          'Dal menu del profilo scegli «Sicurezza», inserisci la password attuale e due volte quella nuova (almeno 8 caratteri).',
          'Dopo il cambio resti connesso solo sul dispositivo che stai usando: sugli altri servirà accedere di nuovo.',
        ],
      },
      {
        question: 'Ho dimenticato la password: cosa faccio?',
        answer: [
          'Nella pagina di accesso premi «Hai dimenticato la password?»: ricevi via email un codice di 6 cifre, valido 10 minuti, con cui scegliere una nuova password.',
        ],
      },
      {
        question: 'Come vedo dove ho effettuato l’accesso?',
        answer: [
          'In «Sicurezza» trovi le sessioni attive, con dispositivo, indirizzo IP e ultimo utilizzo; quella in uso è segnata come «Questo dispositivo».',
          'Se non riconosci una sessione, terminala e cambia la password. Ogni accesso dura 30 giorni, poi serve accedere di nuovo.',
        ],
      },
    ],
  },
  {
    id: 'contatti',
    title: 'Come contattarci',
    entries: [
      {
        question: 'Come segnalo un problema o propongo un miglioramento?',
        answer: [
          'Dal menu del profilo scegli «Lascia un feedback»: indica se è un suggerimento, un problema o un apprezzamento e scrivi il messaggio (fino a 4000 caratteri).',
          'Insieme al messaggio ci arriva la pagina da cui scrivi, così capiamo subito di cosa parli.',
        ],
      },
    ],
  },
];
