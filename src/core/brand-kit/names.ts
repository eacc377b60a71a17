/**
 * The brand name as it may appear in each kind of file. It comes straight
 * from the request (any text up to 80 characters), so every place that uses it
 * takes it through one of these, or through escapeXml / JSON.stringify.
 */

/** Control characters (line breaks included) would end a line in .gpl, README and CSS comments. */
export function singleLine(name: string): string {
  return name.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();
}

/**
 * The one file-name-safe slug of a brand name: lower-case ASCII letters, digits and dashes, at most 40
 * characters; 'brand' when nothing is left. The kit's inner files and its download name both use it.
 */
export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'brand';
}

/** The kit ZIP's download name, carrying the same slug as the files inside it. */
export function kitZipName(name: string): string {
  return `${fileSlug(name)}-kit.zip`;
}

/** Web app manifests recommend at most 12 characters for short_name (home-screen labels). */
export function shortName(name: string): string {
  return [...singleLine(name)].slice(0, 12).join('').trim();
}

/** Text for inside a CSS comment: '*\/' would close it, and '<' could close a <style> it is pasted into. */
export function cssCommentText(name: string): string {
  return singleLine(name).replace(/\*\//g, '*\\/').replace(/</g, '\\3c ');
}

/** JSON with '<', '>' and '&' as \u escapes, so the text stays inert even when pasted into HTML. */
export function htmlSafeJson(value: unknown): string {
  const escapes: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026' };
  return `${JSON.stringify(value, null, 2).replace(/[<>&]/g, (c) => escapes[c] ?? c)}\n`;
}
