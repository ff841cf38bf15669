// What this browser remembers of its registration through one form's link (localStorage, keyed by the link's
// token): the submission's secret, to upload, sign, and come back to it (a reload, the club asking for changes).
export interface SignedInfo {
  message: string;
  hash: string;
  pdfPath: string;
  verifyPath: string;
}

export interface StoredRegistration {
  accessToken: string;
  maskedEmail: string;
  /** The people registered, as named in the submission (the documents' and the signature's steps). */
  people: string[];
  /** Files uploaded, by `<personIndex>.<kind>`: their names as the server stored them. */
  uploads: Record<string, string>;
  /** Per person: whether their certificate's data were sent (an optional certificate is uploaded only then). */
  withCertificate?: boolean[];
  signed?: SignedInfo | undefined;
}

const key = (formToken: string) => `campobase.iscrizione.${formToken}`;

export function readStoredRegistration(formToken: string): StoredRegistration | null {
  try {
    const raw = window.localStorage.getItem(key(formToken));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredRegistration>;
    if (typeof parsed.accessToken !== 'string') return null;
    return { accessToken: parsed.accessToken, maskedEmail: parsed.maskedEmail ?? '', people: parsed.people ?? [], uploads: parsed.uploads ?? {}, withCertificate: parsed.withCertificate ?? [], signed: parsed.signed };
  } catch {
    return null;
  }
}

export function storeRegistration(formToken: string, value: StoredRegistration): void {
  try {
    window.localStorage.setItem(key(formToken), JSON.stringify(value));
  } catch {
    // private browsing with storage refused: the steps still work until the page is left
  }
}

export function forgetRegistration(formToken: string): void {
  try {
    window.localStorage.removeItem(key(formToken));
  } catch {
    // nothing stored
  }
}
