/**
 * Idempotency keys in the file store (core's RequestKeys port): completed
 * requests' kept responses on disk, by hash of the key. Claims of keys in
 * flight live in memory: they only matter while this process runs the request.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

import type { IdempotencyClaim, KeptResponse, RequestKeys } from '../../core/job-store.js';
import { hashedKey } from '../records.js';
import { isMissing, type Folder } from './folder.js';

export interface FileRequestKeys {
  port: RequestKeys;
  /** Forgets the claims whose lease lapsed. */
  dropLapsedClaims(): void;
  /** Deletes the expired kept responses (and any that cannot be read); returns how many expired. */
  sweepKeptResponses(): Promise<number>;
}

export function fileRequestKeys(folder: Folder, now: () => number): FileRequestKeys {
  const { dirs } = folder;
  const claims = new Map<string, { fingerprint: string; until: number }>();
  const keptPath = (key: string) => join(dirs.idempotency, `${hashedKey(key)}.json`);

  async function readKeptResponse(key: string): Promise<KeptResponse | null> {
    try {
      const record = JSON.parse(await readFile(keptPath(key), 'utf8')) as KeptResponse;
      return record.expiresAt > now() ? record : null;
    } catch (error) {
      if (isMissing(error) || error instanceof SyntaxError) return null;
      throw error;
    }
  }

  const port: RequestKeys = {
    async claimIdempotencyKey(key, fingerprint, leaseMs) {
      const at = now();
      const claim = claims.get(key);
      if (claim && claim.until > at) return { state: 'in-flight', fingerprint: claim.fingerprint };
      // Claim before reading the disk, so a concurrent request sees the claim.
      claims.set(key, { fingerprint, until: at + leaseMs });
      const record = await readKeptResponse(key);
      if (record) {
        claims.delete(key);
        return { state: 'completed', record } satisfies IdempotencyClaim;
      }
      return { state: 'claimed' };
    },

    async renewIdempotencyClaim(key, fingerprint, leaseMs) {
      const claim = claims.get(key);
      if (claim?.fingerprint !== fingerprint || claim.until <= now()) return false;
      claim.until = now() + leaseMs;
      return true;
    },

    async completeIdempotencyKey(key, record) {
      // A request whose lease lapsed, and whose key another request claimed since, stores nothing.
      const claim = claims.get(key);
      if (claim && claim.fingerprint !== record.fingerprint) return;
      await folder.writeAtomically(keptPath(key), JSON.stringify(record));
      claims.delete(key);
    },

    async releaseIdempotencyKey(key) {
      claims.delete(key);
    },
  };

  return {
    port,

    dropLapsedClaims() {
      for (const [key, claim] of claims) if (claim.until <= now()) claims.delete(key);
    },

    async sweepKeptResponses() {
      let removed = 0;
      for (const entry of await readdir(dirs.idempotency)) {
        const path = join(dirs.idempotency, entry);
        try {
          const record = JSON.parse(await readFile(path, 'utf8')) as KeptResponse;
          if (!(record.expiresAt > now())) {
            await rm(path, { force: true });
            removed += 1;
          }
        } catch (error) {
          if (!isMissing(error)) await rm(path, { force: true });
        }
      }
      return removed;
    },
  };
}
