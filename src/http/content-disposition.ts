/**
 * Content-Disposition: attachment with a file name that may come from the
 * user: an ASCII fallback with quotes and backslashes removed, plus the exact
 * name percent-encoded in filename* (RFC 6266, RFC 8187).
 */
export function attachment(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7E]|["\\%]/g, '_');
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

