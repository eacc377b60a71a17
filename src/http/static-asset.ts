/**
 * A file held in memory and served the way browsers should cache it: named by
 * a content hash (its version), so a URL that carries the current version in
 * `?v=` may be kept for a year, and any other revalidates with the ETag. The
 * body is compressed once per encoding, on first demand, never per request.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const COMPRESS: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  // Quality 9: a few percent over the smallest brotli output, in a second where 11 takes fifteen.
  br: (body) => brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (body) => gzipped(body, { level: 9 }),
};

const FOR_A_YEAR = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export interface AssetRequest {
  /** The `v` query parameter. */
  version: string | undefined;
  ifNoneMatch: string | undefined;
  acceptEncoding: string | undefined;
}

export interface AssetAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface StaticAsset {
  /** The content hash that `?v=` names. */
  version: string;
  answer(request: AssetRequest): Promise<AssetAnswer>;
}

/** The first of br and gzip that an Accept-Encoding header accepts (q above 0, by name or by *). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const entry of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  return ENCODINGS.find((encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0);
}

export function staticAsset(body: Buffer, contentType: string): StaticAsset {
  const version = createHash('sha256').update(body).digest('hex').slice(0, 16);
  // Weak, so that every encoding of the same content shares it.
  const etag = `W/"${version}"`;
  const encoded = new Map<Encoding, Promise<Buffer>>();
  const encodedAs = (encoding: Encoding) => {
    let found = encoded.get(encoding);
    if (!found) encoded.set(encoding, (found = COMPRESS[encoding](body)));
    return found;
  };
  return {
    version,
    async answer(request) {
      const headers: Record<string, string> = {
        'Cache-Control': request.version === version ? FOR_A_YEAR : REVALIDATE,
        ETag: etag,
        Vary: 'Accept-Encoding',
      };
      const tags = (request.ifNoneMatch ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
      if (tags.includes('*') || tags.includes(`"${version}"`)) return { status: 304, headers };
      headers['Content-Type'] = contentType;
      const encoding = preferredEncoding(request.acceptEncoding);
      if (!encoding) return { status: 200, headers, body };
      headers['Content-Encoding'] = encoding;
      return { status: 200, headers, body: await encodedAs(encoding) };
    },
  };
}
