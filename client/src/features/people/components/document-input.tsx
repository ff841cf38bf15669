// A document field of the person form: the stored file(s) with an "Apri" button (files need the session headers,
// see lib/authorized-file.ts) and a picker for a new one, checked for type and size as soon as it is chosen.
import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { DOCUMENT_MIME_TYPES } from '../../../../../schema/constants';
import { MSG } from '../../../../../schema/messages';
import { FileIcon } from '../../../components/icons';
import { graphql } from '../../../gql';
import type { DocumentInput_StoredFileFragment } from '../../../gql/graphql';
import { openAuthorizedFile } from '../../../lib/authorized-file';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { checkDocument } from '../person-form-values';

export const StoredFileFragment = graphql(`
  fragment DocumentInput_StoredFile on StoredFile {
    id
    filename
    mimeType
    size
    url
  }
`);

export type StoredFile = DocumentInput_StoredFileFragment;

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

export function StoredFileLink({ file }: { file: StoredFile }) {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      await openAuthorizedFile(file.url);
    } catch {
      notify(MESSAGE_LEVEL.error, MSG.loadFailed);
    } finally {
      setOpening(false);
    }
  };
  return (
    <HStack gap="2" fontSize="sm" minW="0">
      <FileIcon boxSize="4" color="fg.muted" />
      <Text truncate flex="1" minW="0" title={file.filename}>
        {file.filename}
      </Text>
      <Text color="fg.muted" flexShrink={0}>
        {formatSize(file.size)}
      </Text>
      <Button size="xs" variant="outline" onClick={() => void open()} loading={opening} aria-label={`Apri ${file.filename}`}>
        Apri
      </Button>
    </HStack>
  );
}

export interface DocumentInputProps {
  label: string;
  /** Files already stored (one for a certificate, several for manager documents). */
  stored: readonly StoredFile[];
  /** Files chosen and not yet saved. */
  chosen: readonly File[];
  multiple?: boolean;
  onChange: (files: File[], error: string | undefined) => void;
  error?: string | undefined;
  /** Only the stored files, to open (a role that may not change them). */
  readOnly?: boolean;
}

export function DocumentInput({ label, stored, chosen, multiple = false, onChange, error, readOnly = false }: DocumentInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const pick = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (!files.length) return;
    const problem = files.map(checkDocument).find(Boolean);
    if (problem) {
      if (inputRef.current) inputRef.current.value = '';
      onChange(multiple ? [...chosen] : [], problem);
      return;
    }
    onChange(multiple ? [...chosen, ...files] : files, undefined);
    if (inputRef.current) inputRef.current.value = '';
  };
  const remove = (index: number) => onChange(chosen.filter((_, i) => i !== index), undefined);

  if (readOnly) {
    return (
      <Stack gap="1.5" role="group" aria-label={label}>
        <Text fontSize="sm" fontWeight="medium">
          {label}
        </Text>
        {stored.length ? (
          stored.map((f) => <StoredFileLink key={f.id} file={f} />)
        ) : (
          <Text fontSize="sm" color="fg.muted">
            Nessun file
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Stack gap="2" w="100%">
        {stored.map((f) => (
          <StoredFileLink key={f.id} file={f} />
        ))}
        {chosen.map((f, i) => (
          <HStack key={`${f.name}-${i}`} gap="2" fontSize="sm" bg="brand.subtle" borderRadius="md" px="2" py="1">
            <FileIcon boxSize="4" color="brand.fg" />
            <Text truncate flex="1" minW="0">
              {f.name}
            </Text>
            <Text color="fg.muted" flexShrink={0}>
              da salvare
            </Text>
            <Button size="xs" variant="ghost" onClick={() => remove(i)} aria-label={`Rimuovi ${f.name}`}>
              Rimuovi
            </Button>
          </HStack>
        ))}
        <Box>
          <Input
            ref={inputRef}
            type="file"
            accept={DOCUMENT_MIME_TYPES.join(',')}
            multiple={multiple}
            onChange={(e) => pick(e.target.files)}
            p="1.5"
            h="auto"
            fontSize="sm"
          />
        </Box>
      </Stack>
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        <Field.HelperText>
          {stored.length && !multiple ? 'Un nuovo file sostituisce quello salvato. ' : ''}PDF, PNG, JPEG o WebP, al massimo 5 MB.
        </Field.HelperText>
      )}
    </Field.Root>
  );
}
