// Routes (React Router, declarative mode: ~16 kB gzip lighter than the data router on the public entry).
// Every page is a lazy chunk; the layout routes bring in their libraries only where needed:
//   /                      -> home (plain CSS: no Chakra, no Apollo)
//   UiLayout (Chakra)      -> /inscription, 404
//   SessionLayout (Apollo) -> /login, /signup, /forgot-password, and the guarded area (AdminLayout)
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { COMING_SOON_SECTIONS } from './sections';
import { RouteErrorBoundary } from './routes/route-error';

const HomePage = lazy(() => import('./routes/home'));
const UiLayout = lazy(() => import('./providers/ui-layout'));
const SessionLayout = lazy(() => import('./providers/session-layout'));
const AdminLayout = lazy(() => import('./layouts/admin-layout'));
const LoginPage = lazy(() => import('./routes/login'));
const SignUpPage = lazy(() => import('./routes/signup'));
const ForgotPasswordPage = lazy(() => import('./routes/forgot-password'));
const InscriptionPage = lazy(() => import('./routes/inscription'));
const DashboardPage = lazy(() => import('./routes/dashboard'));
const SectionComingSoon = lazy(() => import('./routes/section-coming-soon'));
const NotFoundPage = lazy(() => import('./routes/not-found'));

/** Shown while the first chunks load (before the UI library is there): plain markup. */
function PlainFallback() {
  return (
    <div role="status" aria-live="polite" style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', color: '#71717a' }}>
      Caricamento...
    </div>
  );
}

export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PlainFallback />}>
        <Routes>
          <Route index element={<HomePage />} />
          <Route element={<UiLayout />}>
            <Route path="inscription" element={<InscriptionPage />} />
            <Route element={<SessionLayout />}>
              <Route path="login" element={<LoginPage />} />
              <Route path="signup" element={<SignUpPage />} />
              <Route path="forgot-password" element={<ForgotPasswordPage />} />
              <Route element={<AdminLayout />}>
                <Route path="dashboard" element={<DashboardPage />} />
                {COMING_SOON_SECTIONS.map(({ path, title }) => (
                  <Route key={path} path={path} element={<SectionComingSoon key={path} title={title} />} />
                ))}
              </Route>
            </Route>
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
