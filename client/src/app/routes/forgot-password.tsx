import { ForgotPasswordWizard } from '../../features/accounts/components/forgot-password-wizard';
import { AuthLayout } from '../layouts/auth-layout';

export default function ForgotPasswordPage() {
  return (
    <AuthLayout title="Recupera la password" subtitle="Ti inviamo un codice per impostare una nuova password.">
      <ForgotPasswordWizard />
    </AuthLayout>
  );
}
