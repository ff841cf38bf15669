import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router';
import { installLeaveGuard } from './lib/use-leave-guard';

// Before the router listens: back/forward with unsaved changes ask first (lib/use-leave-guard.ts).
installLeaveGuard();

const root = document.getElementById('root');
if (!root) throw new Error('#root mancante in index.html');

createRoot(root).render(
  <StrictMode>
    {/* useTransitions={false}: the page under a new URL is never the previous one (see app/router.tsx). */}
    <BrowserRouter useTransitions={false}>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
