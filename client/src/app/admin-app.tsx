// The app's tree (everything but the public site): the data router of app/router.tsx. A chunk of its own, so the
// public site never loads the router library, Apollo or the app's routes (main.tsx).
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router';

export function renderApp(root: Root) {
  const router = createAppRouter();
  root.render(
    <StrictMode>
      {/* useTransitions={false}: the page under a new URL is never the previous one (see app/router.tsx). */}
      <RouterProvider router={router} useTransitions={false} />
    </StrictMode>,
  );
}
