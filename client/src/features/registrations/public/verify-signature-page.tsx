// /verifica-firma/:hash: anyone checks a signed registration by its SHA-256 (printed on the signed PDF's audit page
// and mailed to the registrant): which club, form and season, who signed and when, and the registration's state.
import { Box, Button, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SUBMISSION_STATUS_LABELS } from '../../../../../schema/validation/registrations';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { messageOfError } from '../../../lib/errors';
import { PublicFrame, StepCard } from './public-frame';
import { RegistrationSignatureQuery } from './registration-documents';

const NOT_FOUND = 'Nessuna iscrizione firmata con questa impronta.';
const HASH = /^[0-9a-f]{64}$/i;

const formatInstant = (iso: string) => new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

export default function VerifySignaturePage() {
  const { hash = '' } = useParams();
  const clean = hash.trim().toLowerCase();
  const valid = HASH.test(clean);
  const { data, loading, error } = useQuery(RegistrationSignatureQuery, { variables: { hash: clean }, skip: !valid });
  const check = data?.registrationSignature;

  let result = null;
  if (clean && !valid) result = <FormAlert message="L'impronta è fatta di 64 caratteri tra 0-9 e a-f: controlla di averla copiata tutta." status="warning" />;
  else if (loading) result = <PageSpinner label="Verifica in corso..." />;
  else if (error) result = <FormAlert message={messageOfError(error)} />;
  else if (valid && !check) result = <FormAlert message={NOT_FOUND} status="warning" />;
  else if (check) {
    const rows: [string, string][] = [
      ['Società', check.clubName],
      ['Modulo', check.formTitle],
      ['Stagione', check.seasonLabel],
      ['Firmata da', check.signerName],
      ['Firmata il', formatInstant(String(check.signedAt))],
      ['Stato dell’iscrizione', SUBMISSION_STATUS_LABELS[check.status]],
    ];
    result = (
      <StepCard title="Firma verificata">
        <FormAlert message="Questa impronta corrisponde a un'iscrizione firmata con CampoBase." status="success" />
        <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'minmax(9rem, auto) 1fr' }} columnGap="4" rowGap={{ base: '1', sm: '2' }}>
          {rows.map(([label, value]) => (
            <Box key={label} display="contents">
              <Text as="dt" color="fg.muted" fontSize="sm" mt={{ base: '2', sm: '0' }}>
                {label}
              </Text>
              <Text as="dd" fontWeight="medium">
                {value}
              </Text>
            </Box>
          ))}
        </Box>
        <Text fontSize="sm" color="fg.muted">
          Impronta: <Box as="span" fontFamily="mono" wordBreak="break-all">{check.hash}</Box>
        </Text>
      </StepCard>
    );
  }

  return (
    <PublicFrame kicker="CampoBase" title="Verifica della firma" details={<Text color="fg.muted">Controlla un&apos;iscrizione firmata online con la sua impronta SHA-256, stampata sul modulo firmato.</Text>}>
      {result}
      <HashForm key={clean} initial={clean} />
    </PublicFrame>
  );
}

function HashForm({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const hash = value.replace(/\s+/g, '').toLowerCase();
    if (!HASH.test(hash)) {
      setError("Incolla l'impronta completa: 64 caratteri tra 0-9 e a-f.");
      return;
    }
    setError(undefined);
    void navigate(`/verifica-firma/${hash}`);
  };
  return (
    <Box as="section" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }} aria-labelledby="verifica-altra">
      <form onSubmit={submit} noValidate>
        <Stack gap="3">
          <Text as="h2" id="verifica-altra" fontWeight="semibold" fontSize="lg">
            {initial ? 'Verifica un’altra impronta' : 'Incolla l’impronta da verificare'}
          </Text>
          <Flex gap="3" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-end' }}>
            <Box flex="1">
              <FormField label="Impronta SHA-256" error={error}>
                <Input value={value} onChange={(e) => setValue(e.target.value)} fontFamily="mono" autoComplete="off" spellCheck={false} placeholder="64 caratteri, es. 3f2a…" />
              </FormField>
            </Box>
            <Button type="submit" colorPalette="brand">
              Verifica
            </Button>
          </Flex>
        </Stack>
      </form>
    </Box>
  );
}
