/**
 * Content-Disposition: attachment, written by the `content-disposition` package
 * (RFC 6266): the name as a quoted filename when it is plain ASCII, otherwise
 * an ASCII fallback in filename plus the exact name in filename* (UTF-8, RFC 8187).
 */
import contentDisposition from 'content-disposition';

/** Non-ASCII becomes '_'; so do quotes, backslashes and '%', which some clients mangle in filename. */
function asciiFallback(filename: string): string {
  return filename.replace(/[^\x20-\x7E]|["\\%]/g, '_');
}

/** `filename` is a base name: the package keeps only what follows the last slash or backslash. */
export function attachment(filename: string): string {
  return contentDisposition(filename, { fallback: asciiFallback(filename) });
}
