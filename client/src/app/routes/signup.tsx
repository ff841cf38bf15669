import { SignUpWizard } from '../../features/auth/components/sign-up-wizard';
import { AuthLayout } from '../layouts/auth-layout';

export default function SignUpPage() {
  return (
    <AuthLayout title="Registra la tua società" subtitle="Tre passi e la tua società è su CampoBase." width="xl">
      <SignUpWizard />
    </AuthLayout>
  );
}
