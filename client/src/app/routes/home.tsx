// Public home (placeholder until the marketing home is built). Kept free of Chakra and Apollo: the public
// entry stays small; the later home replaces this module.
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/document-title';
import './home.css';

export default function HomePage() {
  useDocumentTitle(undefined);
  return (
    <div className="cb-home">
      <main className="cb-home__main">
        <h1 className="cb-home__title">
          Campo<span>Base</span>
        </h1>
        <p className="cb-home__lead">
          Il gestionale per società e associazioni sportive: atleti, staff, soci, gruppi e comunicazioni in un unico
          posto, semplice da usare anche dal telefono.
        </p>
        <div className="cb-home__actions">
          <Link to="/signup" className="cb-btn cb-btn--primary">
            Registra la tua società
          </Link>
          <Link to="/login" className="cb-btn cb-btn--ghost">
            Accedi
          </Link>
        </div>
      </main>
      <footer className="cb-home__footer">© {new Date().getFullYear()} CampoBase</footer>
    </div>
  );
}
