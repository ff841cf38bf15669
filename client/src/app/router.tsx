// Routes (React Router, declarative mode: ~16 kB gzip lighter than the data router on the public entry).
// Navigations are not transitions (see main.tsx): the new URL and the new page (or its loading state) appear
// together, never the old page under the new URL while a chunk loads.
// Every page is a lazy chunk; the layout routes bring in their libraries only where needed:
//   /                      -> home (plain CSS: no Chakra, no Apollo)
//   UiLayout (Chakra)      -> /inscription, 404
//   SessionLayout (Apollo) -> /login, /signup, /forgot-password, and the guarded area (AdminLayout)
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { routeModules } from './route-modules';
import { COMING_SOON_SECTIONS } from './sections';
import { RouteErrorBoundary } from './routes/route-error';

const HomePage = lazy(routeModules.home);
const UiLayout = lazy(routeModules.uiLayout);
const SessionLayout = lazy(routeModules.sessionLayout);
const AdminLayout = lazy(routeModules.adminLayout);
const LoginPage = lazy(routeModules.login);
const SignUpPage = lazy(routeModules.signup);
const ForgotPasswordPage = lazy(routeModules.forgotPassword);
const InscriptionPage = lazy(routeModules.inscription);
const DashboardPage = lazy(routeModules.dashboard);
const SectionComingSoon = lazy(routeModules.sectionComingSoon);
const NotFoundPage = lazy(routeModules.notFound);

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
