/**
 * The service's published limits, one named constant each. The engine enforces
 * the image ones itself; they are repeated here so the API index and the
 * OpenAPI document can state them.
 */

/** Largest accepted upload: 10 MiB. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MIN_SIDE_PX = 8;
export const IMAGE_MAX_SIDE_PX = 6000;
export const IMAGE_MAX_PIXELS = 20_000_000;
export const IMAGE_FORMATS = ['PNG', 'JPEG', 'WebP'] as const;
/** The image size limits in words, for messages and API descriptions. */
export const IMAGE_SIZE_RULE = `${IMAGE_MIN_SIDE_PX} to ${IMAGE_MAX_SIDE_PX} px per side, at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`;

/** Largest JSON request body (the MCP endpoint, which carries images, has its own). */
export const JSON_BODY_MAX_BYTES = 64 * 1024;

/** Most palette colors one visibility request may hide. */
export const HIDDEN_COLORS_MAX = 32;
export const KIT_NAME_MAX_CHARS = 80;
/** Longest side renderPng draws: a 8192 px square is a 256 MiB bitmap. */
export const RENDER_MAX_SIDE_PX = 8192;
export const IDEMPOTENCY_KEY_MAX_CHARS = 255;
/** Longest upload_session_id accepted with an upload. */
export const UPLOAD_SESSION_ID_MAX_CHARS = 128;

/** Retry-After (seconds) when every job slot is busy: a typical trace takes well under this. */
export const BUSY_RETRY_AFTER_SECONDS = 2;
/** Retry-After (seconds) while the first request with the same Idempotency-Key still runs. */
export const IN_FLIGHT_RETRY_AFTER_SECONDS = 1;
