/**
 * The logo-vectorizer package: `import { vectorize, buildBrandKit, renderPng } from 'logo-vectorizer'`.
 * The CLI calls them as any user would; the server and the MCP tools run the same engine facade, kit
 * builder and rasterizer from src/core. This is the only module the package's `exports` map opens.
 */
export { vectorize, type TraceBounds as VectorizeBounds, type Vectorized } from './core/tracer.js';
export { buildBrandKit, renderPng, type BrandKitOptions } from './core/library.js';
export { ServiceError, type ServiceErrorCode } from './core/errors.js';
export {
  COLOR_CHOICES,
  DEFAULT_SETTING_VALUES as DEFAULT_SETTINGS,
  SMOOTHING_MAX,
  type ColorChoice,
} from './core/setting-values.js';
export type { TraceSettings } from './core/settings.js';
export {
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE_PX,
  IMAGE_MIN_SIDE_PX,
  KIT_NAME_MAX_CHARS,
  RENDER_MAX_SIDE_PX,
} from './core/limits.js';
