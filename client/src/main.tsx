import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicApp } from './app/public-app';
import { preloadAppPage } from './app/route-table';
import { isPublicPath } from './lib/public-paths';
import { ErrorPage } from './app/routes/route-error';

const element = document.getElementById('root');
if (!element) throw new Error('#root mancante in index.html');
const root = createRoot(element);

// Two trees on one page (lib/public-paths.ts): the public site, light and in this entry; the app (data router,
// Apollo, the UI library) in a chunk of its own, which starts its first queries as soon as it runs.
if (isPublicPath(window.location.pathname)) {
  root.render(
    <StrictMode>
      <PublicApp />
    </StrictMode>,
  );
} else {
  // The bookmarked page's chunks and its layouts' leave now, beside the app's chunk (which starts its queries).
  preloadAppPage(window.location.pathname);
  import('./app/admin-app')
    .then(({ renderApp }) => renderApp(root))
    // The app's chunk did not load (offline, a new release): the page that offers to reload.
    .catch((error: unknown) => root.render(<ErrorPage error={error} />));
}
