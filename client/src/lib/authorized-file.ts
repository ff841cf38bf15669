// Stored files (/files/<id>) answer only with the session and club headers, so a plain link cannot open them:
// fetch with the headers, then hand the browser an object URL.
import { MSG } from '../../../schema/messages';
import { authHeaders } from './apollo';

async function fetchFile(url: string): Promise<Blob> {
  const response = await fetch(url, { headers: authHeaders() });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

/**
 * Opens a stored file in a new tab (PDFs and images display inline). The tab is opened synchronously, inside the
 * click, so popup blockers allow it; its address is set once the file has arrived.
 */
export async function openAuthorizedFile(url: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const objectUrl = URL.createObjectURL(await fetchFile(url));
    if (tab) tab.location.href = objectUrl;
    else window.location.assign(objectUrl);
    // Keep it long enough for the tab to load it, then free the memory.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** Saves a stored file under its name. */
export async function downloadAuthorizedFile(url: string, filename: string): Promise<void> {
  saveBlob(await fetchFile(url), filename);
}

/**
 * Saves a file an endpoint makes on request (e.g. a PDF of letters) under the name the server gives it, or
 * `filename`. Answers null once saved, else the message to show: a refusal's own words (a 4xx JSON `{ error }` or
 * `{ message }`, e.g. "no minor called up"), the busy server's, or the connection's when nothing answered.
 */
export async function downloadFileOrMessage(url: string, filename: string): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(url, { headers: authHeaders() });
  } catch {
    return MSG.noConnection;
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown; message?: unknown } | null;
    const message = [body?.error, body?.message].find((m): m is string => typeof m === 'string' && m !== '');
    if (message) return message;
    return response.status === 503 ? MSG.serverBusy : response.status === 403 ? MSG.permissionDenied : MSG.unexpected;
  }
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(response.headers.get('content-disposition') ?? '')?.[1];
  let name = filename;
  try {
    if (named) name = decodeURIComponent(named);
  } catch {
    // a malformed name: ours
  }
  saveBlob(await response.blob(), name);
  return null;
}

/** A file handed back inside a GraphQL answer (DownloadFile: exports, the import's error file). */
export interface InlineFile {
  filename: string;
  contentType: string;
  base64: string;
}

/** Saves a file that came inside a GraphQL answer under its name. */
export function saveInlineFile(file: InlineFile): void {
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  saveBlob(new Blob([bytes], { type: file.contentType }), file.filename);
}

/** Hands the browser a blob to save as `filename` (also a file made in the browser, e.g. a CSV). */
export function saveBlob(blob: Blob, filename: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
