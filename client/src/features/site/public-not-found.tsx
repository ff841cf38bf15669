// 'Pagina non trovata' inside the public frame (unknown feature category), without the admin UI library.
import { Link } from '../../lib/public-router';
import { useDocumentTitle } from '../../lib/document-title';

export function PublicNotFound() {
  useDocumentTitle('Pagina non trovata');
  return (
    <section className="pub-container pub-section pub-narrow pub-notfound">
      <p className="pub-notfound__code" aria-hidden="true">
        404
      </p>
      <h1 className="pub-h1">Pagina non trovata</h1>
      <p className="pub-lead">L&apos;indirizzo che hai aperto non esiste o è stato spostato.</p>
      <Link to="/" className="pub-btn pub-btn--primary">
        Torna alla home
      </Link>
    </section>
  );
}
