// Cookie banner (Accetta / Rifiuta / Preferenze) and the preferences dialog (necessary always on, analytics
// toggle, "Salva preferenze": consent-preferences.tsx). Escape closes either without deciding: analytics stays off.
import { lazy, Suspense, useEffect, useId } from 'react';
import { Link } from '../../../lib/public-router';
import { applyConsent, decideConsent, dismissConsent, openConsentPreferences, useConsent } from './consent-store';

// Most visitors only answer the banner: the preferences dialog is its own small chunk.
const ConsentPreferences = lazy(() => import('./consent-preferences'));

export function CookieConsent() {
  const { decision, view } = useConsent();

  // A previous acceptance starts analytics on every visit.
  useEffect(() => {
    applyConsent();
  }, []);

  useEffect(() => {
    if (view === 'hidden') return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismissConsent();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [view]);

  if (view === 'banner') return <ConsentBanner />;
  if (view === 'preferences') {
    return (
      <Suspense fallback={null}>
        <ConsentPreferences initialAnalytics={decision?.analytics ?? false} hasDecision={decision !== null} />
      </Suspense>
    );
  }
  return null;
}

function ConsentBanner() {
  const titleId = useId();
  return (
    <section className="pub-consent-banner" aria-labelledby={titleId} data-testid="cookie-banner">
      <div className="pub-consent-banner__text">
        <h2 id={titleId} className="pub-consent-banner__title">
          Usiamo i cookie con misura
        </h2>
        <p>
          I cookie tecnici fanno funzionare il sito. Con il tuo consenso usiamo anche cookie statistici per capire
          quali pagine sono utili alle società sportive. Puoi cambiare idea quando vuoi da «Gestisci cookie».{' '}
          <Link to="/cookie-policy">Cookie policy</Link>
        </p>
      </div>
      <div className="pub-consent-banner__actions">
        <button type="button" className="pub-btn pub-btn--ghost" onClick={() => decideConsent(false)}>
          Rifiuta
        </button>
        <button
          type="button"
          className="pub-btn pub-btn--ghost"
          onClick={openConsentPreferences}
        >
          Preferenze
        </button>
        <button type="button" className="pub-btn pub-btn--primary" onClick={() => decideConsent(true)}>
          Accetta
        </button>
      </div>
    </section>
  );
}
