// Public home (spec §1): hero, mission, features, sports sectors, partner, founding-tester offer, call to action,
// team, values; the footer comes from the public layout. Plain React + CSS, no images on phones.
import { lazy, Suspense } from 'react';
import { Link } from '../../../lib/public-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { WIDE_SCREEN_QUERY } from '../constants';
import { FEATURE_CATALOGUE, featureTabPath } from '../feature-catalogue';
import { VERIFICATION_HOURS } from '../../../lib/offer';
import { useOffer } from '../../../lib/use-offer';
import { useMediaQuery } from '../use-media-query';
import './home.css';

// Wide screens only: phones never download the slideshow's code, nor its images.
const HeroSlideshow = lazy(() => import('./hero-slideshow'));

const SECTORS = [
  { title: 'Società e ASD', text: 'Calcio, pallavolo, basket, rugby: tesserati, quote e convocazioni di ogni squadra.' },
  { title: 'Centri fitness', text: 'Abbonamenti, corsi e certificati medici sotto controllo, senza fogli sparsi.' },
  { title: 'Sport scolastico', text: 'Gruppi sportivi e corsi pomeridiani con il consenso dei genitori già raccolto.' },
  { title: 'Polisportive', text: 'Più sezioni, un solo libro soci: ogni sezione vede i suoi, il direttivo tutto.' },
  { title: 'Leghe regionali', text: 'Le società aderenti condividono dati e comunicazioni con la lega.' },
  { title: 'Federazioni nazionali', text: 'Una visione d’insieme delle affiliate, con il loro consenso e in sola lettura.' },
] as const;

const TEAM = [
  { initials: 'GF', name: 'Giulia Ferri', role: 'Co-fondatrice, prodotto', bio: 'Dieci anni da segretaria di una ASD di pallavolo a Bologna.' },
  { initials: 'MR', name: 'Marco Rinaldi', role: 'Co-fondatore, sviluppo', bio: 'Ingegnere e allenatore di minirugby il sabato mattina.' },
  { initials: 'SC', name: 'Sara Colombo', role: 'Successo delle società', bio: 'Ti chiama lei entro 24 ore per verificare la tua società.' },
  { initials: 'LB', name: 'Luca Bassi', role: 'Sicurezza e infrastruttura', bio: 'Tiene i dati delle società al sicuro, su server in Italia.' },
] as const;

const VALUES = [
  { title: 'Semplicità', text: 'Se serve un manuale, abbiamo sbagliato noi. CampoBase si usa anche dal telefono, a bordo campo.' },
  { title: 'Dati al sicuro, in Italia', text: 'Server in Italia, cifratura, accessi registrati. I dati dei minori trattati con la cura che meritano.' },
  { title: 'Trasparenza', text: 'Prezzi chiari, nessun vincolo nascosto, i tuoi dati esportabili quando vuoi.' },
  { title: 'Vicini allo sport di base', text: 'Costruiamo CampoBase insieme ai volontari che ogni giorno tengono in piedi le società.' },
] as const;

