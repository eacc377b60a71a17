/**
 * The tools' input and output schemas, in zod as the MCP SDK wants them.
 * Outputs that carry a revision are derived from the REST API's TypeBox
 * RevisionResult, so a revision reads the same through both doors.
 */
import { Type, type TSchema } from 'typebox';
import { z } from 'zod';

import { KIT_DEFAULTS } from '../core/brand-kit/index.js';
import { spokenBytes, spokenDuration } from '../core/terms.js';
import { UPLOAD_TTL_SECONDS } from '../core/uploads.js';
import { HIDDEN_COLORS_MAX, KIT_NAME_MAX_CHARS, UPLOAD_MAX_BYTES } from '../core/limits.js';
import {
  COLOR_CHOICES,
  DEFAULT_SETTINGS,
  HEX_COLOR_PATTERN,
  restated,
  TRACE_SETTING_SCHEMAS,
  type TraceSettingName,
  type TraceSettings,
} from '../core/settings.js';
import { RevisionResult } from '../core/results.js';

const fromTypeBox = (schema: TSchema) => z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);

const hexColor = z
  .string()
  .regex(new RegExp(HEX_COLOR_PATTERN), 'a six-digit hex color with a leading #, like #1a2b3c');

/** Base64 of the largest upload, plus room for a data: URL prefix. */
const MAX_BASE64_CHARS = Math.ceil(UPLOAD_MAX_BYTES / 3) * 4 + 100;

const revisionId = z
  .string()
  .min(1)
  .max(64)
  .describe('revision_id of a revision, as returned by vectorize_logo, update_settings or set_color_visibility.');

/** A trace setting as the core defines it, told the way an agent reads it. */
const setting = <K extends TraceSettingName>(name: K, description: string) =>
  (fromTypeBox(restated(TRACE_SETTING_SCHEMAS[name], { description })) as z.ZodType<TraceSettings[K]>).optional();

const settings = {
  // zod reads a JSON Schema enum as anyOf of consts; a literal list keeps the plain enum agents read best.
  colors: z
    .literal([...COLOR_CHOICES])
    .optional()
    .describe(
      'How many colors to trace, a gradient counting as one: 0 chooses automatically (the usual choice); 1 gives a one-color logo.',
    ),
  smoothing: setting('smoothing', '0 follows the pixels exactly; 100 gives the fewest, roundest curves.'),
  transparent: setting(
    'transparent',
    'Remove the background (the paper around the art, whatever its color), so the logo sits on transparency; art that fills the frame, like a flag, keeps every color.',
  ),
  trim: setting('trim', 'Crop the SVG to the logo.'),
  palette: setting(
    'palette',
    'The brand\'s exact colors, like ["#1d4ed8", "#f59e0b"], when the user knows them: traced colors close to one become it exactly (a JPEG shifts every color a little); [] for none.',
  ),
};

export const vectorizeLogoInput = {
  upload_id: z
    .string()
    .max(64)
    .optional()
    .describe(
      `upload_id from POST /api/mcp/uploads (multipart field "file"); uploads last ${spokenDuration(UPLOAD_TTL_SECONDS)}.`,
    ),
  image_base64: z
    .string()
    .max(MAX_BASE64_CHARS, `the image is larger than ${spokenBytes(UPLOAD_MAX_BYTES)}; that is the limit`)
    .optional()
    .describe(
      `The PNG, JPEG or WebP file as base64 (a data: URL is accepted too), at most ${spokenBytes(UPLOAD_MAX_BYTES)} decoded.`,
    ),
  sample: z
    .boolean()
    .optional()
    .describe('true traces the logo built into the service, to try the tools without an image.'),
  colors: settings.colors.describe(`${settings.colors.description} Default ${DEFAULT_SETTINGS.colors}.`),
  smoothing: settings.smoothing.describe(`${settings.smoothing.description} Default ${DEFAULT_SETTINGS.smoothing}.`),
  transparent: settings.transparent.describe(
    `${settings.transparent.description} Default ${DEFAULT_SETTINGS.transparent}.`,
  ),
  trim: settings.trim.describe(`${settings.trim.description} Default ${DEFAULT_SETTINGS.trim}.`),
  palette: settings.palette.describe(`${settings.palette.description} Default none.`),
};

