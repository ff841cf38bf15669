// Last-resort error page (a render error, a lazy chunk that failed to load). Plain markup: it must work even
// when the UI library failed to load.
import { Component, type ErrorInfo, type ReactNode } from 'react';

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(error.message)
  );
}

export function ErrorPage({ error }: { error: unknown }) {
  const chunkFailed = isChunkLoadError(error);
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: '1rem', textAlign: 'center' }}>
      <div style={{ maxWidth: '28rem' }}>
        <h1 style={{ fontSize: '1.75rem', margin: '0 0 0.75rem' }}>Qualcosa è andato storto</h1>
        <p style={{ color: '#52525b', lineHeight: 1.5, margin: '0 0 1.5rem' }}>
          {chunkFailed
            ? "Non è stato possibile caricare la pagina: controlla la connessione, oppure è disponibile un aggiornamento dell'app."
            : 'Spiacenti si è verificato un errore non previsto'}
        </p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          style={{
            padding: '0.6rem 1.2rem',
            borderRadius: '0.5rem',
            border: 0,
            background: '#15803d',
            color: '#fff',
            fontWeight: 600,
            fontSize: '1rem',
            cursor: 'pointer',
          }}
        >
          Ricarica la pagina
        </button>
      </div>
    </main>
  );
}

export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!isChunkLoadError(error)) console.error(error, info.componentStack);
  }

  render() {
    return this.state.error ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
