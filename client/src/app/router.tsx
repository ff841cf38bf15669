// Routes (React Router, declarative mode: ~16 kB gzip lighter than the data router on the public entry).
// Navigations are not transitions (see main.tsx): the new URL and the new page (or its loading state) appear
// together, never the old page under the new URL while a chunk loads.
// Every page is a lazy chunk; the layout routes bring in their libraries only where needed:
//   PublicLayout (plain CSS: no Chakra, no Apollo) -> /, /pricing, /cart, feature pages, /tester, /wizard, legal pages,
//                          /inscription and the lead page /richiedi-informazioni
//   UiLayout (Chakra)      -> 404 (with a stored session: inside SessionLayout and AdminLayout, see NotFoundRoute)
//   SessionLayout (Apollo) -> /login, /signup, /forgot-password, and the guarded area (AdminLayout)
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PERSON_KIND_INFO, PERSON_KINDS } from '../../../schema/constants';
import { routeModules } from './route-modules';
import { LEGAL_ROUTES } from '../features/public-site/legal/legal-routes';
import { COMING_SOON_SECTIONS } from './sections';
import { RouteErrorBoundary } from './routes/route-error';
import { readSessionToken } from '../lib/session-storage';

const PublicLayout = lazy(routeModules.publicLayout);
const HomePage = lazy(routeModules.home);
const PricingPage = lazy(routeModules.pricing);
const CartPage = lazy(routeModules.cart);
const FeaturePage = lazy(routeModules.featurePage);
const TesterPage = lazy(routeModules.tester);
const WizardPage = lazy(routeModules.wizard);
const LegalPage = lazy(routeModules.legal);
const UiLayout = lazy(routeModules.uiLayout);
const SessionLayout = lazy(routeModules.sessionLayout);
const AdminLayout = lazy(routeModules.adminLayout);
const LoginPage = lazy(routeModules.login);
const SignUpPage = lazy(routeModules.signup);
const ForgotPasswordPage = lazy(routeModules.forgotPassword);
const InscriptionPage = lazy(routeModules.inscription);
const LeadPage = lazy(routeModules.leadPage);
const DashboardPage = lazy(routeModules.dashboard);
const GroupsPage = lazy(routeModules.groups);
const CategoriesPage = lazy(routeModules.categories);
const FeedPage = lazy(routeModules.feed);
const PeopleListPage = lazy(routeModules.peopleList);
const PersonPage = lazy(routeModules.personPage);
const GroupEligibilityPage = lazy(routeModules.groupEligibility);
const ArchivePage = lazy(routeModules.archive);
const DuplicatesPage = lazy(routeModules.duplicates);
const AccountProfilePage = lazy(routeModules.accountProfile);
const AccountSecurityPage = lazy(routeModules.accountSecurity);
const HelpPage = lazy(routeModules.help);
const LinkPersonPage = lazy(routeModules.linkPerson);
const CollaboratorsPage = lazy(routeModules.collaborators);
const AffiliationsPage = lazy(routeModules.affiliations);
// The organisation portal (its staff's own pages): one chunk for the list and one organisation.
const OrganisationPortalPage = lazy(() => import('../features/organisation-portal/routes/organisation-portal-page'));
const StaffInvitationPage = lazy(() => import('../features/organisation-portal/routes/staff-invitation-page'));
const InvitationPage = lazy(routeModules.invitation);
const AccessLogPage = lazy(routeModules.accessLog);
const ClubPage = lazy(routeModules.club);
const ClubEditPage = lazy(routeModules.clubEdit);
const ClubSettingsPage = lazy(routeModules.clubSettings);
const ImportPage = lazy(routeModules.importPage);
const SectionComingSoon = lazy(routeModules.sectionComingSoon);
const NotFoundPage = lazy(routeModules.notFound);

/**
 * An unknown address. Signed in (a stored session), the 404 opens inside the admin area, with its menu and the
 * club's colours; the session turning out to be over shows the plain page, as for everyone else, who never loads
 * Apollo for it.
 */
