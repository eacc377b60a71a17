/**
 * Form fields and query parameters arrive as text; JSON arrives typed. The
 * validator never converts types (a JSON "name": 12345 is a 422, not "12345"),
 * so text is read here as the type its schema declares before validation sees
 * it: "4" as 4 for an integer, "true" as true for a boolean, "#1d4ed8,#f59e0b"
 * as a list (commas or spaces between its items). Text that does
 * not read as that type is left as it is, for validation to refuse.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { splitColorList } from '../core/setting-values.js';

interface FieldSchema {
  type?: unknown;
}

interface ObjectSchema {
  properties?: Record<string, FieldSchema>;
}

function readAs(type: unknown, text: string): unknown {
  if (type === 'integer' && /^-?\d+$/.test(text)) return Number(text);
  if (type === 'number' && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  if (type === 'array') return splitColorList(text);
  return text;
}

/** `fields` with every text value read as the type `schema` declares for it. */
export function asDeclaredTypes(fields: Record<string, unknown>, schema: unknown): Record<string, unknown> {
  const properties = (schema as ObjectSchema | undefined)?.properties ?? {};
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [
      name,
      typeof value === 'string' ? readAs(properties[name]?.type, value) : value,
    ]),
  );
}

const TEXT_FORM = /^application\/x-www-form-urlencoded\b/i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function textFields(app: FastifyInstance): Promise<void> {
  // Multipart forms are read by their routes (multipart.ts), which apply asDeclaredTypes themselves.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const schema = request.routeOptions.schema;
    if (schema?.querystring && isRecord(request.query)) {
      request.query = asDeclaredTypes(request.query, schema.querystring);
    }
    if (schema?.body && isRecord(request.body) && TEXT_FORM.test(request.headers['content-type'] ?? '')) {
      request.body = asDeclaredTypes(request.body, schema.body);
    }
  });
}

export default fp(textFields, { name: 'text-fields' });
