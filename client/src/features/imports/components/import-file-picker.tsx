// Step 1 of the import: the file (dragged onto the zone, or chosen with the picker: the zone is a button, so Enter
// and Space open the picker too) and the kind's templates. Chakra's FileUpload (zag) does the dropzone; the
// extensions only filter the picker: the server reads the real type from the content.
import { Box, Button, FileUpload, Flex, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { PersonKindKey } from '../../../../../schema/constants';
import { IMPORT_LIMITS, IMPORT_MSG } from '../../../../../schema/import-columns';
import { DownloadIcon, UploadIcon } from '../../../components/icons';
import { messageOfError } from '../../../lib/errors';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { downloadTemplate, type TemplateFormat } from '../import-files';

const ACCEPT = '.csv,.xls,.xlsx,.ods';
const MAX_MB = Math.round(IMPORT_LIMITS.maxBytes / (1024 * 1024));

export interface ImportFilePickerProps {
  kind: PersonKindKey;
  file: File | null;
  onFileChange: (file: File | null) => void;
  disabled?: boolean;
}

export function ImportFilePicker({ kind, file, onFileChange, disabled = false }: ImportFilePickerProps) {
  const [rejected, setRejected] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Zag opens the picker a frame after the key or the click. Browsers open a file picker only within a few seconds of
  // the user's gesture, and on a busy phone (or test machine) that frame can come too late: the picker then silently
  // stays shut. Opened here, within the event itself, before zag's handler (which sees the event handled and stops).
  const openPicker = (event: KeyboardEvent | MouseEvent) => {
    if (disabled || event.defaultPrevented) return;
    if ('key' in event && event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    input.current?.click();
  };
  return (
    <Stack gap="4">
      <FileUpload.Root
        maxFiles={1}
        accept={ACCEPT}
        maxFileSize={IMPORT_LIMITS.maxBytes}
        acceptedFiles={file ? [file] : []}
        disabled={disabled}
        locale="it-IT"
        translations={{ dropzone: `Trascina qui il file oppure scegline uno CSV, XLS, XLSX o ODS, fino a ${MAX_MB} MB`, deleteFile: (f) => `Rimuovi ${f.name}` }}
        onFileChange={(details) => {
          const next = details.acceptedFiles[0] ?? null;
          const refusal = details.rejectedFiles[0];
          // A second file dropped over the first replaces it rather than being refused for "too many files".
          if (!next && refusal?.errors.includes('TOO_MANY_FILES')) {
            setRejected(null);
            onFileChange(refusal.file);
            return;
          }
          setRejected(refusal ? (refusal.errors.includes('FILE_TOO_LARGE') ? IMPORT_MSG.tooLarge : IMPORT_MSG.unsupportedFormat) : null);
          onFileChange(next);
        }}
        alignItems="stretch"
        gap="3"
      >
        <FileUpload.HiddenInput ref={input} aria-label="File da importare" />
        <FileUpload.Dropzone
          minH={{ base: '36', md: '44' }}
          borderRadius="xl"
          bg="bg"
          cursor="pointer"
          onKeyDownCapture={openPicker}
          onClickCapture={openPicker}
        >
          <Box color="brand.fg" bg="brand.subtle" borderRadius="full" p="3">
            <UploadIcon boxSize="6" />
          </Box>
          <FileUpload.DropzoneContent textAlign="center">
            {/* one paragraph, so the visible text reads "... uno CSV, ..." with its space, as the name says */}
            <Text fontWeight="semibold">
              Trascina qui il file oppure scegline uno{' '}
              <Text as="span" display="block" mt="1" color="fg.muted" fontSize="sm" fontWeight="normal">
                CSV, XLS, XLSX o ODS, fino a {MAX_MB} MB
              </Text>
            </Text>
          </FileUpload.DropzoneContent>
        </FileUpload.Dropzone>
        <FileUpload.List showSize clearable />
      </FileUpload.Root>
      {rejected && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {rejected}
        </Text>
      )}
      <TemplateButtons kind={kind} />
    </Stack>
  );
}

/** "Scarica modello CSV" (the spec's template) and "Scarica modello Excel" (the club's workbook with lists). */
function TemplateButtons({ kind }: { kind: PersonKindKey }) {
  const [busy, setBusy] = useState<TemplateFormat | null>(null);
  const download = async (format: TemplateFormat) => {
    setBusy(format);
    try {
      await downloadTemplate(kind, format);
      notify(MESSAGE_LEVEL.success, IMPORT_MSG.templateDownloaded);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, `Download non riuscito: ${messageOfError(error)}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Flex gap="3" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'center' }} wrap="wrap">
      <Text color="fg.muted" fontSize="sm" flex={{ sm: '1' }}>
        Non hai ancora un file? Parti dal modello: le colonne obbligatorie sono Nome, Cognome e Codice fiscale.
      </Text>
      <Button variant="outline" size="sm" onClick={() => void download('csv')} loading={busy === 'csv'}>
        <DownloadIcon />
        Scarica modello CSV
      </Button>
      <Button variant="outline" size="sm" onClick={() => void download('xlsx')} loading={busy === 'xlsx'}>
        <DownloadIcon />
        Scarica modello Excel
      </Button>
    </Flex>
  );
}
