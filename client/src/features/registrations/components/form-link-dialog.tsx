// A form's public link on /iscrizioni: the address to copy, its QR code to print or post (an image with its alt
// text, downloadable as PNG) and a button that opens the public page in a new tab.
import { Box, Button, Center, Code, HStack, Image, Spinner, Stack, Text } from '@chakra-ui/react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { CopyIcon, DownloadIcon } from '../../../components/icons';
import { FormDialog } from '../../../components/ui/form-dialog';
import { saveBlob } from '../../../lib/authorized-file';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { formLink } from '../registration-labels';

/** Copies the link and says so in a toast (the browser may refuse the clipboard: the toast says that too). */
export async function copyFormLink(path: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(formLink(path));
    notify(MESSAGE_LEVEL.success, 'Link copiato negli appunti.');
  } catch {
    notify(MESSAGE_LEVEL.warning, `Copia non riuscita: seleziona il link e copialo a mano. ${formLink(path)}`);
  }
}

const fileNameOf = (title: string) =>
  `${
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'modulo'
  }-qr.png`;

export interface LinkedForm {
  title: string;
  path: string;
  status: string;
}

export function FormLinkDialog({ form, onClose }: { form: LinkedForm | null; onClose: () => void }) {
  const [qr, setQr] = useState<{ path: string; dataUrl: string } | null>(null);
  const link = form ? formLink(form.path) : '';

  useEffect(() => {
    if (!form) return;
    let live = true;
    QRCode.toDataURL(formLink(form.path), { width: 480, margin: 2, errorCorrectionLevel: 'M' })
      .then((dataUrl) => {
        if (live) setQr({ path: form.path, dataUrl });
      })
      .catch(() => notify(MESSAGE_LEVEL.error, 'Non è stato possibile creare il codice QR.'));
    return () => {
      live = false;
    };
  }, [form]);

  // decoded here: the app's content security policy lets no script fetch a data: address
  const download = () => {
    if (!form || !qr) return;
    const bytes = Uint8Array.from(atob(qr.dataUrl.slice(qr.dataUrl.indexOf(',') + 1)), (c) => c.charCodeAt(0));
    saveBlob(new Blob([bytes], { type: 'image/png' }), fileNameOf(form.title));
  };

  return (
    <FormDialog
      open={form !== null}
      onClose={onClose}
      title={form ? `Link del modulo: ${form.title}` : ''}
      footer={
        <HStack gap="2" w="100%" justify="flex-end" wrap="wrap">
          <Button variant="outline" onClick={onClose}>
            Chiudi
          </Button>
        </HStack>
      }
    >
      {form && (
        <Stack gap="4">
          {form.status !== 'aperto' && (
            <Text fontSize="sm" color="fg.warning" role="note">
              {form.status === 'bozza' ? 'Il modulo è in bozza: il link non si apre finché non lo metti in stato Aperto.' : 'Il modulo è chiuso: il link mostra che le iscrizioni sono chiuse.'}
            </Text>
          )}
          <Stack gap="1">
            <Text fontWeight="medium">Link pubblico</Text>
            <Code p="2" overflowWrap="anywhere" whiteSpace="normal" data-testid="form-link">
              {link}
            </Code>
          </Stack>
          <HStack gap="2" wrap="wrap">
            <Button size="sm" onClick={() => void copyFormLink(form.path)}>
              <CopyIcon />
              Copia link
            </Button>
            <Button size="sm" variant="outline" asChild>
              <a href={link} target="_blank" rel="noopener noreferrer">
                Apri il modulo
                <Box as="span" srOnly>
                  {' '}
                  (si apre in una nuova scheda)
                </Box>
              </a>
            </Button>
          </HStack>
          <Center flexDirection="column" gap="3" borderWidth="1px" borderRadius="lg" p="4">
            {qr?.path === form.path ? (
              <Image src={qr.dataUrl} alt={`Codice QR del link al modulo «${form.title}»: ${link}`} w="240px" h="240px" />
            ) : (
              <Spinner size="md" aria-label="Creazione del codice QR..." />
            )}
            <Button size="sm" variant="outline" disabled={qr?.path !== form.path} onClick={download}>
              <DownloadIcon />
              Scarica QR (PNG)
            </Button>
          </Center>
        </Stack>
      )}
    </FormDialog>
  );
}
