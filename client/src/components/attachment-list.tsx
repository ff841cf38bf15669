// A notice's attachments ("Allegati"): each file with an icon by its type (PDF or image), its name and size. Who reads
// decides how a file opens: the staff and the personal area pass `onOpen` (their files need the session's headers,
// lib/authorized-file.ts), the public link page none (a plain link: the address is the reader's own). Shared
// (components/): the notices' pages and the personal area use it, and features do not import each other.
import { Button, chakra, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FileIcon, ImageIcon } from './icons';
import { messageOfError } from '../lib/errors';
import { MESSAGE_LEVEL, notify } from '../lib/notify';

/** A file's size as the UI writes it, Italian style: "34 kB", "1,2 MB" (at least 1 kB). */
export function formatFileSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

export interface Attachment {
  fileId: string;
  filename: string;
  mimeType: string;
  size: number;
  url: string;
}

export interface AttachmentListProps {
  attachments: readonly Attachment[];
  /** Opens a file that needs the session; without it each file is a plain link to its `url`. */
  onOpen?: (attachment: Attachment) => Promise<void>;
  /** The button's word with `onOpen`: "Apri" (a new tab) or "Scarica" (saved under its name). */
  action?: 'Apri' | 'Scarica';
  /** The heading's id prefix when a page shows more than one list. */
  id?: string;
}

function TypeIcon({ mimeType }: { mimeType: string }) {
  return mimeType.startsWith('image/') ? <ImageIcon boxSize="4" color="fg.muted" /> : <FileIcon boxSize="4" color="fg.muted" />;
}

function OpenButton({ attachment, onOpen, action }: { attachment: Attachment; onOpen: (attachment: Attachment) => Promise<void>; action: string }) {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      await onOpen(attachment);
    } catch (error) {
      notify(MESSAGE_LEVEL.error, messageOfError(error));
    } finally {
      setOpening(false);
    }
  };
  return (
    <Button size="xs" variant="outline" onClick={() => void open()} loading={opening} aria-label={`${action} ${attachment.filename}`} flexShrink={0}>
      {action}
    </Button>
  );
}

/** Nothing when there are none. */
export function AttachmentList({ attachments, onOpen, action = 'Apri', id = 'allegati' }: AttachmentListProps) {
  if (attachments.length === 0) return null;
  const headingId = `${id}-titolo`;
  return (
    <Stack as="section" gap="2" aria-labelledby={headingId}>
      <Text id={headingId} fontSize="sm" fontWeight="semibold">
        {attachments.length === 1 ? 'Allegato' : `Allegati (${attachments.length})`}
      </Text>
      <Stack as="ul" gap="1.5" listStyleType="none" m="0" p="0">
        {attachments.map((a) => {
          const size = formatFileSize(a.size);
          return (
            <HStack as="li" key={a.fileId} gap="2" fontSize="sm" minW="0" borderWidth="1px" borderRadius="md" px="2.5" py="1.5">
              <TypeIcon mimeType={a.mimeType} />
              {onOpen ? (
                <Text truncate flex="1" minW="0" title={a.filename}>
                  {a.filename}
                </Text>
              ) : (
                <Link href={a.url} target="_blank" rel="noopener" flex="1" minW="0" color="brand.fg" textDecoration="underline" aria-label={`${a.filename}, ${size}`}>
                  <chakra.span truncate title={a.filename}>
                    {a.filename}
                  </chakra.span>
                </Link>
              )}
              <Text color="fg.muted" flexShrink={0} aria-hidden={onOpen ? undefined : true}>
                {size}
              </Text>
              {onOpen && <OpenButton attachment={a} onOpen={onOpen} action={action} />}
            </HStack>
          );
        })}
      </Stack>
    </Stack>
  );
}

/** The files picked for sending (before upload), each with its size and a "Rimuovi" button. */
export function ChosenFiles({ files, onRemove }: { files: readonly File[]; onRemove: (index: number) => void }) {
  if (!files.length) return null;
  return (
    <Stack as="ul" gap="1.5" listStyleType="none" aria-label="Allegati scelti" m="0" p="0">
      {files.map((file, i) => (
        <HStack as="li" key={`${file.name}-${i}`} gap="2" fontSize="sm" bg="bg.subtle" borderRadius="md" px="2.5" py="1" minW="0">
          {file.type.startsWith('image/') ? <ImageIcon boxSize="4" color="fg.muted" /> : <FileIcon boxSize="4" color="fg.muted" />}
          <Text truncate flex="1" minW="0" title={file.name}>
            {file.name}
          </Text>
          <Text color="fg.muted" flexShrink={0}>
            {formatFileSize(file.size)}
          </Text>
          <Button size="xs" variant="ghost" onClick={() => onRemove(i)} aria-label={`Rimuovi ${file.name}`}>
            Rimuovi
          </Button>
        </HStack>
      ))}
    </Stack>
  );
}
