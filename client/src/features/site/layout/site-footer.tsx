// Public footer: product and legal links (privacy, terms, site notice, cookies, security), "Gestisci cookie",
// copyright and social profiles.
import { Link } from '../../../lib/public-router';
import { openConsentPreferences } from '../consent/consent-store';
import { FEATURE_CATALOGUE, featureTabPath } from '../feature-catalogue';
import { BrandMark } from './brand';
import { SOCIAL_LINKS } from './social-links';

export const LEGAL_LINKS = [
  { to: '/privacy', label: 'Privacy policy' },
  { to: '/terms', label: 'Termini e condizioni' },
  { to: '/informativa', label: 'Note legali' },
  { to: '/cookie-policy', label: 'Cookie policy' },
  { to: '/sicurezza', label: 'Sicurezza' },
] as const;

export function SiteFooter() {
  return (
    <footer className="pub-footer">
      <div className="pub-container pub-footer__grid">
        <div className="pub-footer__brand">
          <p className="pub-footer__logo">
            <BrandMark size={28} />
            <span>
              Campo<span className="pub-footer__highlight">Base</span>
            </span>
          </p>
          <p>Il gestionale delle società sportive italiane. Dati ospitati in Italia.</p>
          <ul className="pub-footer__social" aria-label="CampoBase sui social">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.label}>
                <a href={social.href} target="_blank" rel="noopener noreferrer" aria-label={`CampoBase su ${social.label}`}>
                  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d={social.path} fill="currentColor" fillRule="evenodd" />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Funzionalità" className="pub-footer__col">
          <h2 className="pub-footer__title">Funzionalità</h2>
          <ul>
            {FEATURE_CATALOGUE.map((category) => (
              <li key={category.key}>
                <Link to={featureTabPath(category, category.details[0])}>{category.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="CampoBase" className="pub-footer__col">
          <h2 className="pub-footer__title">CampoBase</h2>
          <ul>
            <li>
              <Link to="/pricing">Prezzi</Link>
            </li>
            <li>
              <Link to="/tester">Programma tester</Link>
            </li>
            <li>
              <Link to="/wizard">Trova il tuo piano</Link>
            </li>
            <li>
              <Link to="/richiedi-informazioni?fn=footer">Richiedi informazioni</Link>
            </li>
            <li>
              <Link to="/login">Accedi</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Informazioni legali" className="pub-footer__col">
          <h2 className="pub-footer__title">Legale</h2>
          <ul>
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            <li>
              <button type="button" className="pub-footer__linkbutton" onClick={openConsentPreferences}>
                Gestisci cookie
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <div className="pub-container pub-footer__bottom">
        <p>© {new Date().getFullYear()} CampoBase. Tutti i diritti riservati.</p>
        <p>Fatto in Italia per ASD e SSD.</p>
      </div>
    </footer>
  );
}
