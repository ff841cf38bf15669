import { LoginForm } from '../../features/auth/components/login-form';
import { AuthLayout } from '../layouts/auth-layout';

export default function LoginPage() {
  return (
    <AuthLayout title="Accedi" subtitle="Bentornato! Inserisci i tuoi dati per entrare in CampoBase.">
      <LoginForm />
    </AuthLayout>
  );
}
