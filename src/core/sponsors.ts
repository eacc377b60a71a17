/**
 * Featured sponsors, from a JSON file the operator maintains (see
 * examples/sponsors.json). The file is re-read when it changes, so sponsors
 * can be edited without a restart; logos are PNG files named relative to it.
 */
import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

import { Type } from 'typebox';
import Value from 'typebox/value';

const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (UTC)' });

const SponsorsFileSchema = Type.Object({
  sponsors: Type.Array(
    Type.Object({
      id: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$' }),
      name: Type.String({ minLength: 1, maxLength: 100 }),
      url: Type.String({ pattern: '^https?://' }),
      description: Type.Optional(Type.String({ maxLength: 300 })),
      /** PNG file, relative to the sponsors file. */
      logo: Type.String({ minLength: 1 }),
      /** First day featured; omitted means featured from the start. */
      featured_from: Type.Optional(IsoDate),
      /** Last day featured; omitted means still featured. */
      featured_until: Type.Optional(IsoDate),
    }),
  ),
});

export interface Sponsor {
  id: string;
  name: string;
  url: string;
  description: string;
  featuredFrom: string | null;
  featuredUntil: string | null;
}

export interface SponsorListing {
  current: Sponsor[];
  past: Sponsor[];
}

export interface SponsorDirectory {
  /** Sponsors featured today and those featured before; future ones stay unlisted until their day. */
  list(now?: Date): Promise<SponsorListing>;
  /** The sponsor's PNG logo, or null for an unknown sponsor. */
  logo(id: string): Promise<Buffer | null>;
}

export class SponsorsFileError extends Error {
  override readonly name = 'SponsorsFileError';
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Loaded {
  /** Modification time and size of the file when it was read. */
  version: string;
  sponsors: (Sponsor & { logoPath: string })[];
}

export function createSponsorDirectory(file: string | null): SponsorDirectory {
  let cache: Loaded | undefined;

  async function load(): Promise<Loaded['sponsors']> {
    if (file === null) return [];
    const { mtimeMs, size } = await stat(file);
    const version = `${mtimeMs}:${size}`;
    if (cache?.version === version) return cache.sponsors;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new SponsorsFileError(`${file} is not valid JSON: ${(error as Error).message}`);
    }
    if (!Value.Check(SponsorsFileSchema, parsed)) {
      const problems = Value.Errors(SponsorsFileSchema, parsed).map((e) => `${e.instancePath || '/'} ${e.message}`);
      throw new SponsorsFileError(`${file} is not a valid sponsors file: ${problems.join('; ')}`);
    }
    const ids = new Set<string>();
    const sponsors = parsed.sponsors.map((entry) => {
      if (ids.has(entry.id)) throw new SponsorsFileError(`${file}: sponsor id "${entry.id}" appears twice`);
      ids.add(entry.id);
      return {
        id: entry.id,
        name: entry.name,
        url: entry.url,
        description: entry.description ?? '',
        featuredFrom: entry.featured_from ?? null,
        featuredUntil: entry.featured_until ?? null,
        logoPath: resolve(dirname(file), entry.logo),
      };
    });
    cache = { version, sponsors };
    return sponsors;
  }

  return {
    async list(now = new Date()) {
      const today = now.toISOString().slice(0, 10);
      const listing: SponsorListing = { current: [], past: [] };
      for (const { logoPath: _logo, ...sponsor } of await load()) {
        if (sponsor.featuredUntil !== null && sponsor.featuredUntil < today) listing.past.push(sponsor);
        else if (sponsor.featuredFrom === null || sponsor.featuredFrom <= today) listing.current.push(sponsor);
      }
      return listing;
    },
    async logo(id) {
      const sponsor = (await load()).find((entry) => entry.id === id);
      if (!sponsor) return null;
      const png = await readFile(sponsor.logoPath);
      if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) {
        throw new SponsorsFileError(`logo of sponsor "${id}" (${sponsor.logoPath}) is not a PNG file`);
      }
      return png;
    },
  };
}
