/**
 * API versions: dates sent in the Service-Version request header. One table
 * lists them with their deprecation and sunset dates; every response echoes
 * the answering version, a deprecated one adds Deprecation, Sunset and Link.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { HttpError } from './errors.js';
import { publicUrl, VERSIONING_SECTION } from './public-url.js';
import type { VersioningInfo } from './schemas.js';

export const VERSION_HEADER = 'Service-Version';
const MIN_NOTICE_DAYS = 90;

export interface ApiVersion {
  version: string;
  /** When the version was (or will be) declared deprecated. */
  deprecatedAt?: Date;
  /** When it is removed; required with deprecatedAt, at least 90 days later. */
  sunsetAt?: Date;
}

export interface VersionTable {
  /** Answers requests without the header. */
  current: string;
  versions: ApiVersion[];
}

export const SERVICE_VERSIONS: VersionTable = {
  current: '2026-10-14',
  versions: [{ version: '2026-10-14' }],
};

export const DEPRECATION_POLICY =
  `Breaking changes ship only under a new dated version; existing versions keep their behavior until removed. ` +
  `A deprecated version or endpoint answers with Deprecation (RFC 9745), Sunset (RFC 8594) and Link rel="deprecation" headers, ` +
  `and is announced in the developer portal, at least ${MIN_NOTICE_DAYS} days before removal. Paths are not versioned.`;

/** Throws unless the table is coherent: the current version is listed and live, notices are long enough. */
export function checkVersionTable(table: VersionTable): void {
  const current = table.versions.find((v) => v.version === table.current);
  if (!current || current.deprecatedAt)
    throw new Error(`current version ${table.current} must be listed and not deprecated`);
  for (const { version, deprecatedAt, sunsetAt } of table.versions) {
    if (!deprecatedAt !== !sunsetAt)
      throw new Error(`version ${version} needs both deprecatedAt and sunsetAt, or neither`);
    if (deprecatedAt && sunsetAt && sunsetAt.getTime() - deprecatedAt.getTime() < MIN_NOTICE_DAYS * 86_400_000) {
      throw new Error(`version ${version} must be deprecated at least ${MIN_NOTICE_DAYS} days before its sunset`);
    }
  }
}

/** Versions that still answer: those whose sunset has not passed. */
export function supportedVersions(table: VersionTable, now = new Date()): ApiVersion[] {
  return table.versions.filter((v) => !v.sunsetAt || v.sunsetAt > now);
}

export function versioningInfo(table: VersionTable, documentation: string): VersioningInfo {
  const supported = supportedVersions(table);
  return {
    header: VERSION_HEADER,
    current: table.current,
    supported: supported.map((v) => v.version),
    deprecated: supported.flatMap(({ version, deprecatedAt, sunsetAt }) =>
      deprecatedAt && sunsetAt
        ? [{ version, deprecated_at: deprecatedAt.toISOString(), sunset_at: sunsetAt.toISOString() }]
        : [],
    ),
    policy: DEPRECATION_POLICY,
    documentation,
  };
}

async function versioning(app: FastifyInstance, options: { table: VersionTable }): Promise<void> {
  const { table } = options;
  checkVersionTable(table);

  app.addHook('onRequest', async (request, reply) => {
    const requested = request.headers['service-version'];
    if (requested === undefined) {
      reply.header(VERSION_HEADER, table.current);
      return;
    }
    const supported = supportedVersions(table);
    const answering = supported.find((v) => v.version === requested);
    if (!answering) {
      reply.header(VERSION_HEADER, table.current);
      const shown = String(requested).slice(0, 64);
      throw new HttpError(
        400,
        `Unsupported ${VERSION_HEADER} "${shown}". Supported versions: ${supported.map((v) => v.version).join(', ')}.`,
      );
    }
    reply.header(VERSION_HEADER, answering.version);
    if (answering.deprecatedAt && answering.sunsetAt) {
      reply.header('Deprecation', `@${Math.floor(answering.deprecatedAt.getTime() / 1000)}`);
      reply.header('Sunset', answering.sunsetAt.toUTCString());
      reply.header('Link', `<${publicUrl(request, VERSIONING_SECTION)}>; rel="deprecation"; type="text/html"`);
    }
  });
}

export default fp(versioning, { name: 'versioning' });
