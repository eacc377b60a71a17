/**
 * Reading upload forms. The file is streamed once: hashed and collected as it
 * arrives, with the size limit checked on the way (@fastify/multipart cuts an
 * oversized file short and marks it truncated). Validation then sees a plain
 * object: the text fields, and for `file` the sha256 of the bytes, which
 * makes the idempotency fingerprint depend on the content and never on the
 * multipart boundary. The bytes themselves wait on `request.upload`.
 */
import { createHash } from 'node:crypto';

import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

import { HttpError, RequestValidationError, UPLOAD_TOO_LARGE } from './errors.js';
import { asDeclaredTypes } from './text-fields.js';
import { FILE_FIELD } from './upload-form.js';

export interface Upload {
  bytes: Buffer;
  /** Hex sha256 of the bytes. */
  sha256: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    upload: Upload | null;
  }
}

async function readFilePart(part: MultipartFile): Promise<Upload> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) {
    hash.update(chunk as Buffer);
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) throw new HttpError(413, UPLOAD_TOO_LARGE);
  return { bytes: Buffer.concat(chunks), sha256: hash.digest('hex') };
}

/** preValidation hook of upload routes: fills request.upload and request.body from the form. */
export async function readUploadForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) {
    throw new RequestValidationError([
      { loc: ['body'], msg: `expected a multipart/form-data body with a "${FILE_FIELD}" field`, type: 'media_type' },
    ]);
  }
  const fields: Record<string, string> = {};
  let upload: Upload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === FILE_FIELD && !upload) upload = await readFilePart(part);
        else part.file.resume(); // files under other names are ignored
      } else if (part.valueTruncated) {
        throw new RequestValidationError([
          { loc: ['body', part.fieldname], msg: 'value is too long', type: 'maxLength' },
        ]);
      } else if (part.fieldname !== FILE_FIELD) {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (
      error instanceof HttpError ||
      error instanceof RequestValidationError ||
      (error as { statusCode?: number }).statusCode
    ) {
      throw error;
    }
    throw new RequestValidationError([
      { loc: ['body'], msg: `malformed multipart body: ${(error as Error).message}`, type: 'multipart_invalid' },
    ]);
  }
  request.upload = upload;
  const typed = asDeclaredTypes(fields, request.routeOptions.schema?.body);
  request.body = upload ? { ...typed, [FILE_FIELD]: upload.sha256 } : typed;
}
