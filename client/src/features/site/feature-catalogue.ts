// The feature catalogue (spec §3 "Feature catalogue entry", marketing modules of §1), in two parts that make
// one catalogue: this file holds what every public page needs (categories, base routes, tabs, titles, one-line
// texts: the mega-menu, the home, the footer); feature-catalogue-content.ts adds each tab's description and three
// points and exports the full entries, for the feature pages only. The split keeps ~2.5 kB gzip of marketing
// text off the home page (budget: 100 kB of JS). A unit test checks that both parts cover the same tabs.

export interface FeatureDetail {
  /** URL segment of the tab page. */
  tab: string;
  /** Tab label and page heading. */
  title: string;
  /** One-line pitch (mega-menu item, lead paragraph). */
  text: string;
  /** Longer explanation on the tab page. */
  description: string;
  /** Exactly three points. */
  points: readonly [string, string, string];
}

export interface FeatureCategory<Detail = FeatureDetail> {
  key: string;
  title: string;
  /** Label in the mega-menu's category column. */
  shortTitle: string;
  /** Short summary (home feature cards). */
  summary: string;
  /** e.g. /funzionalita/tesserati: a tab page lives at `${baseRoute}/${tab}`. */
  baseRoute: string;
  details: readonly Detail[];
}

/** A catalogue entry without the tab pages' long texts. */
export type FeatureSummary = FeatureCategory<Pick<FeatureDetail, 'tab' | 'title' | 'text'>>;

export const FEATURE_CATALOGUE: readonly FeatureSummary[] = [
  {
    key: 'tesserati',
    shortTitle: 'Tesserati',
    title: 'Tesserati e iscrizioni',
    summary: 'Libro soci digitale, iscrizioni online, app per i soci e accessi per i collaboratori.',
    baseRoute: '/funzionalita/tesserati',
    details: [
      { tab: 'libro-soci', title: 'Libro soci', text: 'Schede anagrafiche complete con note, documenti e storico.' },
      { tab: 'iscrizioni-online', title: 'Iscrizioni online', text: 'Un link da condividere: le famiglie si iscrivono da sole.' },
      { tab: 'accesso-app', title: 'App per i soci', text: "Atleti e famiglie consultano avvisi, orari e scadenze dall'app." },
      { tab: 'accesso-collaboratori', title: 'Accesso collaboratori', text: 'Profili di accesso con permessi differenziati e registro accessi.' },
    ],
  },
  {
    key: 'documenti',
    shortTitle: 'Documenti',
    title: 'Emissione documenti',
    summary: 'Ricevute in PDF, modelli di contratti e lettere, firma digitale e permessi scolastici.',
    baseRoute: '/funzionalita/documenti',
    details: [
      { tab: 'ricevute', title: 'Ricevute', text: 'Ricevute in PDF, una alla volta o tutte insieme.' },
      { tab: 'contratti', title: 'Contratti e lettere', text: 'Modelli di contratti e lettere compilati con i dati del socio.' },
      { tab: 'firma-digitale', title: 'Firma digitale', text: 'Firma digitale certificata, anche dal telefono.' },
      { tab: 'permessi-scolastici', title: 'Permessi scolastici', text: 'Lettere per le assenze scolastiche di gare e trasferte.' },
    ],
  },
  {
    key: 'contabilita',
    shortTitle: 'Contabilità',
    title: 'Contabilità e pagamenti',
    summary: 'Piani di quote, pagamenti tracciati, promemoria e rate, esportazione in Excel, CSV o XML.',
    baseRoute: '/funzionalita/contabilita',
    details: [
      { tab: 'quote-tariffe', title: 'Quote e tariffe', text: 'Piani di quote per corso, categoria o stagione, con rate.' },
      { tab: 'pagamenti-tracciati', title: 'Pagamenti tracciati', text: 'Ogni incasso registrato, con metodo e ricevuta.' },
      { tab: 'scadenze', title: 'Scadenze e promemoria', text: 'Promemoria automatici per quote e certificati in scadenza.' },
      { tab: 'esportazione', title: 'Esportazione', text: 'Esporta i dati in Excel, CSV o XML per il commercialista.' },
    ],
  },
  {
    key: 'comunicazioni',
    shortTitle: 'Comunicazioni',
    title: 'Comunicazioni',
    summary: 'Avvisi push a gruppi, ruoli o categorie con conferma di lettura, canali per gruppo, allegati e storico.',
    baseRoute: '/feature/comunicazioni',
    details: [
      { tab: 'avvisi', title: 'Avvisi', text: 'Avvisi push a gruppi, ruoli o categorie, con conferma di lettura.' },
      { tab: 'messaggi', title: 'Canali per gruppo', text: 'Un canale per ogni squadra, lontano dalle chat personali.' },
      { tab: 'allegati', title: 'Allegati', text: 'Convocazioni, moduli e regolamenti allegati agli avvisi.' },
      { tab: 'storico', title: 'Storico', text: 'Tutte le comunicazioni della stagione, in ordine e ricercabili.' },
    ],
  },
];

/** Where a detail's tab page lives. */
export function featureTabPath(category: { baseRoute: string }, detail: { tab: string }): string {
  return `${category.baseRoute}/${detail.tab}`;
}
