/**
 * The settings' plain check (setting-values.ts, which the engine facade and the
 * CLI use without loading TypeBox) and their TypeBox schemas (settings.ts, which
 * the REST and MCP schemas use) state one rule: they must agree on every value.
 */
import t from 'tap';
import Value from 'typebox/value';

import { DEFAULT_SETTING_VALUES, settingsProblem, type TraceSettingName } from '../../src/core/setting-values.js';
import { TRACE_SETTING_SCHEMAS } from '../../src/core/settings.js';

const CANDIDATES: Record<TraceSettingName, unknown[]> = {
  colors: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, -1, 2.5, '2', null, undefined, true],
  smoothing: [0, 1, 20, 99, 100, 101, -1, 0.5, 50.0, '20', null, undefined, Number.NaN, Infinity],
  transparent: [true, false, 0, 1, 'true', null, undefined],
  trim: [true, false, 0, 'false', null, undefined],
  palette: [
    [],
    ['#1d4ed8'],
    ['#1D4ED8', '#f59e0b'],
    Array.from({ length: 16 }, (_, i) => `#0000${i.toString(16).padStart(2, '0')}`),
    Array.from({ length: 17 }, (_, i) => `#0000${i.toString(16).padStart(2, '0')}`),
    ['#12345'],
    ['blue'],
    ['1d4ed8'],
    ['#1d4ed8 '],
    [1],
    '#1d4ed8',
    null,
    undefined,
  ],
};

for (const name of Object.keys(CANDIDATES) as TraceSettingName[]) {
  t.test(`${name}: the plain check and the schema agree`, async (t) => {
    for (const value of CANDIDATES[name]) {
      const problem = settingsProblem({ ...DEFAULT_SETTING_VALUES, [name]: value });
      const schemaAccepts = Value.Check(TRACE_SETTING_SCHEMAS[name], value);
      t.equal(problem === undefined, schemaAccepts, `${name} = ${JSON.stringify(value) ?? 'undefined'}`);
      if (problem !== undefined) t.match(problem, new RegExp(`^${name} must be `), 'the problem names the setting');
    }
  });
}

t.test('the defaults pass', async (t) => {
  t.equal(settingsProblem(DEFAULT_SETTING_VALUES), undefined);
});
