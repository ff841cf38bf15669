// Second part of the feature catalogue (see feature-catalogue.ts): each tab page's description and three points,
// and the full catalogue entries built from both parts. Imported by the feature pages only.
import { FEATURE_CATALOGUE as SUMMARIES, type FeatureCategory, type FeatureDetail } from './feature-catalogue';

type TabContent = Pick<FeatureDetail, 'description' | 'points'>;

/** Keyed by `${category key}/${tab}`. */
export const FEATURE_TAB_CONTENT: Readonly<Record<string, TabContent>> = {
  'tesserati/libro-soci': {
    description:
      'Il libro soci di CampoBase raccoglie in un solo posto atleti, tecnici, dirigenti, soci e volontari. Ogni scheda conserva dati anagrafici, codice fiscale, recapiti, tutore per i minori, certificato medico con la sua scadenza e lo storico delle tessere: basta con i fogli Excel sparsi tra i computer del direttivo.',
    points: [
      'Una sola anagrafica per persona, anche quando ha più ruoli nella società',
      'Note private, documenti allegati e storico di tesseramenti e gruppi',
      'Ricerca per nome o codice fiscale, anche senza accenti, in pochi istanti',
    ],
  },
  'tesserati/iscrizioni-online': {
    description:
      'Crea un modulo di iscrizione e condividi il link su WhatsApp, sul sito o sui social. Scegli quali campi chiedere, allega le informative privacy e raccogli la firma digitale del genitore: i dati arrivano già ordinati nel libro soci, pronti da approvare.',
    points: [
      'Campi configurabili per ogni stagione, corso o categoria',
      'Informative privacy e consenso del genitore per i minori di 14 anni',
      'Firma digitale del modulo, senza stampe né scansioni',
    ],
  },
  'tesserati/accesso-app': {
    description:
      "Con l'app di CampoBase ogni socio ha sempre con sé la propria tessera, gli avvisi della società, gli orari degli allenamenti e la scadenza del certificato medico. Le famiglie non devono più chiedere in chat: trovano tutto sul telefono.",
    points: [
      'Avvisi e comunicazioni ricevuti in tempo reale',
      'Tessera, quote e certificato medico sempre consultabili',
      'Un solo accesso per i genitori con più figli iscritti',
    ],
  },
  'tesserati/accesso-collaboratori': {
    description:
      'Segreteria, allenatori e accompagnatori lavorano sugli stessi dati, ognuno con ciò che gli serve: l’allenatore vede il proprio gruppo, la segreteria gestisce iscrizioni e pagamenti, il presidente vede tutto. Ogni accesso resta registrato.',
    points: [
      'Profili con permessi differenziati per ruolo',
      'Registro degli accessi consultabile dal presidente',
      'Revoca immediata quando un collaboratore lascia la società',
    ],
  },
  'documenti/ricevute': {
    description:
      'Emetti la ricevuta di una quota con un clic o genera in blocco le ricevute di un intero gruppo. I PDF riportano i dati della società e del pagante, sono numerati in automatico e restano archiviati nella scheda del socio, pronti per la detrazione delle spese sportive dei figli.',
    points: [
      'Ricevute singole o massive in PDF',
      'Numerazione progressiva automatica per stagione',
      'Invio per email al socio e archivio nella sua scheda',
    ],
  },
  'documenti/contratti': {
    description:
      'Prepara una volta i modelli di contratto per i collaboratori sportivi, le lettere di convocazione o le dichiarazioni per le famiglie: CampoBase li compila con i dati della persona e della società e li conserva nello storico.',
    points: [
      'Modelli riutilizzabili con campi compilati in automatico',
      'Contratti per collaboratori e tecnici sportivi',
      'Storico dei documenti emessi per ogni persona',
    ],
  },
  'documenti/firma-digitale': {
    description:
      'Invia un documento da firmare e ricevilo firmato con firma digitale certificata, senza incontri in segreteria. Ideale per moduli di iscrizione, liberatorie e contratti: il documento firmato torna in automatico nella scheda del socio.',
    points: [
      'Firma certificata con valore legale',
      'Firma dal telefono, senza stampanti né scanner',
      'Documento firmato archiviato nella scheda della persona',
    ],
  },
  'documenti/permessi-scolastici': {
    description:
      'Quando una gara o una trasferta cade in orario scolastico, genera in pochi secondi le lettere di giustificazione per la scuola di ogni atleta convocato, con i dati della società e la firma del presidente.',
    points: [
      'Lettere generate per tutti i convocati in un colpo solo',
      'Dati della gara, della società e dell’atleta già compilati',
      'PDF pronti da inviare alle famiglie',
    ],
  },
  'contabilita/quote-tariffe': {
    description:
      'Definisci le quote associative e di frequenza per ogni corso o categoria, con sconti per fratelli e pagamenti rateali. CampoBase calcola quanto deve ogni socio e quando, senza tabelle da aggiornare a mano.',
    points: [
      'Quote per corso, categoria o stagione',
      'Rate, sconti famiglia e quote agevolate',
      'Situazione di ogni socio sempre aggiornata',
    ],
  },
  'contabilita/pagamenti-tracciati': {
    description:
      'Registra contanti, bonifici e pagamenti elettronici: ogni incasso è legato al socio e alla quota, con la sua ricevuta. La tracciabilità dei pagamenti è richiesta alle ASD e SSD per mantenere le agevolazioni fiscali: con CampoBase è già fatta.',
    points: [
      'Incassi legati a socio, quota e ricevuta',
      'Contanti, bonifico e pagamenti elettronici',
      'Prima nota chiara per il revisore e il commercialista',
    ],
  },
  'contabilita/scadenze': {
    description:
      'CampoBase avvisa i soci prima della scadenza di una rata e la segreteria quando qualcuno è in ritardo. Lo stesso vale per i certificati medici: nessun atleta scende in campo con il certificato scaduto.',
    points: [
      'Promemoria automatici via email e app',
      'Elenco dei ritardi sempre a portata di mano',
      'Avvisi sulle scadenze dei certificati medici',
    ],
  },
  'contabilita/esportazione': {
    description:
      'A fine mese o a fine stagione esporta movimenti, quote e anagrafiche in Excel, CSV o XML: il commercialista riceve dati ordinati e tu non ricopi più nulla.',
    points: ['Esportazione in Excel, CSV e XML', 'Filtri per periodo, gruppo e tipo di movimento', 'Dati sempre tuoi: li scarichi quando vuoi'],
  },
  'comunicazioni/avvisi': {
    description:
      'Un cambio di orario, una partita rinviata, una riunione del direttivo: scrivi l’avviso una volta e scegli a chi inviarlo. Vedi chi l’ha letto e chi no, senza inseguire nessuno nelle chat.',
    points: [
      'Destinatari per gruppo, ruolo o categoria',
      'Conferma di lettura per ogni destinatario',
      'Priorità Importante e Urgente ben visibili',
    ],
  },
  'comunicazioni/messaggi': {
    description:
      'Ogni gruppo ha il suo canale: allenatori, atleti e famiglie parlano di allenamenti e convocazioni senza scambiarsi i numeri di telefono. Quando un atleta cambia squadra, cambia anche canale.',
    points: [
      'Un canale per ogni gruppo o categoria',
      'Nessun numero di telefono personale condiviso',
      'Iscritti aggiornati in automatico con i gruppi',
    ],
  },
  'comunicazioni/allegati': {
    description:
      'Allega PDF, immagini e moduli alle comunicazioni: convocazioni, calendari, regolamenti e circolari arrivano insieme all’avviso e restano disponibili per chi li cerca dopo.',
    points: ['PDF, immagini e documenti allegati', 'File conservati su server in Italia', 'Scaricabili dall’app in ogni momento'],
  },
  'comunicazioni/storico': {
    description:
      'Lo storico conserva ogni avviso inviato, con destinatari, allegati e letture. Quando qualcuno dice “non l’ho mai ricevuto”, la risposta è a un clic.',
    points: ['Archivio completo degli avvisi della stagione', 'Ricerca per testo, gruppo e data', 'Destinatari e letture sempre verificabili'],
  },
};

/** The full catalogue: every category with its tabs' descriptions and points. */
export const FEATURE_CATALOGUE: readonly FeatureCategory[] = SUMMARIES.map((category) => ({
  ...category,
  details: category.details.map((detail) => {
    const content = FEATURE_TAB_CONTENT[`${category.key}/${detail.tab}`];
    if (!content) throw new Error(`Catalogo funzionalità: testo mancante per ${category.key}/${detail.tab}`);
    return { ...detail, ...content };
  }),
}));

/**
 * Resolves a feature URL (/funzionalita/tesserati/libro-soci) to its category and tab. undefined when no category
 * lives at /{section}/{categoryKey}; `detail` undefined when the tab is unknown or missing.
 */
export function resolveFeatureRoute(
  section: string,
  categoryKey: string | undefined,
  tab: string | undefined,
): { category: FeatureCategory; detail: FeatureDetail | undefined } | undefined {
  const category = FEATURE_CATALOGUE.find((entry) => entry.baseRoute === `/${section}/${categoryKey}`);
  if (!category) return undefined;
  return { category, detail: category.details.find((detail) => detail.tab === tab) };
}
