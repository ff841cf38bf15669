// /inscription: placeholder until the join-request form (spec §2) is built.
import { Button, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { AuthLayout } from '../layouts/auth-layout';

export default function InscriptionPage() {
  return (
    <AuthLayout title="Unisciti a CampoBase" subtitle="Richiedi di entrare nella community delle società sportive.">
      <Stack gap="5">
        <Text>
          Il modulo di richiesta di adesione arriva a breve. Nel frattempo puoi registrare subito la tua società e
          iniziare a usare CampoBase.
        </Text>
        <Button asChild size="lg">
          <RouterLink to="/signup">Registra la tua società</RouterLink>
        </Button>
        <Button asChild variant="ghost">
          <RouterLink to="/">Torna alla home</RouterLink>
        </Button>
      </Stack>
    </AuthLayout>
  );
}
