// The Content-Disposition header of a download (stored files, exports), shared by the modules' HTTP routes.

/** RFC 6266 / 5987: a plain ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(filename: string, kind: 'inline' | 'attachment' = 'inline'): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
