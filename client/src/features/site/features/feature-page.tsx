// One page for every feature tab (/funzionalita/{category}/{tab}, /feature/comunicazioni/{tab}), rendered from
// the feature catalogue. Tabs are links; an unknown or missing tab goes to the category's first tab; an unknown
// category is the 404 page.
import { Link, Navigate, useLocation, useParams } from '../../../lib/public-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { featureTabPath } from '../feature-catalogue';
import { FEATURE_CATALOGUE, resolveFeatureRoute } from '../feature-catalogue-content';
import { PublicNotFound } from '../public-not-found';
import './feature-page.css';

export default function FeaturePage() {
  const { category: categoryKey, tab } = useParams();
  const section = useLocation().pathname.split('/')[1] ?? '';
  const resolved = resolveFeatureRoute(section, categoryKey, tab);
  useDocumentTitle(resolved?.detail ? `${resolved.detail.title} · ${resolved.category.title}` : undefined);

  if (!resolved) return <PublicNotFound />;
  const { category, detail } = resolved;
  if (!detail) return <Navigate to={featureTabPath(category, category.details[0])} replace />;

  const others = FEATURE_CATALOGUE.filter((entry) => entry.key !== category.key);
  return (
    <>
      <section className="feature-head">
        <div className="pub-container">
          <p className="pub-eyebrow">Funzionalità</p>
          <h1 className="pub-h1">{category.title}</h1>
          <p className="pub-lead">{category.summary}</p>
          <nav aria-label={`Sezioni di ${category.title}`} className="feature-tabs">
            <ul>
              {category.details.map((entry) => (
                <li key={entry.tab}>
                  <Link
                    to={featureTabPath(category, entry)}
                    className="feature-tab"
                    aria-current={entry.tab === detail.tab ? 'page' : undefined}
                  >
                    {entry.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="feature-detail-title">
        <div className="pub-container feature-body">
          <div>
            <h2 id="feature-detail-title" className="pub-h2">
              {detail.title}
            </h2>
            <p className="feature-text">{detail.text}</p>
            <p className="pub-muted">{detail.description}</p>
            <div className="feature-actions">
              <Link to="/signup" className="pub-btn pub-btn--primary">
                Prova CampoBase gratis
              </Link>
              <Link to="/pricing" className="pub-btn pub-btn--ghost">
                Vedi i prezzi
              </Link>
            </div>
          </div>
          <ul className="feature-points" aria-label="In breve">
            {detail.points.map((point) => (
              <li key={point}>
                <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <circle cx="12" cy="12" r="11" fill="#dcfce7" />
                  <path d="m7 12.5 3.2 3.2L17 9" fill="none" stroke="#15803d" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="pub-section pub-section--alt" aria-labelledby="feature-others">
        <div className="pub-container">
          <h2 id="feature-others" className="pub-h2">
            Scopri anche
          </h2>
          <ul className="feature-others">
            {others.map((entry) => (
              <li key={entry.key}>
                <Link to={featureTabPath(entry, entry.details[0])} className="pub-card feature-other">
                  <span className="feature-other__title">{entry.title}</span>
                  <span className="pub-muted">{entry.summary}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
