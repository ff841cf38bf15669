// A document field (the person form, the medical certificate forms of the staff and of the personal area): the stored
// file(s) with an "Apri" button (files need the session headers, see lib/authorized-file.ts) and a picker for a new
// one, checked for type and size as soon as it is chosen. Shared (components/): features do not import each other.
import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { DOCUMENT_MIME_TYPES } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { useFieldError } from './form';
import { FileIcon } from './icons';
import { graphql } from '../gql';
import type { DocumentInput_StoredFileFragment } from '../gql/graphql';
import { openAuthorizedFile } from '../lib/authorized-file';
import { checkDocument } from '../lib/document-files';
import { MESSAGE_LEVEL, notify } from '../lib/notify';

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
  /** A file must be chosen (the asterisk beside the label, as FormField shows it). */
  required?: boolean;
}

export function DocumentInput({ label, stored, chosen, multiple = false, onChange, error, readOnly = false, required = false }: DocumentInputProps) {
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
    <Field.Root invalid={Boolean(error)} required={required}>
      <HStack gap="1" align="baseline">
        <Field.Label>{label}</Field.Label>
        {required && (
          <Box as="span" aria-hidden="true" color="fg.error" fontSize="sm" lineHeight="1">
            *
          </Box>
        )}
      </HStack>
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

export interface DocumentFieldProps extends Omit<DocumentInputProps, 'chosen' | 'onChange' | 'error'> {
  /** The form value holding the file chosen (File or null), or the files (File[]) when `multiple`. */
  name: string;
  /** Where the server's message about the file comes (default `name`). */
  messageName?: string;
  /** The picker's refusal of the last file chosen (type, size): shown under it, and the form refuses to save. */
  problem: string | undefined;
  onProblem: (problem: string | undefined) => void;
}

/** A DocumentInput bound to the surrounding form (components/form): the chosen files are the form's value `name`. */
export function DocumentField({ name, messageName = name, problem, onProblem, multiple = false, ...input }: DocumentFieldProps) {
  const { field } = useController({ name });
  const { clearErrors } = useFormContext();
  const serverMessage = useFieldError(messageName);
  const value = field.value as File | File[] | null;
  return (
    <DocumentInput
      {...input}
      multiple={multiple}
      chosen={Array.isArray(value) ? value : value ? [value] : []}
      onChange={(chosen, refused) => {
        field.onChange(multiple ? chosen : (chosen[0] ?? null));
        // The server's refusal was about the previous file.
        clearErrors(messageName);
        onProblem(refused);
      }}
      error={problem ?? serverMessage}
    />
  );
}