function NotFoundRoute() {
  if (!readSessionToken()) return <NotFoundPage />;
  return (
    <Routes>
      <Route element={<SessionLayout />}>
        <Route element={<AdminLayout signedOut={<NotFoundPage />} />}>
          <Route path="*" element={<NotFoundPage signedIn />} />
        </Route>
      </Route>
    </Routes>
  );
}

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
          <Route element={<PublicLayout />}>
            <Route index element={<HomePage />} />
            <Route path="pricing" element={<PricingPage />} />
            <Route path="cart" element={<CartPage />} />
            <Route path="funzionalita/:category/:tab?" element={<FeaturePage />} />
            <Route path="feature/:category/:tab?" element={<FeaturePage />} />
            <Route path="tester" element={<TesterPage />} />
            <Route path="wizard" element={<WizardPage />} />
            <Route path="inscription" element={<InscriptionPage />} />
            <Route path="richiedi-informazioni" element={<LeadPage />} />
            {LEGAL_ROUTES.map((doc) => (
              <Route key={doc} path={doc} element={<LegalPage key={doc} doc={doc} />} />
            ))}
          </Route>
          <Route element={<UiLayout />}>
            <Route element={<SessionLayout />}>
              <Route path="login" element={<LoginPage />} />
              <Route path="signup" element={<SignUpPage />} />
              <Route path="forgot-password" element={<ForgotPasswordPage />} />
              <Route element={<AdminLayout />}>
                <Route path="dashboard" element={<DashboardPage />} />
                <Route path="groups" element={<GroupsPage />} />
                <Route path="category" element={<CategoriesPage />} />
                {/* a category's athletes and whether each may play today (medical certificates) */}
                <Route path="category/:id/idoneita" element={<GroupEligibilityPage />} />
                <Route path="feed" element={<FeedPage />} />
                {PERSON_KINDS.map((kind) => (
                  <Route key={kind} path={PERSON_KIND_INFO[kind].route} element={<PeopleListPage key={kind} kind={kind} />} />
                ))}
                {/* one person, addressed by one of their roles (the API reads a person through personRole) */}
                <Route path="persona/:roleId" element={<PersonPage />} />
                <Route path="archive" element={<ArchivePage />} />
                {/* profiles that may be one person, and merging them */}
                <Route path="duplicati" element={<DuplicatesPage />} />
                <Route path="modifica-utente" element={<AccountProfilePage />} />
                {/* /sicurezza is the public security notice: the account's security page lives under /account */}
                <Route path="account/sicurezza" element={<AccountSecurityPage />} />
                <Route path="aiuto" element={<HelpPage />} />
                {/* the link a club mails to a person (invitePersonLink): confirms it for the signed-in account */}
                <Route path="collega-profilo" element={<LinkPersonPage />} />
                <Route path="collaboratori" element={<CollaboratorsPage />} />
                <Route path="affiliazioni" element={<AffiliationsPage />} />
                {/* no club permission: the server answers whether the account is on the organisation's staff */}
                <Route path="organizzazione" element={<OrganisationPortalPage />} />
                {/* the link an organisation mails to a new staff member (inviteOrganisationStaff): before :id, not an id */}
                <Route path="organizzazione/invito" element={<StaffInvitationPage />} />
                <Route path="organizzazione/:id" element={<OrganisationPortalPage />} />
                {/* the link a club mails to a new collaborator (inviteCollaborator): joins the signed-in account */}
                <Route path="invito" element={<InvitationPage />} />
                <Route path="registro-accessi" element={<AccessLogPage />} />
                <Route path="club" element={<ClubPage />} />
                <Route path="modifica-club" element={<ClubEditPage />} />
                <Route path="impostazioni" element={<ClubSettingsPage />} />
                {/* one route per kind: /import/<anything else> falls through to the 404 below */}
                {PERSON_KINDS.map((kind) => (
                  <Route key={`import-${kind}`} path={`import/${kind}`} element={<ImportPage key={kind} kind={kind} />} />
                ))}
                {COMING_SOON_SECTIONS.map(({ path, title }) => (
                  <Route key={path} path={path} element={<SectionComingSoon key={path} title={title} />} />
                ))}
              </Route>
            </Route>
            <Route path="*" element={<NotFoundRoute />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
