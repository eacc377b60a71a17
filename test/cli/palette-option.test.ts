/** `--palette`: the CLI's brand colors, read in process (the CLI as a process is test/system/cli's). */
import t from 'tap';

import { parseCli, UsageError } from '../../src/cli/args.js';

t.test('--palette takes brand colors separated by commas or spaces', async (t) => {
  t.same(parseCli(['--palette', '#1d4ed8,#f59e0b', 'logo.jpg']).settings.palette, ['#1d4ed8', '#f59e0b']);
  t.same(parseCli(['--palette', '#1d4ed8, #f59e0b', 'logo.jpg']).settings.palette, ['#1d4ed8', '#f59e0b']);
  t.same(parseCli(['logo.jpg']).settings.palette, [], 'none by default');
});

t.test('malformed brand colors are a usage error naming --palette', async (t) => {
  const seventeen = Array.from({ length: 17 }, () => '#1d4ed8').join(',');
  for (const palette of ['#12345', 'blue', seventeen]) {
    t.throws(() => parseCli(['--palette', palette, 'logo.jpg']), {
      name: UsageError.name,
      message: /^--palette must be/,
    });
  }
});
