// One document of a public registration, sent as a GraphQL multipart request (the spec's "one mutation, one file"
// the server takes without a session) over XMLHttpRequest, which reports the upload's progress: on a phone a 5 MB
// photo takes a while. No session header: the browser's secret for its submission is the proof.
import { print } from 'graphql';
import { MSG } from '../../../../../schema/messages';
import { UPLOAD_MAX_BYTES } from '../../../../../schema/constants';
import type { RegistrationDocumentKind } from '../../../../../schema/validation/registrations';
import { readMutationResult } from '../../../lib/mutation-result';
import type { UploadRegistrationDocumentMutation as UploadResult } from '../../../gql/graphql';
import { UploadRegistrationDocumentMutation } from './registration-documents';

/** What the server accepts (checked again there by content). */
export const ACCEPTED_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'];
export const ACCEPT_ATTRIBUTE = '.pdf,.png,.jpg,.jpeg,.webp,application/pdf,image/png,image/jpeg,image/webp';

/** The browser's own check before sending: the server's messages for a file too large or of another type. */
export function fileProblem(file: File): string | null {
  if (file.size > UPLOAD_MAX_BYTES) return MSG.fileTooLarge;
  if (file.type && !ACCEPTED_TYPES.includes(file.type)) return MSG.fileTypeNotAllowed;
  return null;
}

export type UploadOutcome = { ok: true; filename: string; message: string } | { ok: false; message: string };

function errorMessage(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { errors?: { message?: string; extensions?: { code?: string } }[]; message?: string };
    const first = parsed.errors?.[0];
    if (first?.message && first.extensions?.code && first.extensions.code !== 'INTERNAL_SERVER_ERROR') return first.message;
  } catch {
    // not JSON
  }
  if (status === 413) return MSG.fileTooLarge;
  if (status === 503) return MSG.serverBusy;
  return MSG.noConnection;
}

export function uploadRegistrationDocument(
  variables: { accessToken: string; personIndex: number; kind: RegistrationDocumentKind },
  file: File,
  onProgress: (percent: number) => void,
): Promise<UploadOutcome> {
  const body = new FormData();
  body.append('operations', JSON.stringify({ query: print(UploadRegistrationDocumentMutation), variables: { ...variables, file: null } }));
  body.append('map', JSON.stringify({ '0': ['variables.file'] }));
  body.append('0', file, file.name);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/graphql');
    xhr.setRequestHeader('accept', 'application/graphql-response+json, application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return resolve({ ok: false, message: errorMessage(xhr.status, xhr.responseText) });
      try {
        const parsed = JSON.parse(xhr.responseText) as { data?: UploadResult | null };
        const outcome = readMutationResult(parsed.data?.uploadRegistrationDocument);
        if (outcome.ok) return resolve({ ok: true, filename: outcome.data.filename, message: outcome.data.message });
        return resolve({ ok: false, message: outcome.fieldErrors.file ?? outcome.message });
      } catch {
        return resolve({ ok: false, message: errorMessage(xhr.status, xhr.responseText) });
      }
    };
    xhr.onerror = () => resolve({ ok: false, message: MSG.noConnection });
    xhr.send(body);
  });
}
