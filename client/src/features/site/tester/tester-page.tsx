// /tester: the founding-tester programme (spec §1 offer): what testers get, what we ask, the dates (only those still
// ahead: see offer.ts).
import { Link } from '../../../lib/public-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { VERIFICATION_HOURS } from '../../../lib/offer';
import { useOffer } from '../../../lib/use-offer';
import './tester.css';

const BENEFITS = [
  { title: 'Un referente dedicato', text: 'Una persona del team ti aiuta a importare soci, atleti e gruppi dai tuoi fogli Excel.' },
  { title: 'Voce in capitolo', text: 'Le richieste delle società fondatrici decidono le prossime funzionalità di CampoBase.' },
] as const;

const ASKS = [
  'Usare CampoBase davvero, nella stagione in corso, almeno per tesserati e comunicazioni.',
  'Dirci cosa non funziona: un messaggio quando qualcosa non va, una breve chiamata al mese se ti va.',
  'Essere una società sportiva reale: ASD, SSD, polisportiva, centro sportivo o gruppo scolastico.',
  'Rispondere alla nostra telefonata di verifica dopo la registrazione.',
] as const;

const FIRST_STEPS = [
  { when: 'Oggi', what: 'Registri la società in cinque minuti e inizi subito a usare CampoBase.' },
  {
    when: `Entro ${VERIFICATION_HOURS} ore`,
    what: 'Verifichiamo che la società esista e ti telefoniamo per conoscerti e aiutarti a partire.',
  },
] as const;

export default function TesterPage() {
  useDocumentTitle('Programma tester fondatori');
  const offer = useOffer();
  const benefits = [...offer.copy.dated, ...BENEFITS];
  const timeline = [...FIRST_STEPS, ...offer.copy.timeline];
  return (
    <>
      <section className="tester-hero">
        <div className="pub-container">
          {offer.phase !== 'ended' && <p className="pub-badge">Posti limitati alla stagione 2025/26</p>}
          <h1 className="pub-h1">
            Diventa una società <span className="pub-highlight">tester fondatrice</span>.
          </h1>
          <p className="pub-lead">
            Cerchiamo società sportive che vogliano costruire con noi il gestionale di cui hanno bisogno. In cambio,{' '}
            {offer.copy.testerReward}
          </p>
          <div className="tester-actions">
            <Link to="/signup" className="pub-btn pub-btn--primary">
              Registra la tua società
            </Link>
            <Link to="/richiedi-informazioni?fn=tester" className="pub-btn pub-btn--ghost">
              Preferisco essere richiamato
            </Link>
          </div>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="tester-get">
        <div className="pub-container">
          <h2 id="tester-get" className="pub-h2">
            Cosa ottieni
          </h2>
          <ul className="tester-grid">
            {benefits.map((benefit) => (
              <li key={benefit.title} className="pub-card">
                <h3 className="tester-card-title">{benefit.title}</h3>
                <p className="pub-muted">{benefit.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="pub-section pub-section--alt" aria-labelledby="tester-ask">
        <div className="pub-container tester-split">
          <div>
            <h2 id="tester-ask" className="pub-h2">
              Cosa ti chiediamo
            </h2>
            <p className="pub-lead">Poco, ma fatto sul serio: il programma funziona se CampoBase viene usato ogni settimana.</p>
          </div>
          <ul className="tester-asks">
            {ASKS.map((ask) => (
              <li key={ask}>{ask}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="tester-dates">
        <div className="pub-container tester-dates">
          <h2 id="tester-dates" className="pub-h2">
            {offer.copy.timeline.length > 0 ? 'Le date dell’offerta' : 'Come si parte'}
          </h2>
          <ol className="tester-timeline">
            {timeline.map((entry) => (
              <li key={entry.when}>
                <strong>{entry.when}</strong>
                <span>{entry.what}</span>
              </li>
            ))}
          </ol>
          <div className="tester-actions">
            <Link to="/signup" className="pub-btn pub-btn--primary">
              {offer.phase === 'free' ? 'Inizia ora, è gratis' : 'Inizia ora'}
            </Link>
            <Link to="/richiedi-informazioni?fn=tester" className="pub-btn pub-btn--ghost">
              Richiedi informazioni
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
