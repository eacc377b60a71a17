/** The shipped native addon itself, for tests of its boundary. */
import { createRequire } from 'node:module';

import type * as NativeBinding from '../../native/binding.js';

export const nativeAddon = createRequire(import.meta.url)('../../native/binding.cjs') as typeof NativeBinding;
