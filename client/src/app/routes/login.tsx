import { useEffect } from 'react';
import { LoginForm } from '../../features/accounts/components/login-form';
import { AuthLayout } from '../layouts/auth-layout';
import { prefetchRoutes } from '../route-modules';

export default function LoginPage() {
  // Where the user goes next: the authenticated area (or the password recovery).
  useEffect(() => prefetchRoutes('adminLayout', 'dashboard', 'forgotPassword'), []);
  return (
    <AuthLayout title="Accedi" subtitle="Bentornato! Inserisci i tuoi dati per entrare in CampoBase.">
      <LoginForm />
    </AuthLayout>
  );
}
