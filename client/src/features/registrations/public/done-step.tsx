// Step "Fatto": the signature's outcome: the server's message, the hash (copyable), the signed PDF, the
// verification page, and how to follow the registration.
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode, type Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { StepCard } from './public-frame';

export function HashBox({ hash }: { hash: string }) {
  const [copied, setCopied] = useState<'ok' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(hash);
      setCopied('ok');
    } catch {
      setCopied('no');
    }
  };
  return (
    <Stack gap="2">
      <Text fontSize="sm" fontWeight="medium" id="impronta-etichetta">
        Impronta della firma (SHA-256)
      </Text>
      <Box as="output" aria-labelledby="impronta-etichetta" fontFamily="mono" fontSize="sm" bg="bg.muted" borderRadius="md" p="3" wordBreak="break-all" display="block" data-testid="registration-hash">
        {hash}
      </Box>
      <Flex gap="3" align="center" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          Copia l&apos;impronta
        </Button>
        <Text fontSize="sm" color={copied === 'no' ? 'fg.error' : 'green.700'} aria-live="polite">
          {copied === 'ok' ? 'Copiata negli appunti.' : copied === 'no' ? 'Copia non riuscita: selezionala e copiala a mano.' : ''}
        </Text>
      </Flex>
    </Stack>
  );
}

export function DoneStep({ headingRef, message, hash, pdfPath, verifyPath, status, children }: { headingRef: Ref<HTMLHeadingElement>; message: string; hash: string; pdfPath?: string | undefined; verifyPath: string; status?: ReactNode; children?: ReactNode }) {
  return (
    <StepCard ref={headingRef} title="Iscrizione firmata">
      <FormAlert message={message} status="success" />
      {status}
      <HashBox hash={hash} />
      <Stack gap="3" direction={{ base: 'column', sm: 'row' }}>
        {pdfPath && (
          <Button asChild colorPalette="brand">
            <a href={pdfPath} download>
              Scarica il modulo firmato (PDF)
            </a>
          </Button>
        )}
        <Button asChild variant="outline">
          <RouterLink to={verifyPath}>Verifica la firma</RouterLink>
        </Button>
      </Stack>
      {/* The members' own area (accounts for parents) comes with issue 36 point 4: until then the mail and this
          browser are how a parent follows the registration, and the page says so rather than offering a sign-up
          that would create a club. */}
      <Box borderTopWidth="1px" pt="4">
        <Text fontWeight="semibold">Come seguire l&apos;iscrizione</Text>
        <Text fontSize="sm" color="fg.muted" mt="1">
          Conserva il PDF e l&apos;email di conferma. La società ti scriverà allo stesso indirizzo quando avrà esaminato l&apos;iscrizione; riaprendo il link del modulo da questo browser ne vedi lo stato.
        </Text>
      </Box>
      {children}
    </StepCard>
  );
}
