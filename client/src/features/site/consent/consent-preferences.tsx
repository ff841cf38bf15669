// Cookie preferences dialog: necessary cookies (always on), the analytics toggle, "Salva preferenze".
import { useEffect, useId, useRef, useState } from 'react';
import { decideConsent, dismissConsent, showConsentBanner } from './consent-store';

export default function ConsentPreferences({ initialAnalytics, hasDecision }: { initialAnalytics: boolean; hasDecision: boolean }) {
  const titleId = useId();
  const [analytics, setAnalytics] = useState(initialAnalytics);
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    return () => previous?.focus?.();
  }, []);

  return (
    <div className="pub-consent-backdrop">
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- a modal dialog keeps Tab inside itself (aria-modal) */}
      <div
        ref={dialogRef}
        className="pub-consent-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid="cookie-preferences"
        onKeyDown={(event) => {
          // aria-modal: Tab and Shift+Tab cycle inside the dialog.
          if (event.key !== 'Tab' || !dialogRef.current) return;
          const focusable = dialogRef.current.querySelectorAll<HTMLElement>('input:not([disabled]), button:not([disabled])');
          const first = focusable[0];
          const last = focusable[focusable.length - 1];
          if (event.shiftKey && (document.activeElement === first || document.activeElement === dialogRef.current)) {
            event.preventDefault();
            last?.focus();
          } else if (!event.shiftKey && document.activeElement === last) {
            event.preventDefault();
            first?.focus();
          }
        }}
      >
        <h2 id={titleId} className="pub-consent-banner__title">
          Preferenze cookie
        </h2>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            decideConsent(analytics);
          }}
        >
          <div className="pub-consent-option">
            <div>
              <p className="pub-consent-option__title" id={`${titleId}-necessary`}>
                Necessari
              </p>
              <p className="pub-consent-option__text">
                Sessione di accesso, sicurezza dei moduli (XSRF) e la scelta che stai facendo ora. Sempre attivi.
              </p>
            </div>
            <input type="checkbox" className="pub-switch" checked disabled aria-labelledby={`${titleId}-necessary`} />
          </div>
          <div className="pub-consent-option">
            <div>
              <label className="pub-consent-option__title" htmlFor={`${titleId}-analytics`}>
                Statistici
              </label>
              <p className="pub-consent-option__text">
                Misurano in forma aggregata le visite al sito pubblico (Google Analytics, IP anonimizzato). Mai
                attivi nell&apos;area riservata.
              </p>
            </div>
            <input
              id={`${titleId}-analytics`}
              type="checkbox"
              role="switch"
              className="pub-switch"
              checked={analytics}
              onChange={(event) => setAnalytics(event.target.checked)}
            />
          </div>
          <div className="pub-consent-banner__actions">
            <button type="button" className="pub-btn pub-btn--ghost" onClick={() => (hasDecision ? dismissConsent() : showConsentBanner())}>
              Annulla
            </button>
            <button type="submit" className="pub-btn pub-btn--primary">
              Salva preferenze
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