export default function HomePage() {
  useDocumentTitle(undefined);
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  const offer = useOffer();
  // the offer's dated steps still ahead, then what every tester gets
  const offerSteps = [
    ...offer.copy.dated,
    ...(offer.phase === 'ended'
      ? [{ title: 'Un referente dedicato', text: 'Una persona del team ti aiuta a importare soci, atleti e gruppi dai tuoi fogli Excel.' }]
      : []),
    { title: `Società verificata entro ${VERIFICATION_HOURS} ore`, text: 'Dopo l’iscrizione controlliamo che la società esista e ti telefoniamo.' },
  ];

  return (
    <>
      <section className="home-hero" aria-labelledby="home-hero-title">
        <div className="pub-container home-hero__inner">
          <div className="home-hero__copy">
            <p className="pub-eyebrow">Gestionale per società sportive</p>
            <h1 id="home-hero-title" className="home-hero__title">
              La tua società sportiva, <span className="pub-highlight">finalmente in ordine.</span>
            </h1>
            <p className="pub-lead">
              Tesserati, certificati medici, quote, documenti e avvisi in un unico posto. Pensato per le ASD e SSD
              italiane, con i dati ospitati in Italia.
            </p>
            <div className="home-actions">
              <Link to="/signup" className="pub-btn pub-btn--primary">
                Registra la tua società
              </Link>
              <Link to="/tester" className="pub-btn pub-btn--ghost">
                Diventa tester fondatore
              </Link>
            </div>
            <p className="home-hero__note">{offer.copy.headline}</p>
          </div>
          {isWide && (
            <Suspense fallback={<div className="home-hero__media home-hero__frame" aria-hidden="true" />}>
              <HeroSlideshow />
            </Suspense>
          )}
        </div>
      </section>

      <section className="pub-section" aria-labelledby="home-mission">
        <div className="pub-container home-mission">
          <div>
            <p className="pub-eyebrow">La nostra missione</p>
            <h2 id="home-mission" className="pub-h2">
              Meno burocrazia, più tempo in campo.
            </h2>
          </div>
          <div>
            <p className="pub-lead">
              In Italia lo sport di base vive grazie a presidenti, segretari e allenatori volontari che passano le
              serate tra fogli Excel, chat e moduli di carta. CampoBase mette ordine: una scheda per ogni persona,
              scadenze che si ricordano da sole, comunicazioni che arrivano a chi devono arrivare.
            </p>
            <p className="pub-muted">
              Così il tempo dei volontari torna dove serve davvero: agli atleti, alle famiglie, alla partita della
              domenica.
            </p>
          </div>
        </div>
      </section>

      <section className="pub-section pub-section--alt" aria-labelledby="home-features">
        <div className="pub-container">
          <p className="pub-eyebrow">Funzionalità</p>
          <h2 id="home-features" className="pub-h2">
            Tutto quello che serve a una società, niente di più.
          </h2>
          <div className="home-grid home-grid--2">
            {FEATURE_CATALOGUE.map((category) => (
              <article key={category.key} className="pub-card home-feature">
                <h3 className="home-card-title">{category.title}</h3>
                <p className="pub-muted">{category.summary}</p>
                <ul className="home-feature__links">
                  {category.details.map((detail) => (
                    <li key={detail.tab}>
                      <Link to={featureTabPath(category, detail)}>{detail.title}</Link>
                    </li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
          <ul className="home-claims">
            <li>Calendario delle attività</li>
            <li>Statistiche della stagione</li>
            <li>Gestione delle squadre</li>
            <li>Dati ospitati solo in Italia</li>
          </ul>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="home-sectors">
        <div className="pub-container">
          <p className="pub-eyebrow">Settori sportivi</p>
          <h2 id="home-sectors" className="pub-h2">
            Dalla società di quartiere alla federazione.
          </h2>
          <div className="home-grid home-grid--3">
            {SECTORS.map((sector) => (
              <article key={sector.title} className="home-sector">
                <h3 className="home-card-title">{sector.title}</h3>
                <p className="pub-muted">{sector.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="pub-section pub-section--alt" aria-labelledby="home-partner">
        <div className="pub-container home-split">
          <div>
            <p className="pub-eyebrow">Partner</p>
            <h2 id="home-partner" className="pub-h2">
              Lavoriamo con chi sta accanto alle società.
            </h2>
            <p className="pub-lead">
              Commercialisti, consulenti del lavoro sportivo, enti di promozione e comitati regionali: con CampoBase
              ricevete dalle società dati ordinati ed esportabili, senza ricopiare nulla.
            </p>
            <Link to="/richiedi-informazioni?fn=partner" className="pub-btn pub-btn--ghost">
              Diventa partner
            </Link>
          </div>
          <ul className="home-partner-list">
            <li>
              <strong>Commercialisti</strong> Esportazioni in Excel, CSV e XML per prima nota e rendiconto.
            </li>
            <li>
              <strong>Enti di promozione sportiva</strong> Affiliazioni e tesseramenti più semplici per le società.
            </li>
            <li>
              <strong>Comitati e leghe</strong> Comunicazioni e dati condivisi con il consenso delle società.
            </li>
          </ul>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="home-offer">
        <div className="pub-container">
          <div className="home-offer">
            <p className="pub-badge">{offer.phase === 'ended' ? 'Programma tester fondatori' : 'Offerta tester fondatori'}</p>
            <h2 id="home-offer" className="pub-h2">
              Entra ora tra le società fondatrici.
            </h2>
            <ol className="home-offer__steps">
              {offerSteps.map((step) => (
                <li key={step.title}>
                  <strong>{step.title}</strong>
                  <span>{step.text}</span>
                </li>
              ))}
            </ol>
            <div className="home-actions">
              <Link to="/signup" className="pub-btn pub-btn--light">
                Registra la tua società
              </Link>
              <Link to="/tester" className="home-offer__more">
                Come funziona il programma tester
              </Link>
            </div>
          </div>
        </div>
      </section>

      <section className="pub-section pub-section--alt" aria-labelledby="home-cta">
        <div className="pub-container home-cta">
          <h2 id="home-cta" className="pub-h2">
            Pronto a portare la tua società su CampoBase?
          </h2>
          <p className="pub-lead">
            Bastano cinque minuti per registrarti. Se preferisci, ti aiutiamo noi a scegliere il piano o ti
            richiamiamo.
          </p>
          <div className="home-actions home-actions--center">
            <Link to="/signup" className="pub-btn pub-btn--primary">
              Inizia gratis
            </Link>
            <Link to="/wizard" className="pub-btn pub-btn--ghost">
              Trova il tuo piano
            </Link>
            <Link to="/richiedi-informazioni?fn=home" className="pub-btn pub-btn--ghost">
              Richiedi informazioni
            </Link>
          </div>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="home-team" id="team">
        <div className="pub-container">
          <p className="pub-eyebrow">Il team</p>
          <h2 id="home-team" className="pub-h2">
            Persone che lo sport di base lo vivono.
          </h2>
          <ul className="home-grid home-grid--4 home-team">
            {TEAM.map((person) => (
              <li key={person.name} className="home-person">
                <span className="home-person__avatar" aria-hidden="true">
                  {person.initials}
                </span>
                <h3 className="home-card-title">{person.name}</h3>
                <p className="home-person__role">{person.role}</p>
                <p className="pub-muted">{person.bio}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="pub-section pub-section--alt" aria-labelledby="home-values">
        <div className="pub-container">
          <p className="pub-eyebrow">I nostri valori</p>
          <h2 id="home-values" className="pub-h2">
            Quello in cui crediamo.
          </h2>
          <div className="home-grid home-grid--4">
            {VALUES.map((value) => (
              <article key={value.title} className="home-value">
                <h3 className="home-card-title">{value.title}</h3>
                <p className="pub-muted">{value.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
