import { useEffect } from 'react';
import { SignUpWizard } from '../../features/accounts/components/sign-up-wizard';
import { AuthLayout } from '../layouts/auth-layout';
import { prefetchRoutes } from '../route-modules';

export default function SignUpPage() {
  useEffect(() => prefetchRoutes('adminLayout', 'dashboard'), []);
  return (
    <AuthLayout title="Registra la tua società" subtitle="Il tuo profilo, la società e l'account: pochi minuti e la tua società è su CampoBase." width="xl">
      <SignUpWizard />
    </AuthLayout>
  );
}