export const revisionInput = { revision_id: revisionId };

export const updateSettingsInput = {
  revision_id: revisionId,
  ...(Object.fromEntries(
    Object.entries(settings).map(([name, schema]) => [name, schema.describe(`${schema.description} Omit to keep.`)]),
  ) as typeof settings),
};

export const setColorVisibilityInput = {
  revision_id: revisionId,
  hidden_colors: z
    .array(hexColor)
    .max(HIDDEN_COLORS_MAX)
    .describe(
      'The complete list of colors to hide, from the palette or hidden_colors of the revision; every other color ' +
        'is shown, so [] restores them all. At least one color must stay visible.',
    ),
};

export const exportBrandKitInput = {
  revision_id: revisionId,
  review_token: z
    .string()
    .min(1)
    .max(64)
    .describe('The review_token that review_vectorization returned for this same revision.'),
  name: z
    .string()
    .refine((name) => [...name].length <= KIT_NAME_MAX_CHARS, `at most ${KIT_NAME_MAX_CHARS} characters`)
    .optional()
    .describe(`Brand name printed in the guide and file names. Default "${KIT_DEFAULTS.name}".`),
  background_color: hexColor
    .optional()
    .describe(`Background of the opaque variants and icons, like #ffffff. Default ${KIT_DEFAULTS.backgroundColor}.`),
};

const LinkUrl = Type.String({ description: 'Absolute URL.' });

const ExportedKitInfo = Type.Object({
  url: Type.String({ description: 'Absolute URL of GET /api/jobs/{revision}/brand-kit.zip.' }),
  name: Type.String({ description: 'Brand name the kit was built with.' }),
  background_color: Type.String({ description: 'Background color the kit was built with.' }),
  bytes: Type.Integer({ description: 'Size of the ZIP.' }),
});

export const revisionOutput = fromTypeBox(RevisionResult);

export const vectorizationOutput = fromTypeBox(
  Type.Object({
    ...RevisionResult.properties,
    links: Type.Object(
      {
        svg: LinkUrl,
        svg_download: LinkUrl,
        preview_png: LinkUrl,
        cap_mockup_png: LinkUrl,
        tshirt_mockup_png: LinkUrl,
      },
      { description: 'The files of this revision.' },
    ),
    brand_kit: Type.Union([ExportedKitInfo, Type.Null()], {
      description: 'The kit exported with export_brand_kit, or null before export.',
    }),
  }),
);

export const reviewOutput = fromTypeBox(
  Type.Object({
    ...RevisionResult.properties,
    review_token: Type.String({ description: 'Pass it to export_brand_kit with this revision_id.' }),
    checklist: Type.Array(Type.String(), { description: 'What to check with the user before exporting.' }),
  }),
);

export const exportOutput = fromTypeBox(
  Type.Object({
    revision_id: Type.String(),
    brand_kit_url: Type.String({ description: 'Absolute URL of the ZIP (GET /api/jobs/{revision}/brand-kit.zip).' }),
    brand_kit_markdown: Type.String({ description: 'A Markdown link to the ZIP, ready to show a user.' }),
    logo_pdf_url: Type.String({
      description: 'Absolute URL of the logo as a vector PDF for print (GET .../logo.pdf).',
    }),
    logo_eps_url: Type.String({
      description: 'Absolute URL of the logo as a vector EPS for print (GET .../logo.eps).',
    }),
    name: Type.String(),
    background_color: Type.String(),
    bytes: Type.Integer({ description: 'Size of the ZIP.' }),
    expires_in_seconds: Type.Integer({ description: 'Seconds until the revision and its kit are deleted.' }),
  }),
);
