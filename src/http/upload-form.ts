/** The shape of an upload form: one named file and a few short text fields. */

/** The field that carries the file in every upload form of the spec. */
export const FILE_FIELD = 'file';

/** What one upload form may hold (@fastify/multipart's limits); the file's own size limit is UPLOAD_MAX_BYTES. */
export const UPLOAD_FORM_LIMITS = { files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 100 } as const;

/** Why a form over UPLOAD_FORM_LIMITS is refused. */
export const FORM_TOO_BIG =
  `an upload form carries one file (field "${FILE_FIELD}") and at most ${UPLOAD_FORM_LIMITS.fields} other fields ` +
  `of at most ${UPLOAD_FORM_LIMITS.fieldSize} bytes each`;
